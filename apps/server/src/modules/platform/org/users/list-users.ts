import type { USER_SORTS, userFilters } from '@fpy/contracts';
import { groupMembers, users } from '@fpy/db';
import { and, desc, eq, gt, ilike, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { AuthedCtx } from '../../../../http/context.ts';
import { likePattern, orderBy } from '../../../../data/paging.ts';
import { tenantCondition } from '../../../../data/tenant-scope.ts';
import { loadDepartments, withDescendants } from '../departments/department-tree.ts';

export type UserFilters = z.output<typeof userFilters>;

/** The WHERE of the list and the export: the actor's scope plus every filter given. */
export async function userConditions(ctx: AuthedCtx, f: UserFilters): Promise<SQL | undefined> {
  const conds: (SQL | undefined)[] = [tenantCondition(ctx, users.tenantId)];
  if (f.tenantId) conds.push(eq(users.tenantId, f.tenantId));
  if (f.keyword) {
    const p = likePattern(f.keyword);
    conds.push(or(ilike(users.username, p), ilike(users.name, p), ilike(users.phone, p)));
  }
  if (f.departmentId) {
    const visible = await loadDepartments(ctx);
    const ids = visible.some((d) => d.id === f.departmentId) ? withDescendants(visible, f.departmentId) : [];
    conds.push(ids.length ? inArray(users.departmentId, ids) : eq(users.id, -1));
  }
  if (f.positionId) conds.push(eq(users.positionId, f.positionId));
  if (f.groupId) {
    conds.push(
      inArray(
        users.id,
        ctx.db
          .select({ id: groupMembers.userId })
          .from(groupMembers)
          .where(eq(groupMembers.groupId, f.groupId)),
      ),
    );
  }
  if (f.status !== undefined) conds.push(eq(users.status, f.status));
  if (f.locked !== undefined) {
    const now = new Date();
    conds.push(
      f.locked ? gt(users.lockedUntil, now) : or(isNull(users.lockedUntil), lte(users.lockedUntil, now)),
    );
  }
  return and(...conds);
}

/** Exactly the keys the contract's sort allowlist names (USER_SORTS): a key added there must be mapped here. */
const SORTABLE: Record<(typeof USER_SORTS)[number], PgColumn> = {
  createdAt: users.createdAt,
  username: users.username,
  name: users.name,
  lastLoginAt: users.lastLoginAt,
  status: users.status,
};

/** `sort=-createdAt` by default; the id breaks ties so pages never overlap. */
export const userOrder = (sort: string | undefined) => [
  orderBy(sort, SORTABLE, desc(users.createdAt)),
  desc(users.id),
];
