import { filterFields, type ResourceMeta } from '@fpy/resources';

type Bound = { toISOString(): string } | null | undefined;

/** Search-form values → the list's query parameters (see FilterKind in @fpy/resources). Empty inputs drop out. */
export function toFilterParams(meta: ResourceMeta, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const keyword = typeof values.keyword === 'string' ? values.keyword.trim() : '';
  if (meta.keyword && keyword) out.keyword = keyword;
  for (const [key, f] of filterFields(meta)) {
    const v = values[key];
    if (v === undefined || v === null || v === '') continue;
    if (f.filter === 'dateRange') {
      const [from, to] = v as [Bound, Bound];
      // Instants travel in UTC with their offset; the server needs no knowledge of the browser's zone.
      if (from) out[`${key}From`] = from.toISOString();
      if (to) out[`${key}To`] = to.toISOString();
    } else if (f.filter === 'range') {
      const [min, max] = v as [number | null, number | null];
      if (min !== null && min !== undefined) out[`${key}Min`] = min;
      if (max !== null && max !== undefined) out[`${key}Max`] = max;
    } else if (typeof v === 'string') {
      if (v.trim()) out[key] = v.trim();
    } else out[key] = v;
  }
  return out;
}
