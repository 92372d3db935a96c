import type { AuthedCtx } from '../../../../http/context.ts';
import { businessError } from '../../../../lib/errors.ts';
import { periodFigures } from '../period.ts';
import { periodStep } from '../period-step.ts';

/**
 * 申请统计 (issue 31, lane DEDUCT): the period's selections freeze and the bureau counts them. Refused while a
 * selection is still 处理中 (its result would land in a counted period) or when nothing is selected.
 */
export function applyStats(ctx: AuthedCtx, period: string) {
  const gw = ctx.taxGatewayFor(ctx.db);
  return periodStep(
    ctx,
    period,
    'applyStats',
    (req) => gw.applyPeriodStats(req),
    async (tenantId) => {
      const f = await periodFigures(ctx.db, tenantId, period);
      if (f.pending) throw businessError('DEDUCTION_PENDING', { count: f.pending });
      if (!f.selected.count) throw businessError('DEDUCTION_NOTHING_SELECTED');
    },
  );
}
