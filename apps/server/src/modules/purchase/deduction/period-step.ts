import {
  DEDUCTION_ACTION_TEXTS,
  DEDUCTION_PERIOD_STATE_TEXTS,
  type DeductionPeriodView,
  local,
} from '@fpy/contracts';
import { purchasePeriods } from '@fpy/db';
import { nextPeriodState, type PeriodAction, type PeriodState, periodTransition } from '@fpy/domain';
import { and, eq } from 'drizzle-orm';
import type { PeriodActionResult } from '../../../gateways/tax-bureau/gateway.ts';
import type { AuthedCtx } from '../../../http/context.ts';
import { businessError } from '../../../lib/errors.ts';
import { emitAudit, withTransaction } from '../../../lib/write/index.ts';
import { ownTaxNumber, ownTenant } from '../checks/index.ts';
import { lockPeriod, periodView, readPeriod } from './period.ts';

export const AUDIT_PERIOD = 'purchasePeriod';

export const wrongState = (state: string, action: PeriodAction) => {
  const s = DEDUCTION_PERIOD_STATE_TEXTS[state as PeriodState] ?? { zh: state, en: state };
  const a = DEDUCTION_ACTION_TEXTS[action];
  return businessError('DEDUCTION_PERIOD_WRONG_STATE', {
    state: local(s.zh, s.en),
    action: local(a.zh, a.en),
  });
};

/**
 * One step of a period's state machine (申请统计 / 撤销统计 / 确认), shared by the three verbs. The state is read
 * first (a step that cannot apply never reaches the bureau) and `precheck` runs; the bureau is asked outside any
 * transaction (a refusal whose period already stands where we go counts as done: the replay of a step whose
 * commit was lost); then one transaction moves the row by a conditional update from the expected state — of two
 * users doing the same step one wins, the other gets 409 — with its audit row.
 */
export async function periodStep(
  ctx: AuthedCtx,
  period: string,
  action: PeriodAction,
  bureau: (req: { tenantId: number; buyerTaxNumber: string; period: string }) => Promise<PeriodActionResult>,
  precheck?: (tenantId: number) => Promise<void>,
): Promise<DeductionPeriodView> {
  const tenantId = ownTenant(ctx.actor);
  const buyerTaxNumber = await ownTaxNumber(ctx.db, tenantId);
  const { from, to } = periodTransition(action);
  const before = (await readPeriod(ctx.db, tenantId, period))?.state ?? 'open';
  if (!nextPeriodState(before as PeriodState, action)) throw wrongState(before, action);
  await precheck?.(tenantId);
  let answer: PeriodActionResult;
  try {
    answer = await bureau({ tenantId, buyerTaxNumber, period });
  } catch {
    throw businessError('DEDUCTION_BUREAU_UNAVAILABLE');
  }
  if (!answer.ok && answer.stats.state !== to) {
    const s = DEDUCTION_PERIOD_STATE_TEXTS[answer.stats.state];
    throw businessError('DEDUCTION_BUREAU_REFUSED', { state: local(s.zh, s.en) });
  }
  const stats = answer.stats;
  await withTransaction(ctx, async (tx) => {
    const row = await lockPeriod(tx, tenantId, period);
    if (row.state !== from) throw wrongState(row.state, action);
    const now = new Date();
    const set =
      action === 'applyStats'
        ? {
            state: to,
            count: stats.count,
            amountFen: stats.amountFen,
            taxFen: stats.taxFen,
            statsAppliedAt: now,
            statsAppliedBy: ctx.actor.userId,
          }
        : action === 'undoStats'
          ? { state: to, count: 0, amountFen: 0, taxFen: 0, statsAppliedAt: null, statsAppliedBy: null }
          : {
              state: to,
              count: stats.count,
              amountFen: stats.amountFen,
              taxFen: stats.taxFen,
              confirmedAt: stats.confirmedAt ?? now,
              confirmedBy: ctx.actor.userId,
              confirmedByName: ctx.actor.name,
            };
    const moved = await tx
      .update(purchasePeriods)
      .set(set)
      .where(and(eq(purchasePeriods.id, row.id), eq(purchasePeriods.state, from)))
      .returning({ id: purchasePeriods.id });
    if (!moved.length) throw wrongState(row.state, action);
    await emitAudit(tx, ctx, {
      tenantId,
      resource: AUDIT_PERIOD,
      recordId: row.id,
      action,
      changes: { period, from, to, count: stats.count, amountFen: stats.amountFen, taxFen: stats.taxFen },
    });
  });
  return periodView(ctx.db, tenantId, period);
}
