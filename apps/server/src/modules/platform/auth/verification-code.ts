import { accessTokens, users, verificationCodes } from '@fpy/db';
import { passwordProblem } from '@fpy/domain';
import { passwordWeak } from './password-weak.ts';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Ctx } from '../../../http/context.ts';
import { badRequest } from '../../../lib/errors.ts';
import { hashPassword, sha256, sixDigitCode } from '../../../lib/hash.ts';
import { setOwnPasswordHash } from '../org/index.ts';

export const CODE_TTL_MS = 5 * 60_000;
const CODE_MAX_ATTEMPTS = 5;
export type CodePurpose = 'forget' | 'modify';

export const maskTarget = (t: string) =>
  t.includes('@') ? t.replace(/^(.{1,2}).*(@.*)$/, '$1***$2') : t.replace(/^(\d{3})\d*(\d{4})$/, '$1****$2');

/**
 * Sends a six-digit code valid five minutes, at most one a minute per account and purpose (the window is a
 * limiter, shared by every server process on Redis). Returns false when the minute window is still closed.
 */
export async function sendCode(
  ctx: Ctx,
  user: { id: number; tenantId: number | null },
  purpose: CodePurpose,
  channel: 'sms' | 'email',
  target: string,
): Promise<boolean> {
  if (!(await ctx.limiter(`code-${purpose}`, 1, 60).consume(String(user.id))).ok) return false;
  const code = sixDigitCode();
  await ctx.db.insert(verificationCodes).values({
    userId: user.id,
    purpose,
    channel,
    target,
    codeHash: sha256(`${user.id}:${code}`),
    expiresAt: new Date(Date.now() + CODE_TTL_MS),
  });
  const what = purpose === 'forget' ? '找回密码' : '修改密码';
  await ctx.notifier.send({
    tenantId: user.tenantId,
    channel,
    recipient: target,
    subject: `【发票云】${what}验证码`,
    body: `【发票云】您的${what}验证码为 ${code}，5分钟内有效。如非本人操作，请忽略。`,
    scene: 'verify_code',
    params: { code },
  });
  return true;
}

/** Consumes the newest unused code of that purpose; wrong guesses count and five of them burn the code. */
export async function consumeCode(ctx: Ctx, userId: number, purpose: CodePurpose, code: string) {
  const [row] = await ctx.db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.userId, userId),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.usedAt),
        gt(verificationCodes.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  if (!row || row.attempts >= CODE_MAX_ATTEMPTS) throw badRequest('CODE_EXPIRED');
  if (row.codeHash !== sha256(`${userId}:${code}`)) {
    await ctx.db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(eq(verificationCodes.id, row.id));
    throw badRequest('CODE_WRONG');
  }
  await ctx.db.update(verificationCodes).set({ usedAt: new Date() }).where(eq(verificationCodes.id, row.id));
}

/** The one answer of the anonymous reset to an unknown name, a code never sent, a used, expired or wrong code. */
export const codeInvalid = () => badRequest('CODE_INVALID');

/**
 * Consumes the newest forgotten-password code of the account named `username`, answering codeInvalid() alike
 * for an unknown name, an account without a live code, a burnt and a wrong code: the caller is anonymous, so no
 * answer may tell an account apart. Every failure costs the same work (one lookup and one update, which finds
 * no row when there is none to count against), so the time does not tell either.
 */
export async function consumeForgetCode(ctx: Ctx, username: string, code: string): Promise<number> {
  const [row] = await ctx.db
    .select({
      id: verificationCodes.id,
      userId: verificationCodes.userId,
      codeHash: verificationCodes.codeHash,
      attempts: verificationCodes.attempts,
    })
    .from(users)
    .innerJoin(
      verificationCodes,
      and(
        eq(verificationCodes.userId, users.id),
        eq(verificationCodes.purpose, 'forget'),
        isNull(verificationCodes.usedAt),
        gt(verificationCodes.expiresAt, new Date()),
      ),
    )
    .where(eq(users.username, username))
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  const given = sha256(`${row?.userId ?? 0}:${code}`);
  if (row && row.attempts < CODE_MAX_ATTEMPTS && row.codeHash === given) {
    await ctx.db
      .update(verificationCodes)
      .set({ usedAt: new Date() })
      .where(eq(verificationCodes.id, row.id));
    return row.userId;
  }
  await ctx.db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(eq(verificationCodes.id, row?.id ?? 0));
  throw codeInvalid();
}

/**
 * Sets a password the user chose: checks the rule, marks it 'ok', clears a lock, and revokes every other
 * token of the user (keepTokenHash keeps the session that made the change).
 */
export async function setOwnPassword(ctx: Ctx, userId: number, password: string, keepTokenHash?: string) {
  const problem = passwordProblem(password);
  if (problem) throw passwordWeak(problem);
  const now = new Date();
  await setOwnPasswordHash(ctx.db, userId, await hashPassword(password), now);
  await revokeUserTokens(ctx, userId, keepTokenHash);
}

export async function revokeUserTokens(ctx: Ctx, userId: number, keepTokenHash?: string) {
  const cond = keepTokenHash
    ? and(
        eq(accessTokens.userId, userId),
        isNull(accessTokens.revokedAt),
        ne(accessTokens.tokenHash, keepTokenHash),
      )
    : and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt));
  await ctx.db.update(accessTokens).set({ revokedAt: new Date() }).where(cond);
  ctx.invalidateAuthz();
}
