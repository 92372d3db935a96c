/**
 * The events an app may subscribe to (open_apps.webhook_events). The list lives in the contracts
 * (WEBHOOK_EVENTS), so the console's forms, the docs page and this module read one list.
 */
export { WEBHOOK_EVENTS, type WebhookEvent } from '@fpy/contracts';

/** The outbox kind of one delivery (ref = open_webhook_deliveries.id). */
export const WEBHOOK_KIND = 'open-platform.webhook';

/** Headers of every delivery (the docs page shows them). */
export const WEBHOOK_HEADERS = {
  eventId: 'X-Fpy-Event-Id',
  eventType: 'X-Fpy-Event-Type',
  deliveryId: 'X-Fpy-Delivery-Id',
  timestamp: 'X-Fpy-Timestamp',
  signature: 'X-Fpy-Signature',
} as const;
