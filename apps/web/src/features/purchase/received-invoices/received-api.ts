import {
  exportReceivedInvoices,
  getReceivedInvoice,
  listReceivedInvoices,
  receivedSyncStatus,
  syncReceivedInvoices,
  zipReceivedInvoices,
} from '@fpy/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type CallQuery, call, download } from '../../../lib/http.ts';

export type ReceivedQuery = CallQuery<typeof listReceivedInvoices>;
export type ReceivedExportQuery = CallQuery<typeof exportReceivedInvoices>;

export const receivedKeys = { all: ['purchase-received'] as const };

export const listQuery = (q: ReceivedQuery) =>
  queryOptions({
    queryKey: [...receivedKeys.all, 'list', q],
    queryFn: ({ signal }) => call(listReceivedInvoices, { query: q, signal }),
    placeholderData: keepPreviousData,
  });

export const detailQuery = (id: number) =>
  queryOptions({
    queryKey: [...receivedKeys.all, 'detail', id],
    queryFn: ({ signal }) => call(getReceivedInvoice, { params: { id }, signal }),
  });

export const syncStatusQuery = () =>
  queryOptions({
    queryKey: [...receivedKeys.all, 'sync'],
    queryFn: ({ signal }) => call(receivedSyncStatus, { signal }),
  });

export const syncNow = () => call(syncReceivedInvoices, {});
export const exportList = (query: ReceivedExportQuery) => download(exportReceivedInvoices, { query });
export const downloadFiles = (ids: number[]) =>
  download(zipReceivedInvoices, { body: { ids, formats: ['pdf', 'xml'] } });
