import type { GroupRow } from '@fpy/contracts';
import type { Db } from '@fpy/db';
import { groupMembers, groups, groupTypes, tenants } from '@fpy/db';
import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { AuthedCtx } from '../../../../http/context.ts';
import { tenantCondition } from '../../../../data/tenant-scope.ts';
import { notFound } from '../../../../lib/errors.ts';
import { ADMIN_GROUP_CODE } from '../guards.ts';

export type GroupRecord = typeof groups.$inferSelect;

export const isProtectedGroup = (g: Pick<GroupRecord, 'tenantId' | 'code'>) =>
  g.tenantId !== null && g.code === ADMIN_GROUP_CODE;

export async function selectGroupRows(
  db: Db,
  where: SQL | undefined,
  opts: { orderBy: SQL[]; limit?: number; offset?: number },
): Promise<GroupRow[]> {
  let q = db
    .select({ g: groups, tenantName: tenants.name, typeName: groupTypes.name })
    .from(groups)
    .innerJoin(groupTypes, eq(groupTypes.id, groups.groupTypeId))
    .leftJoin(tenants, eq(tenants.id, groups.tenantId))
    .where(where)
    .orderBy(...opts.orderBy)
    .$dynamic();
  if (opts.limit !== undefined) q = q.limit(opts.limit);
  if (opts.offset) q = q.offset(opts.offset);
  const rows = await q;
  const ids = rows.map((r) => r.g.id);
  const counts = ids.length
    ? await db
        .select({ id: groupMembers.groupId, n: count() })
        .from(groupMembers)
        .where(inArray(groupMembers.groupId, ids))
        .groupBy(groupMembers.groupId)
    : [];
  const byId = new Map(counts.map((c) => [c.id, c.n]));
  return rows.map(({ g, tenantName, typeName }) => ({
    id: g.id,
    tenantId: g.tenantId,
    tenantName,
    groupTypeId: g.groupTypeId,
    groupTypeName: typeName,
    code: g.code,
    name: g.name,
    description: g.description,
    memberCount: byId.get(g.id) ?? 0,
    protected: isProtectedGroup(g),
    createdAt: g.createdAt.toISOString(),
  }));
}

/** A group in the actor's scope (a tenant sees only its own; platform groups only the platform), or 404. */
export async function getGroupRecord(ctx: AuthedCtx, db: Db, id: number, lock = false): Promise<GroupRecord> {
  const q = db
    .select()
    .from(groups)
    .where(and(tenantCondition(ctx, groups.tenantId), eq(groups.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('NOT_FOUND.group');
  return row;
}

export async function getGroupRow(ctx: AuthedCtx, id: number): Promise<GroupRow> {
  const [row] = await selectGroupRows(ctx.db, and(tenantCondition(ctx, groups.tenantId), eq(groups.id, id)), {
    orderBy: [],
  });
  if (!row) throw notFound('NOT_FOUND.group');
  return row;
}
