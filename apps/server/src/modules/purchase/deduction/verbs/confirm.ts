import { users } from '@fpy/db';
import { eq } from 'drizzle-orm';
import type { AuthedCtx } from '../../../../http/context.ts';
import { badRequest } from '../../../../lib/errors.ts';
import { verifyPassword } from '../../../../lib/hash.ts';
import { emitAudit, withTransaction } from '../../../../lib/write/index.ts';
import { ownTenant } from '../../checks/index.ts';
import { readPeriod } from '../period.ts';
import { AUDIT_PERIOD, periodStep } from '../period-step.ts';

/**
 * 确认 (issue 31, lane DEDUCT): the counted period is confirmed for good, protected by a second password — the
 * user's own login password entered again (the product's stand-in for the bureau's 税务数字账户 signature; no
 * separate password to lose). A wrong password answers the same 400 whatever the cause, is audited without the
 * text typed, and never reaches the bureau. The bureau receives a signature naming the confirming user.
 */
export async function confirmPeriod(ctx: AuthedCtx, period: string, password: string) {
  const tenantId = ownTenant(ctx.actor);
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
    throw badRequest('DEDUCTION_WRONG_PASSWORD');
  }
  const gw = ctx.taxGatewayFor(ctx.db);
  return periodStep(ctx, period, 'confirm', (req) =>
    gw.confirmPeriod({ ...req, password: `signed-by:${ctx.actor.userId}` }),
  );
}
