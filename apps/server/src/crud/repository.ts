import { and, count, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { scoped } from '../data/tenant-scope.ts';
import type { AuthedCtx } from '../http/context.ts';
import { notFound } from '../lib/errors.ts';
import type { ServerResource } from './bind.ts';

type Row = Record<string, unknown>;

export interface Repository {
  /** The caller's visible rows narrowed by the given conditions. */
  where(...conds: (SQL | undefined)[]): SQL | undefined;
  count(where: SQL | undefined): Promise<number>;
  select(where: SQL | undefined, order: SQL[], limit: number, offset?: number): Promise<Row[]>;
  /** `lock` holds the row (FOR UPDATE) until the surrounding transaction ends. */
  get(id: number, opts?: { lock?: boolean }): Promise<Row>;
  insert(values: Row): Promise<Row>;
  update(id: number, values: Row): Promise<Row>;
  remove(id: number): Promise<Row>;
}

/** Only the declared columns travel: a table's other columns (hashes, internals) never reach a reply or a file. */
function projection(res: ServerResource): Record<string, PgColumn> {
  return { id: res.id, ...(res.tenantId ? { tenantId: res.tenantId } : {}), ...res.columns };
}

const pick = (res: ServerResource, row: Row): Row =>
  Object.fromEntries(Object.keys(projection(res)).map((k) => [k, row[k]]));

/**
 * The data path of a declared resource. Tenant-scoped resources go through data/tenant-scope.ts and nothing
 * else (the one place scoping happens); platform resources are guarded by platformOnly on their routes.
 * It reads and writes through `ctx.db`, which is the transaction inside writes.ts.
 */
export function repository(ctx: AuthedCtx, res: ServerResource): Repository {
  const db = ctx.db;
  const table = res.table as PgTable & { id: PgColumn; tenantId: PgColumn };
  const cols = projection(res);
  const s = res.tenantId ? scoped(ctx, table, db) : null;
  const where = (...conds: (SQL | undefined)[]) => (s ? s.where(...conds) : and(...conds));
  const byId = (id: number) => where(eq(res.id, id));
  return {
    where,
    async count(w) {
      const [r] = await db.select({ n: count() }).from(table).where(w);
      return Number(r.n);
    },
    async select(w, order, limit, offset = 0) {
      return db
        .select(cols)
        .from(table)
        .where(w)
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
    },
    async get(id, opts) {
      const q = db.select(cols).from(table).where(byId(id)).limit(1);
      const [row] = await (opts?.lock ? q.for('update') : q);
      if (!row) throw notFound();
      return row;
    },
    async insert(values) {
      if (s) return pick(res, await s.insert(values as never));
      const [row] = await db
        .insert(table)
        .values(values as never)
        .returning(cols);
      return row;
    },
    async update(id, values) {
      // A patch that gives no field changes nothing: answer the row as it is.
      if (!Object.values(values).some((v) => v !== undefined)) return this.get(id);
      if (s) return pick(res, await s.update(id, values as never));
      const rows = await db
        .update(table)
        .set(values as never)
        .where(byId(id))
        .returning(cols);
      if (!rows.length) throw notFound();
      return rows[0];
    },
    async remove(id) {
      if (s) return pick(res, await s.remove(id));
      const rows = await db.delete(table).where(byId(id)).returning(cols);
      if (!rows.length) throw notFound();
      return rows[0];
    },
  };
}
