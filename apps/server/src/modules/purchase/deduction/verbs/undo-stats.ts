import type { AuthedCtx } from '../../../../http/context.ts';
import { periodStep } from '../period-step.ts';

/** 撤销统计 (issue 31, lane DEDUCT): a counted, unconfirmed period goes back to open; selections may change again. */
export function undoStats(ctx: AuthedCtx, period: string) {
  const gw = ctx.taxGatewayFor(ctx.db);
  return periodStep(ctx, period, 'undoStats', (req) => gw.undoPeriodStats(req));
}
