import { approveInvoiceRequests, listInvoiceRequests, rejectInvoiceRequests } from '@fpy/contracts';
import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import { type CallQuery, call } from '../../../lib/http.ts';

export type RequestQuery = CallQuery<typeof listInvoiceRequests>;

export const requestKeys = { all: ['invoice-requests'] as const };

export const requestsQuery = (q: RequestQuery) =>
  queryOptions({
    queryKey: ['invoice-requests', 'list', q],
    queryFn: ({ signal }) => call(listInvoiceRequests, { query: q, signal }),
    placeholderData: keepPreviousData,
    // Buyers ask and invoices issue on their own: the list refreshes while the page is open.
    refetchInterval: 10_000,
  });

export const approve = (ids: number[]) => call(approveInvoiceRequests, { body: { ids } });
export const reject = (ids: number[], reason: string) =>
  call(rejectInvoiceRequests, { body: { ids, reason } });
export const refreshRequests = (qc: QueryClient) => qc.invalidateQueries({ queryKey: requestKeys.all });
