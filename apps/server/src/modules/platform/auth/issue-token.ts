import type { Db } from '@fpy/db';
import { accessTokens, tenants, users } from '@fpy/db';
import { RecordStatus } from '@fpy/domain';
import { eq } from 'drizzle-orm';
import type { Ctx } from '../../../http/context.ts';
import { badRequest } from '../../../lib/errors.ts';
import { hashPassword, newToken, sha256, verifyPassword } from '../../../lib/hash.ts';
import { countFailedLogin, lockAccount, stampLogin } from '../org/index.ts';

export const MAX_FAILED_LOGINS = 5;
/** Exactly the message of spec §5; the web app shows it too. */
export const WRONG_CREDENTIALS = '账户或密码错误，连续输错5次后账户将被锁定';

function formatShanghai(d: Date) {
  return new Intl.DateTimeFormat('zh-CN', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  })
    .format(d)
    .replace(/\//g, '-');
}

export async function createToken(
  db: Db,
  user: { id: number; tenantId: number | null },
  clientId: string,
  ttl: number,
  ctx: Ctx,
) {
  const token = newToken();
  await db.insert(accessTokens).values({
    tokenHash: sha256(token),
    userId: user.id,
    tenantId: user.tenantId,
    clientId,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    expiresAt: new Date(Date.now() + ttl * 1000),
  });
  return token;
}

const lockedError = (until: Date, justLocked: boolean) =>
  badRequest(
    justLocked ? 'ACCOUNT_LOCKED.just_now' : 'ACCOUNT_LOCKED',
    { max: MAX_FAILED_LOGINS, until: formatShanghai(until) },
    { lockedUntil: until.toISOString() },
  );

const wrongCredentials = (failed: number) =>
  badRequest('BAD_CREDENTIALS', undefined, { remaining: MAX_FAILED_LOGINS - failed });

/**
 * Hash of a random password made with the same function and parameters as real ones, so an unknown name costs
 * the same scrypt as a real account. Made once at start-up, not on the first unknown name.
 */
const dummyPasswordHash = hashPassword(newToken());

/** How long the failures of a name that is no account are remembered (a real account's never expire). */
const UNKNOWN_FAILURES_TTL_SECONDS = 24 * 3600;

/**
 * A name that is no account answers exactly as an account would: the same scrypt work against a dummy hash, the
 * same `remaining` countdown, and after five failures the same lock with the same message and time. Its
 * failures and lock are limiters (Redis when configured, shared by every server process), so a guesser cannot
 * tell it from a real account by the lock, whichever instance answers.
 */
async function refuseUnknownAccount(ctx: Ctx, username: string, password: string): Promise<never> {
  const key = sha256(username);
  const failures = ctx.limiter('login-unknown', MAX_FAILED_LOGINS, UNKNOWN_FAILURES_TTL_SECONDS);
  const lock = ctx.limiter('login-unknown-lock', 1, ctx.config.LOCK_MINUTES * 60);
  const lockedMs = await lock.blockedMs(key);
  if (lockedMs > 0) throw lockedError(new Date(Date.now() + lockedMs), false);
  await verifyPassword(password, await dummyPasswordHash);
  const { consumed } = await failures.consume(key);
  if (consumed >= MAX_FAILED_LOGINS) {
    const until = new Date(Date.now() + ctx.config.LOCK_MINUTES * 60_000);
    await lock.block(key);
    await failures.reset(key);
    throw lockedError(until, true);
  }
  throw wrongCredentials(consumed);
}

/**
 * Password grant. Five consecutive failures lock the account for LOCK_MINUTES; while locked even the right
 * password is refused, and a success resets the count. A name that is no account gets the same answers, in the
 * same time, lock included (refuseUnknownAccount): the locked message may then say until when without telling
 * a guesser whether the account exists.
 */
export async function issueToken(
  ctx: Ctx,
  input: { username: string; password: string; clientId: string; ttl: number },
) {
  const { db } = ctx;
  const [user] = await db.select().from(users).where(eq(users.username, input.username)).limit(1);
  if (!user) return refuseUnknownAccount(ctx, input.username, input.password);
  const now = new Date();
  if (user.lockedUntil && user.lockedUntil > now) throw lockedError(user.lockedUntil, false);
  if (!(await verifyPassword(input.password, user.passwordHash))) {
    // Atomic increment (org's face): concurrent wrong attempts all count.
    const failed = await countFailedLogin(db, user.id);
    if (failed >= MAX_FAILED_LOGINS) {
      const until = new Date(Date.now() + ctx.config.LOCK_MINUTES * 60_000);
      await lockAccount(db, user.id, until);
      throw lockedError(until, true);
    }
    throw wrongCredentials(failed);
  }
  if (user.status !== RecordStatus.Active) throw badRequest('ACCOUNT_DISABLED');
  if (user.tenantId !== null) {
    const [t] = await db
      .select({ status: tenants.status })
      .from(tenants)
      .where(eq(tenants.id, user.tenantId));
    if (!t || t.status !== RecordStatus.Active) throw badRequest('TENANT_SUSPENDED');
  }
  await stampLogin(db, user.id, now);
  const token = await createToken(db, user, input.clientId, input.ttl, ctx);
  return { access_token: token, token_type: 'bearer' as const, expires_in: input.ttl, userId: user.id };
}
