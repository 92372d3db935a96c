import { users } from '@fpy/db';
import { eq } from 'drizzle-orm';
import type { AuthedCtx } from '../../../../http/context.ts';
import { badRequest, tooManyRequests } from '../../../../lib/errors.ts';
import { verifyPassword } from '../../../../lib/hash.ts';
import { emitAudit, withTransaction } from '../../../../lib/write/index.ts';
import { ownTenant } from '../../checks/index.ts';
import { readPeriod } from '../period.ts';
import { AUDIT_PERIOD, periodStep } from '../period-step.ts';

/** Wrong second passwords a user may type per window before 确认 refuses them outright (as the bureau locks). */
export const CONFIRM_MISS_BUDGET = 5;
export const CONFIRM_MISS_WINDOW_SECONDS = 900;
const missBudget = (ctx: AuthedCtx) =>
  ctx.limiter('deduction-confirm-miss', CONFIRM_MISS_BUDGET, CONFIRM_MISS_WINDOW_SECONDS);
const locked = (ms: number) =>
  tooManyRequests('DEDUCTION_CONFIRM_LOCKED', { minutes: String(Math.max(1, Math.ceil(ms / 60_000))) });

/**
 * 确认 (issue 31, lane DEDUCT): the counted period is confirmed for good, protected by a second password — the
 * user's own login password entered again (the product's stand-in for the bureau's 税务数字账户 signature; no
 * separate password to lose). A wrong password answers the same 400 whatever the cause, is audited without the
 * text typed, and never reaches the bureau. The bureau receives a signature naming the confirming user.
 * Guessing is bounded per user (Redis-shared with REDIS_URL): past CONFIRM_MISS_BUDGET wrong passwords in the window,
 * every attempt — a right one too — is a 429 until the window ends, checked before the password is read.
 */
export async function confirmPeriod(ctx: AuthedCtx, period: string, password: string) {
  const tenantId = ownTenant(ctx.actor);
  const key = String(ctx.actor.userId);
  const blocked = await missBudget(ctx).blockedMs(key);
  if (blocked > 0) throw locked(blocked);
  const [user] = await ctx.db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(eq(users.id, ctx.actor.userId));
  const ok = user ? await verifyPassword(password, user.hash).catch(() => false) : false;
  if (!ok) {
    const row = await readPeriod(ctx.db, tenantId, period);
    await withTransaction(ctx, (tx) =>
      emitAudit(tx, ctx, {
        tenantId,
        resource: AUDIT_PERIOD,
        recordId: row?.id ?? 0,
        action: 'confirm_refused',
        changes: { period, reason: 'wrong_password' },
      }),
    );
    const spent = await missBudget(ctx).consume(key);
    if (!spent.ok) throw locked(spent.msBeforeNext);
    throw badRequest('DEDUCTION_WRONG_PASSWORD');
  }
  const gw = ctx.taxGatewayFor(ctx.db);
  return periodStep(ctx, period, 'confirm', (req) =>
    gw.confirmPeriod({ ...req, password: `signed-by:${ctx.actor.userId}` }),
  );
}
