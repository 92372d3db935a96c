import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../../http/module.ts';
import { registerCheckRoutes } from './routes.ts';

/**
 * 查验 of received invoices (issue 31, lane CHECK): table check_records (every check made, by whom, the request,
 * the bureau's reply). What other modules use:
 * - `runCheck(ctx, elements, channel)`: check one invoice with the bureau and keep the record (reimbursements
 *   check each invoice of a claim this way, so those checks appear in 查验记录 too);
 * - `keepCheckRecord(tx, ctx, …)`: keep a check made elsewhere (invoice intake: channel `intake`) in the caller's
 *   transaction;
 * - `flaggedChecks(db, tenantId)`: the latest check of each invoice the bureau called abnormal, voided or
 *   red-lettered (发票预警).
 */
export {
  keepCheckRecord,
  runCheck,
  verifyRequestOf,
  type CheckChannel,
  type CheckReply,
} from './verbs/run-check.ts';
export { flaggedChecks, type FlaggedCheck } from './flagged.ts';
export { ownTaxNumber, ownTenant } from './views.ts';

export function registerChecksModule(app: FastifyInstance, _deps: ModuleDeps) {
  registerCheckRoutes(app);
}
