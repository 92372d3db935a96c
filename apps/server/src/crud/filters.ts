import { filterFields, sortableKeys } from '@fpy/resources';
import { and, asc, between, desc, eq, gte, ilike, lte, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { likePattern } from '../data/paging.ts';
import type { ServerResource } from './bind.ts';

type Query = Record<string, unknown>;

/** The declared filters present in a parsed query, as SQL conditions (query parsing already validated them). */
export function filterConditions(res: ServerResource, q: Query): SQL | undefined {
  const conds: (SQL | undefined)[] = [];
  if (typeof q.keyword === 'string' && q.keyword && res.keyword.length)
    conds.push(or(...res.keyword.map((col) => ilike(col, likePattern(q.keyword as string)))));
  for (const [key, f] of filterFields(res.meta)) {
    const col = res.columns[key];
    const v = q[key];
    switch (f.filter) {
      case 'text':
        if (typeof v === 'string' && v) conds.push(ilike(col, likePattern(v)));
        break;
      case 'exact':
      case 'select':
        if (v !== undefined && v !== '') conds.push(eq(col, f.type === 'number' ? Number(v) : v));
        break;
      case 'boolean':
        if (v !== undefined) conds.push(eq(col, v === 'true'));
        break;
      case 'range':
        if (q[`${key}Min`] !== undefined) conds.push(gte(col, q[`${key}Min`]));
        if (q[`${key}Max`] !== undefined) conds.push(lte(col, q[`${key}Max`]));
        break;
      case 'dateRange':
        if (q[`${key}From`] instanceof Date) conds.push(gte(col, q[`${key}From`]));
        if (q[`${key}To`] instanceof Date) conds.push(lte(col, q[`${key}To`]));
        break;
      case 'httpStatus':
        if (typeof v === 'string' && v) conds.push(statusCondition(col, v));
        break;
    }
  }
  return and(...conds);
}

/** `404` → equals; `4xx` → 400–499. */
function statusCondition(col: PgColumn, v: string): SQL {
  if (/xx$/i.test(v)) {
    const lo = Number(v[0]) * 100;
    return between(col, lo, lo + 99) as SQL;
  }
  return eq(col, Number(v));
}

/**
 * ORDER BY from `sort=-field`, only over the sortable keys (anything else falls back to the declared default),
 * with id as a tie-breaker so paging never repeats or skips rows that share a value.
 */
export function orderFor(res: ServerResource, sort: string | undefined): SQL[] {
  const allowed = sortableKeys(res.meta);
  const pick = (s: string) => {
    const key = s.replace(/^[-+]/, '');
    if (!allowed.includes(key)) return null;
    const col = key === 'id' ? res.id : res.columns[key];
    return s.startsWith('-') ? desc(col) : asc(col);
  };
  const primary = (sort && pick(sort)) || pick(res.meta.defaultSort) || desc(res.id);
  return [primary, res.meta.defaultSort.startsWith('-') ? desc(res.id) : asc(res.id)];
}
