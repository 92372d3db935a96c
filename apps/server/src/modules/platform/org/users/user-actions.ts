import { type BodyOf, providedOf, type updateUser } from '@fpy/contracts';
import { groupMembers, users } from '@fpy/db';
import { RecordStatus } from '@fpy/domain';
import { eq } from 'drizzle-orm';
import type { AuthedCtx } from '../../../../http/context.ts';
import { scoped } from '../../../../data/tenant-scope.ts';
import type { Db } from '@fpy/db';
import { badRequest } from '../../../../lib/errors.ts';
import { hashPassword } from '../../../../lib/hash.ts';
import { assertAdminRemains, assertCanHandOut, assertManageable } from '../guards.ts';
import { checkUserRefs } from './user-refs.ts';
import { getUserRow } from './user-rows.ts';
import { withTransaction } from '../../../../lib/write/index.ts';
import { endUserSessions } from './account-writes.ts';

/** Loads the target in scope (404 otherwise) and refuses acting on an account that holds more than the actor. */
async function target(ctx: AuthedCtx, db: Db, id: number) {
  const user = await scoped(ctx, users, db).get(id);
  await assertManageable(ctx, db, user);
  return user;
}

function notSelf(ctx: AuthedCtx, id: number, key: 'SELF_DISABLE' | 'SELF_RESET' | 'SELF_DELETE') {
  if (ctx.actor.userId === id) throw badRequest(key);
}

/** Every user action ends the same way: commit, drop cached actors and profiles, answer with the fresh row. */
async function inTx(ctx: AuthedCtx, id: number, work: (db: Db) => Promise<unknown>) {
  await withTransaction(ctx, (tx) => work(tx));
  ctx.invalidateAuthz();
  return getUserRow(ctx, id);
}

/** Writes only the fields the request gave: a name-only edit leaves phone, e-mail, department and position. */
export const updateUserVerb = (ctx: AuthedCtx, id: number, input: BodyOf<typeof updateUser>) =>
  inTx(ctx, id, async (db) => {
    const user = await target(ctx, db, id);
    const changes = providedOf(input);
    await checkUserRefs(db, user.tenantId, changes);
    await scoped(ctx, users, db).update(id, changes);
  });

export const setStatusVerb = (ctx: AuthedCtx, id: number, status: 0 | 1) =>
  inTx(ctx, id, async (db) => {
    if (status === RecordStatus.Disabled) notSelf(ctx, id, 'SELF_DISABLE');
    const user = await target(ctx, db, id);
    await db.update(users).set({ status }).where(eq(users.id, id));
    // Old sessions must not come back to life when the account is enabled again.
    if (status === RecordStatus.Disabled) await endUserSessions(db, id);
    await assertAdminRemains(db, user.tenantId);
  });

export const unlockVerb = (ctx: AuthedCtx, id: number) =>
  inTx(ctx, id, async (db) => {
    await scoped(ctx, users, db).update(id, { failedLogins: 0, lockedUntil: null });
  });

/** An administrator-set password is state 'reset' (the user must change it) and ends every session of the user. */
export async function resetPasswordVerb(ctx: AuthedCtx, id: number, password: string) {
  notSelf(ctx, id, 'SELF_RESET');
  const passwordHash = await hashPassword(password);
  await inTx(ctx, id, async (db) => {
    await target(ctx, db, id);
    await db
      .update(users)
      .set({
        passwordHash,
        passwordState: 'reset',
        passwordChangedAt: new Date(),
        failedLogins: 0,
        lockedUntil: null,
      })
      .where(eq(users.id, id));
    await endUserSessions(db, id);
  });
}

export const assignGroupsVerb = (ctx: AuthedCtx, id: number, groupIds: number[]) =>
  inTx(ctx, id, async (db) => {
    const user = await target(ctx, db, id);
    const wanted = await checkUserRefs(db, user.tenantId, { groupIds });
    const current = (
      await db.select({ g: groupMembers.groupId }).from(groupMembers).where(eq(groupMembers.userId, id))
    ).map((r) => r.g);
    const changed = [
      ...wanted.filter((g) => !current.includes(g)),
      ...current.filter((g) => !wanted.includes(g)),
    ];
    await assertCanHandOut(ctx, db, changed);
    await db.delete(groupMembers).where(eq(groupMembers.userId, id));
    if (wanted.length)
      await db.insert(groupMembers).values(wanted.map((groupId) => ({ groupId, userId: id })));
    await assertAdminRemains(db, user.tenantId);
  });

export async function deleteUserVerb(ctx: AuthedCtx, id: number) {
  notSelf(ctx, id, 'SELF_DELETE');
  await withTransaction(ctx, async (db) => {
    const user = await target(ctx, db, id);
    await db.delete(groupMembers).where(eq(groupMembers.userId, id));
    await endUserSessions(db, id);
    await db.delete(users).where(eq(users.id, id));
    await assertAdminRemains(db, user.tenantId);
  });
  ctx.invalidateAuthz();
}
