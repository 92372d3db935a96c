import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../../http/module.ts';
import { registerReceivedRoutes } from './routes.ts';
import { RECEIVED_SYNC_INTERVAL_MS, RECEIVED_SYNC_TASK, syncAllTenants } from './sync.ts';

/**
 * 进项发票 (issue 31, lane CORE): the invoices a company received, one row per tenant + invoice key whatever the
 * source, with the history of each change. Other purchase modules use only what is exported here.
 */
export {
  onReceivedStateChanged,
  provideLineCodes,
  type ReceivedLineCode,
  type ReceivedStateChange,
} from './hooks.ts';
export { periodOf, receivedInvoiceKey } from './key.ts';
export {
  findReceivedByKey,
  getReceived,
  listReceivedForPeriod,
  type ReceivedInvoiceChangeRow,
  type ReceivedInvoiceRow,
  receivedChanges,
} from './queries.ts';
export {
  type ReceivedFields,
  type ReceivedLine,
  type ReceivedSource,
  type ReceivedState,
  type RecordReceivedInput,
  type RecordReceivedResult,
  recordReceived,
} from './record.ts';
export { RECEIVED_SYNC_TASK, type SyncOutcome, syncAllTenants, syncTenant } from './sync.ts';

/** The scheduled 归集 of every tenant (once per tick across instances: the scheduler's Redis claim). */
export function registerReceivedInvoicesModule(app: FastifyInstance, { services }: ModuleDeps) {
  registerReceivedRoutes(app);
  services.scheduler.every(RECEIVED_SYNC_TASK, RECEIVED_SYNC_INTERVAL_MS, async () => {
    await syncAllTenants(services.db, services.taxGatewayFor, (tenantId, err) =>
      app.log.warn({ err, tenantId }, 'received-invoice sync failed'),
    );
  });
}
