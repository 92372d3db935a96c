import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../../http/module.ts';
import { SecretBox } from '../../../lib/secret-box.ts';
import { onDeliveryAccepted } from '../../delivery/dispatch/index.ts';
import { registerOutboxKind } from '../../platform/outbox/index.ts';
import { onInvoiceMoved, onRedInvoiceIssued } from '../../sales/invoicing/index.ts';
import { reopenDelivery, runDelivery, settleDelivery, webhookPolicy } from './kind.ts';
import { onAccepted, onMoved, onRedIssued } from './reactions.ts';
import { registerWebhookRoutes } from './routes.ts';
import { seedDemoWebhooks } from './seed.ts';
import { WEBHOOK_KIND } from './types.ts';

// The public face of the open platform's webhooks (issue 32 §2).
export { announce, eventBody, newEventId, type PendingEvent } from './events.ts';
export { deliveryById, webhookPolicy } from './kind.ts';
export { postWebhook, signedHeaders, webhookSignature } from './send.ts';
export { WEBHOOK_HEADERS, WEBHOOK_KIND } from './types.ts';
export { SAMPLE_SECRET, sampleEvents } from './samples.ts';

/**
 * Webhooks: invoicing's and dispatch's hooks write the events and one delivery per subscribed app in the
 * business transaction; the outbox (kind open-platform.webhook) signs and posts each, retries with backoff for
 * 24 h, dead-letters; the delivery log with manual redelivery is a tab of /developerOptions/openPlatForm.
 */
export async function registerWebhooksModule(app: FastifyInstance, { services }: ModuleDeps) {
  onInvoiceMoved(onMoved);
  onRedInvoiceIssued(onRedIssued);
  onDeliveryAccepted(onAccepted);
  const boxes = new SecretBox(services.config.OPEN_SECRET_KEY);
  registerOutboxKind(app, services, {
    kind: WEBHOOK_KIND,
    policy: webhookPolicy,
    run: (task) => runDelivery(services, task, boxes),
    onSettled: settleDelivery,
    onRedeliver: reopenDelivery,
  });
  registerWebhookRoutes(app);
  app.addHook('onReady', () => seedDemoWebhooks(services.db));
}
