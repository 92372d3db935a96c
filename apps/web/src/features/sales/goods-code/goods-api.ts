import { allowedRates, listCommodities, nextOwnCode, taxCodeTree } from '@fpy/contracts';
import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import { type CallQuery, call } from '../../../lib/http.ts';

/** Every key starts with 'goods': a save or delete invalidates the whole prefix (list, next own code). */
export const goodsKeys = {
  all: ['goods'] as const,
  list: (q: object) => ['goods', 'list', q] as const,
  nextOwnCode: ['goods', 'next-own-code'] as const,
  rates: (code: string) => ['goods', 'rates', code] as const,
  tree: (pid: string | null) => ['goods', 'tree', pid] as const,
};

export const refreshGoods = (qc: QueryClient) => qc.invalidateQueries({ queryKey: goodsKeys.all });

export type CommodityQuery = CallQuery<typeof listCommodities>;

export const commoditiesQuery = (q: CommodityQuery) =>
  queryOptions({
    queryKey: goodsKeys.list(q),
    queryFn: ({ signal }) => call(listCommodities, { query: q, signal }),
    placeholderData: keepPreviousData,
  });

export const nextOwnCodeQuery = queryOptions({
  queryKey: goodsKeys.nextOwnCode,
  queryFn: () => call(nextOwnCode),
  staleTime: 0,
});

/** The rates and policies a tax code allows (yhzcsl); only asked once a code is chosen. */
export const ratesQuery = (code: string) =>
  queryOptions({
    queryKey: goodsKeys.rates(code),
    queryFn: () => call(allowedRates, { query: { spbm: code } }),
    staleTime: 10 * 60_000,
    enabled: /^\d{19}$/.test(code),
  });

/** One level of the national tax-code tree (lazy: the tree loads a level when it is opened). */
export const treeLevelQuery = (pid: string | null) =>
  queryOptions({
    queryKey: goodsKeys.tree(pid),
    queryFn: () => call(taxCodeTree, { query: pid ? { pid } : {} }),
    staleTime: 30 * 60_000,
  });
