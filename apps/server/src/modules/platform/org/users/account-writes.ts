import type { Db } from '@fpy/db';
import { users } from '@fpy/db';
import { SuperAdmin } from '@fpy/domain';
import { eq, sql } from 'drizzle-orm';

/**
 * The writes other modules make to an account, all here: org is the one writer of `users` (issue 29 §4). Each
 * takes the caller's `db` — its transaction when it has one — and changes exactly what it names.
 */

/** auth: one more wrong password, counted atomically so concurrent attempts all count; the new count. */
export async function countFailedLogin(db: Db, userId: number): Promise<number> {
  const [after] = await db
    .update(users)
    .set({ failedLogins: sql`${users.failedLogins} + 1` })
    .where(eq(users.id, userId))
    .returning({ failed: users.failedLogins });
  return after.failed;
}

/** auth: the account is locked until `until`, and the failures start again from zero. */
export async function lockAccount(db: Db, userId: number, until: Date) {
  await db.update(users).set({ lockedUntil: until, failedLogins: 0 }).where(eq(users.id, userId));
}

/** auth: a successful login clears the failures and a lock and stamps the time. */
export async function stampLogin(db: Db, userId: number, at: Date) {
  await db
    .update(users)
    .set({ failedLogins: 0, lockedUntil: null, lastLoginAt: at })
    .where(eq(users.id, userId));
}

/** auth: a password the user chose themselves (changed, or set with a forgotten-password code): state 'ok', no lock. */
export async function setOwnPasswordHash(db: Db, userId: number, passwordHash: string, at: Date) {
  await db
    .update(users)
    .set({ passwordHash, passwordState: 'ok', passwordChangedAt: at, failedLogins: 0, lockedUntil: null })
    .where(eq(users.id, userId));
}

/** self: the caller's own name (unchanged when not given) and contacts (self has checked a changed contact). */
export async function updateOwnProfile(
  db: Db,
  userId: number,
  profile: { name?: string; phone: string | null; email: string | null },
) {
  await db
    .update(users)
    .set({ name: profile.name, phone: profile.phone, email: profile.email })
    .where(eq(users.id, userId));
}

export interface TenantAdminAccount {
  username: string;
  passwordHash: string;
  /** 'initial' when a platform administrator chose it, 'ok' when the person registered themselves. */
  passwordState: 'initial' | 'ok';
  name: string;
  phone?: string | null;
  email?: string | null;
}

/**
 * base: the administrator of a new company (isSuperAdmin 1), in the transaction that creates the company; the
 * unique index on usernames decides a race (the caller maps its violation). The new user's id.
 */
export async function insertTenantAdmin(db: Db, tenantId: number, admin: TenantAdminAccount) {
  const [u] = await db
    .insert(users)
    .values({
      tenantId,
      username: admin.username,
      passwordHash: admin.passwordHash,
      passwordState: admin.passwordState,
      passwordChangedAt: admin.passwordState === 'ok' ? new Date() : null,
      name: admin.name,
      phone: admin.phone || null,
      email: admin.email || null,
      isSuperAdmin: SuperAdmin.TenantAdmin,
    })
    .returning({ id: users.id });
  return u.id;
}

/**
 * Reactions to an account losing its sessions (disabled, password reset by an administrator, deleted), run in
 * org's transaction before the change commits: auth registers the revocation of the user's tokens, so org does
 * not import auth (auth asks org for its writes to users). Kept in a Set: a second app in one process adds nothing.
 */
export type SessionsEndHook = (db: Db, userId: number) => Promise<unknown>;
const sessionsEnd = new Set<SessionsEndHook>();

export function onUserSessionsEnd(hook: SessionsEndHook) {
  sessionsEnd.add(hook);
}

export async function endUserSessions(db: Db, userId: number) {
  for (const hook of sessionsEnd) await hook(db, userId);
}
