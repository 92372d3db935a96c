import { getInvoiceBatch, type InvoiceBatchDetail } from '@fpy/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/http.ts';

/** Every query of this page lives under this key: an upload or an issue invalidates the lot. */
export const BATCH_KEY = 'invoice-batches';

/** A running batch is polled every second until it is done (issue 4 §3: progress without a manual refresh). */
export const batchQuery = (id: number) =>
  queryOptions({
    queryKey: [BATCH_KEY, 'detail', id],
    queryFn: ({ signal }) => call(getInvoiceBatch, { params: { id }, signal }),
    refetchInterval: (q) =>
      (q.state.data as InvoiceBatchDetail | undefined)?.status === 'running' ? 1000 : false,
  });
