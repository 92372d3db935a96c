import type { Db } from '@fpy/db';
import { groupMembers, users } from '@fpy/db';
import { asc, eq, inArray } from 'drizzle-orm';
import type { AuthedCtx } from '../../../../http/context.ts';
import { badRequest } from '../../../../lib/errors.ts';
import { assertAdminRemains, assertCanHandOut } from '../guards.ts';
import { getGroupRecord, isProtectedGroup } from './group-rows.ts';
import { withTransaction } from '../../../../lib/write/index.ts';

export const listMembers = (db: Db, groupId: number) =>
  db
    .select({ userId: users.id, username: users.username, name: users.name, status: users.status })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(eq(groupMembers.groupId, groupId))
    .orderBy(asc(users.id));

export async function getMembersVerb(ctx: AuthedCtx, groupId: number) {
  await getGroupRecord(ctx, ctx.db, groupId);
  return listMembers(ctx.db, groupId);
}

/** Replaces the members; they must be users of the group's own company (platform accounts for platform groups). */
export async function setMembersVerb(ctx: AuthedCtx, groupId: number, userIds: number[]) {
  const wanted = [...new Set(userIds)];
  const result = await withTransaction(ctx, async (db) => {
    const g = await getGroupRecord(ctx, db, groupId, true);
    if (wanted.length) {
      const found = await db
        .select({ id: users.id, tenantId: users.tenantId })
        .from(users)
        .where(inArray(users.id, wanted));
      if (found.filter((u) => u.tenantId === g.tenantId).length !== wanted.length) {
        throw badRequest('USER_NOT_FOUND');
      }
    }
    const current = (
      await db.select({ u: groupMembers.userId }).from(groupMembers).where(eq(groupMembers.groupId, groupId))
    ).map((r) => r.u);
    const changed = current.length !== wanted.length || current.some((u) => !wanted.includes(u));
    if (changed) await assertCanHandOut(ctx, db, [groupId]);
    await db.delete(groupMembers).where(eq(groupMembers.groupId, groupId));
    if (wanted.length) await db.insert(groupMembers).values(wanted.map((userId) => ({ groupId, userId })));
    if (isProtectedGroup(g)) await assertAdminRemains(db, g.tenantId);
    return listMembers(db, groupId);
  });
  ctx.invalidateAuthz();
  return result;
}
