import { taxCodeByCode, taxCodeJobResult, taxCodeListByPid, taxCodeTree } from '@fpy/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/http.ts';

/** Everything about the national table shares this key prefix: a sync invalidates it all. */
export const TAX_CODES_KEY = 'taxCodes';

export const childrenQuery = (pid?: string) =>
  queryOptions({
    queryKey: [TAX_CODES_KEY, 'children', pid ?? null],
    queryFn: () => call(taxCodeTree, { query: pid ? { pid } : {} }),
    staleTime: 5 * 60_000,
  });

export const searchQuery = (keyword: string) =>
  queryOptions({
    queryKey: [TAX_CODES_KEY, 'search', keyword],
    queryFn: () => call(taxCodeListByPid, { query: { keyword, limit: 50 } }),
    enabled: keyword.length > 0,
    staleTime: 60_000,
  });

export const detailQuery = (code: string | null) =>
  queryOptions({
    queryKey: [TAX_CODES_KEY, 'detail', code],
    queryFn: () => call(taxCodeByCode, { query: { bm: code as string } }),
    enabled: !!code,
  });

export const lastJobQuery = queryOptions({
  queryKey: [TAX_CODES_KEY, 'lastJob'],
  queryFn: () => call(taxCodeJobResult),
});
