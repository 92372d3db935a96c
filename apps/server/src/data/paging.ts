import { asc, desc, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * `sort=-createdAt` → ORDER BY created_at DESC, only over the columns a list allows. The contracts already refuse
 * other keys (sortParam); own properties only, so `__proto__` or `constructor` can never name a column here.
 */
export function orderBy(sort: string | undefined, allowed: Record<string, PgColumn>, fallback: SQL): SQL {
  if (!sort) return fallback;
  const key = sort.replace(/^[-+]/, '');
  if (!Object.hasOwn(allowed, key)) return fallback;
  const col = allowed[key];
  return sort.startsWith('-') ? desc(col) : asc(col);
}

export const offsetOf = (q: { page: number; limit: number }) => (q.page - 1) * q.limit;

/** LIKE pattern for a user's search text, with % and _ escaped. */
export const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
