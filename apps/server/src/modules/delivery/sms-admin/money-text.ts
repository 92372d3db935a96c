import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** Integer fen as yuan text, exactly (integer division and remainder, never a float): 12345 → '123.45'. */
export const yuanText = (fen: PgColumn): SQL<string | null> =>
  sql<
    string | null
  >`case when ${fen} is null then null else (${fen} / 100)::text || '.' || lpad((${fen} % 100)::text, 2, '0') end`;
