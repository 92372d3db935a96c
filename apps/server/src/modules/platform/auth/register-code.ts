import { verificationCodes } from '@fpy/db';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Ctx } from '../../../http/context.ts';
import { tooManyRequests } from '../../../lib/errors.ts';
import { sha256, sixDigitCode } from '../../../lib/hash.ts';
import { CODE_TTL_MS, codeInvalid } from './verification-code.ts';

/**
 * Sign-up codes belong to a mobile number, not yet to an account: they sit in verification_codes with user 0
 * and the number as target. One a minute and ten a day per number, so nobody can turn sign-up into an SMS
 * cannon against someone else's phone; and twenty a day per client IP, since every SMS costs money and the
 * per-minute IP limit alone would let one address send thousands a day to different numbers.
 */
const REGISTER = 'register';
const NO_USER = 0;
const MAX_ATTEMPTS = 5;
const PER_DAY = 10;
const PER_IP_PER_DAY = 20;
const DAY = 86_400;

const codeHash = (phone: string, code: string) => sha256(`${REGISTER}:${phone}:${code}`);

/**
 * Sends a code unless this number's minute or day is used up; the caller answers the same either way. An
 * address over its day answers 429, which says nothing about any account.
 */
export async function sendRegisterCode(ctx: Ctx, phone: string): Promise<void> {
  if (!(await ctx.limiter(`code-${REGISTER}-ip`, PER_IP_PER_DAY, DAY).consume(ctx.ip)).ok)
    throw tooManyRequests('RATE_LIMITED.codes_today');
  if (!(await ctx.limiter(`code-${REGISTER}-minute`, 1, 60).consume(phone)).ok) return;
  if (!(await ctx.limiter(`code-${REGISTER}-day`, PER_DAY, DAY).consume(phone)).ok) return;
  const code = sixDigitCode();
  await ctx.db.insert(verificationCodes).values({
    userId: NO_USER,
    purpose: REGISTER,
    channel: 'sms',
    target: phone,
    codeHash: codeHash(phone, code),
    expiresAt: new Date(Date.now() + CODE_TTL_MS),
  });
  await ctx.notifier.send({
    tenantId: null,
    channel: 'sms',
    recipient: phone,
    subject: '【发票云】企业注册验证码',
    body: `【发票云】您的企业注册验证码为 ${code}，5分钟内有效。如非本人操作，请忽略。`,
    scene: 'verify_code',
    params: { code },
  });
}

/**
 * Consumes the newest live code of the number: a wrong guess counts and five burn it. Every failure (no code,
 * used, expired, burnt, wrong) answers the same CODE_INVALID as the forgotten-password reset.
 */
export async function consumeRegisterCode(ctx: Ctx, phone: string, code: string): Promise<void> {
  const [row] = await ctx.db
    .select({
      id: verificationCodes.id,
      codeHash: verificationCodes.codeHash,
      attempts: verificationCodes.attempts,
    })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.userId, NO_USER),
        eq(verificationCodes.purpose, REGISTER),
        eq(verificationCodes.target, phone),
        isNull(verificationCodes.usedAt),
        gt(verificationCodes.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  if (row && row.attempts < MAX_ATTEMPTS && row.codeHash === codeHash(phone, code)) {
    await ctx.db
      .update(verificationCodes)
      .set({ usedAt: new Date() })
      .where(eq(verificationCodes.id, row.id));
    return;
  }
  if (row)
    await ctx.db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(eq(verificationCodes.id, row.id));
  throw codeInvalid();
}
