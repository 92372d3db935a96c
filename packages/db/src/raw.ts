import type { PGlite } from '@electric-sql/pglite';
import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './client.ts';

/**
 * Hand-written statements for the few hot paths where building SQL through the query builder costs more
 * than the database's own work (accepting an invoice: one statement instead of seven builder queries).
 * The text is fixed, so PostgreSQL prepares it once per connection; rows cross as JSON and are mapped
 * back to the builder's row shapes from the table declarations, so the schema is still declared once.
 */
export interface Statement {
  /** Unique per text: node-postgres prepares named statements once per connection. */
  name: string;
  text: string;
}

interface ColumnInfo {
  key: string;
  name: string;
  isDate: boolean;
}

const columnCache = new WeakMap<PgTable, ColumnInfo[]>();

function columnsOf(table: PgTable): ColumnInfo[] {
  let cols = columnCache.get(table);
  if (!cols) {
    cols = Object.entries(getTableColumns(table)).map(([key, c]) => ({
      key,
      name: c.name,
      isDate: c.columnType === 'PgTimestamp',
    }));
    columnCache.set(table, cols);
  }
  return cols;
}

/** The database name of each of `keys` (property names of the table's declaration), in order. */
export function columnNames(table: PgTable, keys: readonly string[]): string[] {
  const byKey = new Map(columnsOf(table).map((c) => [c.key, c.name]));
  return keys.map((k) => {
    const name = byKey.get(k);
    if (!name) throw new Error(`${getTableName(table)} has no column ${k}`);
    return name;
  });
}

/** Insert values keyed by database column name, for jsonb_populate_record(NULL::<table>, $n::jsonb). */
export function rowToJson(table: PgTable, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of columnsOf(table)) {
    const v = values[c.key];
    if (v !== undefined) out[c.name] = v instanceof Date ? v.toISOString() : v;
  }
  return out;
}

/** A row of `to_jsonb(<table row>)` as the query builder would have returned it. */
export function rowFromJson<T extends PgTable>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const out: Record<string, unknown> = {};
  for (const c of columnsOf(table)) {
    const v = json[c.name];
    out[c.key] = v == null ? null : c.isDate ? new Date(v as string) : v;
  }
  return out as T['$inferSelect'];
}

/**
 * Runs one statement on the driver's client beneath `db`: the pool, or the connection of the builder
 * transaction `db` is. A single statement is atomic by itself. JSON parameters are passed as strings and
 * cast in the text.
 */
export async function runStatement<R>(db: Db, stmt: Statement, values: unknown[]): Promise<R[]> {
  const handle = db as unknown as { $client?: unknown; session?: { client?: unknown } };
  const client = handle.$client ?? handle.session?.client;
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    const res = await client.query({ name: stmt.name, text: stmt.text, values });
    return res.rows as R[];
  }
  // PGlite, or one of its transactions: both answer query(text, params).
  if (client && typeof (client as PGliteQuery).query === 'function') {
    const res = await (client as PGliteQuery).query<R>(stmt.text, values);
    return res.rows;
  }
  throw new Error('runStatement: no database client beneath this handle');
}

type PGliteQuery = Pick<PGlite, 'query'>;
