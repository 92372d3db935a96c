import type { UserRow } from '@fpy/contracts';
import type { Db } from '@fpy/db';
import { departments, groupMembers, groups, positions, tenants, users } from '@fpy/db';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { AuthedCtx } from '../../../../http/context.ts';
import { tenantCondition } from '../../../../data/tenant-scope.ts';
import { notFound } from '../../../../lib/errors.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Users with their company, department, position and groups, shaped as the list shows them. */
export async function selectUserRows(
  db: Db,
  where: SQL | undefined,
  opts: { orderBy?: SQL[]; limit?: number; offset?: number } = {},
): Promise<UserRow[]> {
  let q = db
    .select({
      u: users,
      tenantName: tenants.name,
      departmentName: departments.name,
      positionName: positions.name,
    })
    .from(users)
    .leftJoin(tenants, eq(tenants.id, users.tenantId))
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .leftJoin(positions, eq(positions.id, users.positionId))
    .where(where)
    .orderBy(...(opts.orderBy ?? [asc(users.id)]))
    .$dynamic();
  if (opts.limit !== undefined) q = q.limit(opts.limit);
  if (opts.offset) q = q.offset(opts.offset);
  const rows = await q;
  const ids = rows.map((r) => r.u.id);
  const memberships = ids.length
    ? await db
        .select({ userId: groupMembers.userId, id: groups.id, code: groups.code, name: groups.name })
        .from(groupMembers)
        .innerJoin(groups, eq(groups.id, groupMembers.groupId))
        .where(inArray(groupMembers.userId, ids))
        .orderBy(asc(groups.id))
    : [];
  const byUser = new Map<number, UserRow['groups']>();
  for (const m of memberships)
    byUser.set(m.userId, [...(byUser.get(m.userId) ?? []), { id: m.id, code: m.code, name: m.name }]);
  const now = Date.now();
  return rows.map(({ u, tenantName, departmentName, positionName }) => ({
    id: u.id,
    tenantId: u.tenantId,
    tenantName,
    username: u.username,
    name: u.name,
    phone: u.phone,
    email: u.email,
    description: u.description,
    departmentId: u.departmentId,
    departmentName,
    positionId: u.positionId,
    positionName,
    groups: byUser.get(u.id) ?? [],
    status: u.status,
    locked: !!u.lockedUntil && u.lockedUntil.getTime() > now,
    lockedUntil: u.lockedUntil && u.lockedUntil.getTime() > now ? u.lockedUntil.toISOString() : null,
    isSuperAdmin: u.isSuperAdmin,
    passwordState: u.passwordState,
    lastLoginAt: iso(u.lastLoginAt),
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
  }));
}

/** One user in the actor's scope, or 404 (another company's user is "not found", never "forbidden"). */
export async function getUserRow(ctx: AuthedCtx, id: number, db: Db = ctx.db): Promise<UserRow> {
  const [row] = await selectUserRows(db, and(tenantCondition(ctx, users.tenantId), eq(users.id, id)));
  if (!row) throw notFound('NOT_FOUND.user');
  return row;
}
