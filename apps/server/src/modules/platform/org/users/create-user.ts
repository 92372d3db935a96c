import type { BodyOf, createUser } from '@fpy/contracts';
import type { Db } from '@fpy/db';
import { groupMembers, tenants, users } from '@fpy/db';
import { SuperAdmin } from '@fpy/domain';
import { eq, sql } from 'drizzle-orm';
import type { AuthedCtx } from '../../../../http/context.ts';
import { scoped } from '../../../../data/tenant-scope.ts';
import { badRequest } from '../../../../lib/errors.ts';
import { hashPassword } from '../../../../lib/hash.ts';
import { isUniqueViolation } from '../../../../lib/db-errors.ts';
import { assertCanHandOut } from '../guards.ts';
import { checkUserRefs } from './user-refs.ts';
import { getUserRow } from './user-rows.ts';
import { withTransaction } from '../../../../lib/write/index.ts';

export type NewUser = BodyOf<typeof createUser>;

const taken = (username: string) => badRequest('USERNAME_TAKEN', { username });

/** Usernames are unique platform-wide and case-insensitively, so "Demo" cannot pose as "demo". */
export async function assertUsernameFree(db: Db, username: string) {
  const [dup] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  if (dup) throw taken(username);
}

/**
 * Writes one new user and their memberships into an open transaction (also used row by row by the import).
 * The administrator chose the password, so its state is 'initial': the user is asked to change it.
 */
export async function insertUser(
  ctx: AuthedCtx,
  db: Db,
  tenantId: number,
  input: NewUser,
  passwordHash: string,
) {
  if (ctx.actor.platform) {
    const [t] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId));
    if (!t) throw badRequest('TENANT_NOT_FOUND');
  }
  const groupIds = await checkUserRefs(db, tenantId, input);
  await assertCanHandOut(ctx, db, groupIds);
  await assertUsernameFree(db, input.username);
  let id: number;
  try {
    [{ id }] = await db
      .insert(users)
      .values({
        tenantId,
        username: input.username,
        passwordHash,
        passwordState: 'initial',
        name: input.name,
        phone: input.phone,
        email: input.email,
        description: input.description,
        departmentId: input.departmentId,
        positionId: input.positionId,
        isSuperAdmin: SuperAdmin.None,
      })
      .returning({ id: users.id });
  } catch (e) {
    // Two administrators creating the same name at once: the unique index decides.
    if (isUniqueViolation(e)) throw taken(input.username);
    throw e;
  }
  if (groupIds.length)
    await db.insert(groupMembers).values(groupIds.map((groupId) => ({ groupId, userId: id })));
  return id;
}

export async function createUserVerb(ctx: AuthedCtx, input: NewUser) {
  const tenantId = scoped(ctx, users).tenantFor(input.tenantId);
  // Hash before opening the transaction: scrypt is slow and must not hold a connection.
  const passwordHash = await hashPassword(input.password);
  const id = await withTransaction(ctx, (tx) => insertUser(ctx, tx, tenantId, input, passwordHash));
  ctx.invalidateAuthz();
  return getUserRow(ctx, id);
}
