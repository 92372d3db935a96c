import type { Db } from '@fpy/db';
import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuthedCtx } from '../http/context.ts';
import { badRequest, notFound } from '../lib/errors.ts';

/**
 * The one place tenant scoping happens. Every read and write of a tenant-owned table goes through
 * `scoped(ctx, table)`: a tenant user only ever sees and changes rows of their own tenant; platform
 * accounts see all tenants and must name the tenant when creating rows. A row of another tenant
 * is answered as "not found", never as "forbidden", so ids do not leak.
 */
type TenantTable = PgTable & { id: PgColumn; tenantId: PgColumn };

/** Platform accounts (isSuperAdmin 2 or 3) belong to no company; what they may touch is decided by their codes. */
const isPlatformLevel = (ctx: AuthedCtx) => ctx.actor.platform || ctx.actor.tenantId === null;

export function tenantCondition(ctx: AuthedCtx, column: PgColumn): SQL | undefined {
  if (isPlatformLevel(ctx)) return undefined;
  return eq(column, ctx.actor.tenantId!);
}

export function scoped<T extends TenantTable>(ctx: AuthedCtx, table: T, db: Db = ctx.db) {
  const tenantWhere = (...conds: (SQL | undefined)[]) => and(tenantCondition(ctx, table.tenantId), ...conds);
  const byId = (id: number) => tenantWhere(eq(table.id, id));
  return {
    where: tenantWhere,
    /** The tenant new rows belong to: the actor's own, or (platform only) the one named. */
    tenantFor(requested?: number | null): number {
      if (!isPlatformLevel(ctx)) return ctx.actor.tenantId!;
      if (!requested) throw badRequest('TENANT_REQUIRED');
      return requested;
    },
    async get(id: number): Promise<T['$inferSelect']> {
      const [row] = await db
        .select()
        .from(table as PgTable)
        .where(byId(id))
        .limit(1);
      if (!row) throw notFound();
      return row as T['$inferSelect'];
    },
    async update(id: number, values: Partial<T['$inferInsert']>): Promise<T['$inferSelect']> {
      const { tenantId: _ignored, id: _id, ...rest } = values as Record<string, unknown>;
      // An update gives only the fields that change (patch bodies); with none there is nothing to write.
      if (!Object.values(rest).some((v) => v !== undefined)) return this.get(id);
      const rows = await db
        .update(table)
        .set(rest as never)
        .where(byId(id))
        .returning();
      if (!(rows as unknown[]).length) throw notFound();
      return (rows as T['$inferSelect'][])[0];
    },
    async remove(id: number): Promise<T['$inferSelect']> {
      const rows = await db.delete(table).where(byId(id)).returning();
      if (!(rows as unknown[]).length) throw notFound();
      return (rows as T['$inferSelect'][])[0];
    },
    async insert(
      values: Omit<T['$inferInsert'], 'tenantId'> & { tenantId?: number | null },
    ): Promise<T['$inferSelect']> {
      const row = { ...values, tenantId: this.tenantFor(values.tenantId ?? null) };
      const rows = await db
        .insert(table)
        .values(row as never)
        .returning();
      return (rows as T['$inferSelect'][])[0];
    },
  };
}
