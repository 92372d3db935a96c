import {
  createScanOrder,
  getOrderWindow,
  getScanOrder,
  importScanOrders,
  listScanOrders,
  saveOrderWindow,
  voidScanOrder,
} from '@fpy/contracts';
import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import { type CallBody, type CallQuery, call } from '../../../lib/http.ts';

export type OrderQuery = CallQuery<typeof listScanOrders>;

export const orderKeys = {
  all: ['scan-orders'] as const,
  list: (q: OrderQuery) => ['scan-orders', 'list', q] as const,
  one: (id: number) => ['scan-orders', 'one', id] as const,
  window: ['scan-orders', 'window'] as const,
};

/** Buyers act on their own: the list refreshes while the page is open. */
const REFRESH_MS = 15_000;

export const ordersQuery = (q: OrderQuery) =>
  queryOptions({
    queryKey: orderKeys.list(q),
    queryFn: ({ signal }) => call(listScanOrders, { query: q, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });

export const orderQuery = (id: number) =>
  queryOptions({
    queryKey: orderKeys.one(id),
    queryFn: ({ signal }) => call(getScanOrder, { params: { id }, signal }),
  });

export const windowQuery = queryOptions({
  queryKey: orderKeys.window,
  queryFn: ({ signal }) => call(getOrderWindow, { signal }),
});

export const createOrder = (body: CallBody<typeof createScanOrder>) => call(createScanOrder, { body });
export const voidOrder = (id: number, reason: string) =>
  call(voidScanOrder, { params: { id }, body: { reason } });
export const importOrders = (body: FormData) => call(importScanOrders, { body });
export const saveWindow = (body: CallBody<typeof saveOrderWindow>) => call(saveOrderWindow, { body });

export const refreshOrders = (qc: QueryClient) => qc.invalidateQueries({ queryKey: orderKeys.all });
