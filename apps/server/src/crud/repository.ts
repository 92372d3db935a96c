import { and, count, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { scoped } from '../data/tenant-scope.ts';
import type { AuthedCtx } from '../http/context.ts';
import { notFound } from '../lib/errors.ts';
import type { ServerResource } from './bind.ts';
import { scopeCondition } from './scope.ts';

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

/** The projection without joined fields: what the resource's own table can return from a write. */
function ownColumns(res: ServerResource): Record<string, PgColumn> {
  const mine = new Set(Object.values(getTableColumns(res.table)));
  return Object.fromEntries(Object.entries(projection(res)).filter(([, c]) => mine.has(c)));
}

const pick = (res: ServerResource, row: Row): Row =>
  Object.fromEntries(Object.keys(projection(res)).map((k) => [k, row[k]]));

/**
 * The data path of a declared resource. Which rows a caller sees is decided by crud/scope.ts alone (the tenant
 * condition of data/tenant-scope.ts, widened for an agent's companies where the resource declares it); new
 * rows take their tenant from data/tenant-scope.ts. Platform resources are guarded by platformOnly on their
 * routes. It reads and writes through `ctx.db`, which is the transaction inside writes.ts.
 */
export function repository(ctx: AuthedCtx, res: ServerResource): Repository {
  const db = ctx.db;
  const table = res.table as PgTable & { id: PgColumn; tenantId: PgColumn };
  const cols = projection(res);
  // A write returns the resource's own columns; a joined or computed field is read back through get().
  const own = ownColumns(res);
  const reread = Object.keys(own).length < Object.keys(cols).length;
  const s = res.tenantId ? scoped(ctx, table, db) : null;
  const visible = scopeCondition(ctx, res);
  const where = (...conds: (SQL | undefined)[]) => and(visible, res.where, ...conds);
  // A row never moves to another company through an update, whatever the body says.
  const patchable = (values: Row) => {
    const { tenantId: _t, id: _id, ...rest } = values;
    return rest;
  };
  const byId = (id: number) => where(eq(res.id, id));
  const from = <F extends Record<string, unknown>>(fields: F) => {
    const q = db
      .select(fields as Record<string, PgColumn>)
      .from(table)
      .$dynamic();
    if (!res.join) return q;
    return res.join.left ? q.leftJoin(res.join.table, res.join.on) : q.innerJoin(res.join.table, res.join.on);
  };
  const written = async (row: Row) => (reread ? this_.get(row.id as number) : pick(res, row));
  const this_: Repository = {
    where,
    async count(w) {
      const [r] = await from({ n: count() }).where(w);
      return Number(r.n);
    },
    async select(w, order, limit, offset = 0) {
      return from(cols)
        .where(w)
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
    },
    async get(id, opts) {
      const q = from(cols).where(byId(id)).limit(1);
      // Only the resource's own row is held; a joined row (the commodity) is its own module's to lock.
      const [row] = await (opts?.lock ? q.for('update', { of: table }) : q);
      if (!row) throw notFound();
      return row;
    },
    async insert(values) {
      if (s) return written(await s.insert(values as never));
      const [row] = await db
        .insert(table)
        .values(values as never)
        .returning(own);
      return written(row);
    },
    async update(id, values) {
      // A patch that gives no field changes nothing: answer the row as it is.
      const patch = s ? patchable(values) : values;
      if (!Object.values(patch).some((v) => v !== undefined)) return this_.get(id);
      const rows = await db
        .update(table)
        .set(patch as never)
        .where(byId(id))
        .returning(own);
      if (!rows.length) throw notFound();
      return written(rows[0]);
    },
    async remove(id) {
      const rows = await db.delete(table).where(byId(id)).returning(own);
      if (!rows.length) throw notFound();
      return rows[0];
    },
  };
  return this_;
}
