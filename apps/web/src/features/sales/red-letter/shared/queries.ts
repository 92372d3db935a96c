import { getRedForm } from '@fpy/contracts';
import { ANSWERED_STATUSES, type InvoiceStatus } from '@fpy/domain';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../../lib/http.ts';

/** Red invoice states after which nothing moves on its own. */
export const SETTLED_INVOICE: readonly InvoiceStatus[] = ANSWERED_STATUSES;

/** One form, re-read every 2 s while it waits for the other party or its red invoice is on its way. */
export const redFormQuery = (id: number) =>
  queryOptions({
    queryKey: ['red-letter', 'form', id],
    queryFn: ({ signal }) => call(getRedForm, { params: { id }, signal }),
    refetchInterval: (q) => {
      const f = q.state.data;
      if (!f) return false;
      const waiting = f.state === 'applying' || f.state === 'pending_buyer' || f.state === 'pending_seller';
      const inFlight = f.redInvoice && !SETTLED_INVOICE.includes(f.redInvoice.status);
      return waiting || inFlight ? 2000 : false;
    },
  });
