import {
  applyDeductionStats,
  confirmDeductionPeriod,
  getDeductionOverview,
  getDeductionPeriod,
  getTaxPayment,
  listDeductionInvoices,
  MAX_SELECT_BY_FILTER,
  selectForDeduction,
  selectForDeductionByFilter,
  undoDeductionSelection,
  undoDeductionStats,
} from '@fpy/contracts';
import { shiftPeriod } from '@fpy/domain';
import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../../http/module.ts';
import { route } from '../../../http/route.ts';
import { registerOutboxKind } from '../../platform/outbox/index.ts';
import { ownTenant } from '../checks/index.ts';
import {
  DEDUCTION_SUBMIT_KIND,
  deductionSubmitPolicy,
  runSubmitTask,
  settleSubmitTask,
} from './bureau-task.ts';
import { listDeductionRows, selectableIds } from './list.ts';
import { listenToStateChanges } from './on-state-change.ts';
import { currentPeriod, periodView } from './period.ts';
import { taxPayment } from './tax-payment.ts';
import { applyStats } from './verbs/apply-stats.ts';
import { confirmPeriod } from './verbs/confirm.ts';
import { selectInvoices } from './verbs/select.ts';
import { undoSelections } from './verbs/undo.ts';
import { undoStats } from './verbs/undo-stats.ts';

/**
 * 勾选 / 统计 / 确认 (issue 31, lane DEDUCT): tables purchase_periods and deduction_selections (only writer). What
 * other modules use: `DEDUCTION_SUBMIT_KIND` (任务管理 names it), `periodView`, `taxPayment`. See README.md.
 */
export { DEDUCTION_SUBMIT_KIND, deductionSubmitPolicy } from './bureau-task.ts';
export { periodView } from './period.ts';
export { taxPayment } from './tax-payment.ts';

export function registerDeductionModule(app: FastifyInstance, { services }: ModuleDeps) {
  registerOutboxKind(app, services, {
    kind: DEDUCTION_SUBMIT_KIND,
    policy: deductionSubmitPolicy,
    run: (task) => runSubmitTask(services, task),
    onSettled: settleSubmitTask,
    mirrorsDone: false,
  });
  listenToStateChanges();

  route(app, getDeductionOverview, async (ctx) => {
    const tenantId = ownTenant(ctx.actor);
    const current = currentPeriod();
    const periods = [];
    for (let i = 0; i < 6; i++) periods.push(await periodView(ctx.db, tenantId, shiftPeriod(current, -i)));
    return { current, periods };
  });
  route(app, getDeductionPeriod, async (ctx, { params }) =>
    periodView(ctx.db, ownTenant(ctx.actor), params.period),
  );
  route(app, listDeductionInvoices, async (ctx, { query }) => listDeductionRows(ctx, query));
  route(app, selectForDeduction, async (ctx, { body }) => selectInvoices(ctx, body.period, body.ids, true));
  route(app, selectForDeductionByFilter, async (ctx, { body }) =>
    selectInvoices(ctx, body.period, await selectableIds(ctx, body, MAX_SELECT_BY_FILTER), false),
  );
  route(app, undoDeductionSelection, async (ctx, { body }) => undoSelections(ctx, body.period, body.ids));
  route(app, applyDeductionStats, async (ctx, { params }) => applyStats(ctx, params.period));
  route(app, undoDeductionStats, async (ctx, { params }) => undoStats(ctx, params.period));
  route(app, confirmDeductionPeriod, async (ctx, { params, body }) =>
    confirmPeriod(ctx, params.period, body.password),
  );
  route(app, getTaxPayment, async (ctx, { query }) => taxPayment(ctx.db, ownTenant(ctx.actor), query.period));
}
