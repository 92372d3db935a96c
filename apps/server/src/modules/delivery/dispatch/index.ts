import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../../http/module.ts';
import { alsoEnqueueOnIssued } from '../../sales/invoicing/index.ts';
import { onReceipts, setPendingSource } from '../providers/index.ts';
import { type IssuedPayload, runAutoDelivery } from './auto-delivery.ts';
import { registerSmsBalanceCard } from './balance-card.ts';
import { registerOutboxKind } from '../../platform/outbox/index.ts';
import { adoptOpenDeliveries } from './adopt.ts';
import { DELIVERY_AUTO_JOB, DELIVERY_BULK_JOB, DELIVERY_SEND_JOB, sendPolicy } from './jobs.ts';
import { registerDispatchRoutes } from './routes.ts';
import { seedDemoDeliveries, seedSmsBalances } from './seed.ts';
import { applyReceipts, pendingFor } from './receipts.ts';
import { runSend } from './send-job.ts';
import { settleDelivery } from './settle.ts';
import { reopenDelivery } from './reopen.ts';
import { runBulkSend } from './bulk-job.ts';

// The public face of delivery dispatch: what other modules (the buyer's pages, the providers' receipts) may use.
export { applyReceipts } from './receipts.ts';
export { type DeliveryAcceptedHook, onDeliveryAccepted } from './hooks.ts';
export { seedDemoDeliveries } from './seed.ts';
export { resendGivenUp } from './verbs/resend-given-up.ts';
export { loadDeliverySettings } from './settings.ts';
export { createShortLink, type NewShortLink, newShortCode, shortLinkUrl } from './short-links.ts';
export { type DispatchCtx, DELIVERY_RETRY_SWEEP, DELIVERY_SEND_JOB } from './jobs.ts';
export { type Delivery, toDeliveryRows } from './records.ts';
export { DELIVERABLE_STATUSES, type RequestDeliveryInput } from './recipients.ts';
export { requestDelivery } from './verbs/request-delivery.ts';

/**
 * 交付 (issue 14 §2): invoices reach their buyers by e-mail and SMS. The send job renders the template, applies
 * the SMS controls and quota, and calls the messaging gateway (services.messaging) outside any transaction,
 * with retries and a dead letter; auto-delivery reacts to issuing; the query page's buttons are routes here.
 */
export async function registerDeliveryDispatchModule(app: FastifyInstance, { services }: ModuleDeps) {
  await seedSmsBalances(services.db);
  await seedDemoDeliveries(services.db);
  sendPolicy.horizonMs = Math.round(services.config.DELIVERY_RETRY_HOURS * 3_600_000);
  alsoEnqueueOnIssued(DELIVERY_AUTO_JOB);
  // Sends are outbox tasks (platform/outbox): written with the record, claimed under a lease, retried with
  // sendPolicy's backoff, dead-lettered, swept and rescanned after a restart there; this module says how one
  // attempt goes (runSend) and how the record mirrors the task (settleDelivery).
  registerOutboxKind(app, services, {
    kind: DELIVERY_SEND_JOB,
    policy: sendPolicy,
    run: (task) => runSend(services, (task.payload as { deliveryId: number }).deliveryId),
    onSettled: settleDelivery,
    mirrorsDone: false,
    onRedeliver: reopenDelivery,
  });
  await adoptOpenDeliveries(services.db);
  services.jobs.processBatch<IssuedPayload>(
    DELIVERY_AUTO_JOB,
    (items) =>
      runAutoDelivery(
        services,
        items.map((i) => i.payload),
      ),
    { max: 32 },
  );
  services.jobs.process<{ taskId: string }>(DELIVERY_BULK_JOB, (p) => runBulkSend(services, p.taskId));
  // Receipts (状态报告, bounces) collected by the providers module move the deliveries on; it asks this module
  // which messages an account still waits for.
  onReceipts(services, async (receipts) => void (await applyReceipts(services.db, receipts)));
  setPendingSource(services, (providerId) => pendingFor(services.db, providerId));
  registerDispatchRoutes(app, services);
  registerSmsBalanceCard();
}
