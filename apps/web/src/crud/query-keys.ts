import { type ResourceMeta, resourceContracts } from '@fpy/resources';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../lib/http.ts';

/** One key factory per resource; every key starts with ['resource', name] so a mutation invalidates by prefix. */
export const resourceKeys = (name: string) => ({
  all: ['resource', name] as const,
  list: (params: Record<string, unknown>) => ['resource', name, 'list', params] as const,
  detail: (id: number) => ['resource', name, 'detail', id] as const,
});

export type ResourceRow = { id: number; tenantId?: number | null } & Record<string, unknown>;
export interface ResourcePageData {
  rows: ResourceRow[];
  total: number;
}

export function listQueryOptions(meta: ResourceMeta, params: Record<string, unknown>) {
  const c = resourceContracts(meta);
  return queryOptions({
    queryKey: resourceKeys(meta.name).list(params),
    queryFn: ({ signal }) => call(c.list!, { query: params, signal }) as Promise<ResourcePageData>,
    // Keep the old page on screen while the next one loads, so the table does not flash empty.
    placeholderData: keepPreviousData,
    enabled: !!c.list,
  });
}

/** Dictionaries change rarely; every select that uses one shares this cache entry. */
export const dictKeys = { all: ['dict'] as const, type: (code: string) => ['dict', code] as const };
