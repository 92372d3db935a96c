import { getScanInvoiceSettings, getScanTitleSettings } from '@fpy/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/http.ts';

export const titleKeys = {
  scanTitle: ['selfServiceTitles', 'scanTitle'] as const,
  scanInvoice: ['selfServiceTitles', 'scanInvoice'] as const,
};

export const scanTitleQuery = queryOptions({
  queryKey: titleKeys.scanTitle,
  queryFn: ({ signal }) => call(getScanTitleSettings, { signal }),
});
export const scanInvoiceQuery = queryOptions({
  queryKey: titleKeys.scanInvoice,
  queryFn: ({ signal }) => call(getScanInvoiceSettings, { signal }),
});

/** Refusals are shown by call()'s error policy; the form just stops waiting. */
export const ignore = () => {};
