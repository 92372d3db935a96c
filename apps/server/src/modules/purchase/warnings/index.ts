import { listPurchaseWarnings } from '@fpy/contracts';
import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../../http/module.ts';
import { route } from '../../../http/route.ts';
import { ownTenant } from '../checks/index.ts';
import { listWarnings } from './list.ts';
import { listenToStateChanges } from './on-state-change.ts';

/**
 * 发票预警 (issue 31, lane CHECK): table purchase_warnings (logged events: refused second reimbursements, and received
 * invoices turning abnormal / voided / red through lane CORE's onReceivedStateChanged) and warnings derived from checks. What other modules use: `logDuplicateReimbursement` (reimbursements, after a refusal).
 */
export { type DuplicateAttempt, logDuplicateReimbursement } from './log-attempt.ts';

export function registerWarningsModule(app: FastifyInstance, _deps: ModuleDeps) {
  listenToStateChanges();
  route(app, listPurchaseWarnings, async (ctx, { query }) => {
    const all = await listWarnings(ctx.db, ownTenant(ctx.actor), query.kind);
    const start = (query.page - 1) * query.limit;
    return { rows: all.slice(start, start + query.limit), total: all.length };
  });
}
