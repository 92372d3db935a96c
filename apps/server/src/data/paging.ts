import { asc, desc, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** `sort=-createdAt` → ORDER BY created_at DESC, only over the columns a list allows. */
export function orderBy(sort: string | undefined, allowed: Record<string, PgColumn>, fallback: SQL): SQL {
  if (!sort) return fallback;
  const key = sort.replace(/^[-+]/, '');
  const col = allowed[key];
  if (!col) return fallback;
  return sort.startsWith('-') ? desc(col) : asc(col);
}

export const offsetOf = (q: { page: number; limit: number }) => (q.page - 1) * q.limit;

/** LIKE pattern for a user's search text, with % and _ escaped. */
export const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
