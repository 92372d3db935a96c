import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Issue 32 §2 webhooks (lane HOOKS, module apps/server/src/modules/open-platform/webhooks, its only writer).
 *
 * One event per business change (invoice.issued, invoice.failed, invoice.red_lettered, invoice.voided,
 * invoice.delivered), written in the transaction of the change. `event_id` ('evt_' + 32 hex) is what a receiver
 * de-duplicates on: every delivery and every attempt of one event carries it. `body` is the JSON text exactly as
 * sent (kept as text, not jsonb: jsonb reorders keys, and the signature covers the bytes).
 */
export const openWebhookEvents = pgTable(
  'open_webhook_events',
  {
    id: id(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    tenantId: integer('tenant_id').notNull(),
    /** What the event is about, e.g. 'invoice:42' or 'delivery:7' (searchable; not unique: an invoice may fail twice). */
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    occurredAt: ts('occurred_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('open_webhook_events_event_id_uq').on(t.eventId),
    index('open_webhook_events_tenant_idx').on(t.tenantId, t.occurredAt),
  ],
);

/**
 * One delivery per (event, subscribed app): the business record of an outbox task (kind
 * 'open-platform.webhook', ref = this id). `url` is the destination it was made for: automatic retries never
 * follow a changed callback URL (signed bodies go only where they were addressed); a manual redelivery readdresses
 * it to the app's current URL. State pending → delivered | retrying → … → dead (retries over 24 h used up) |
 * failed (refused for good: the guard refused the address, the app was disabled or lost its URL).
 */
export const openWebhookDeliveries = pgTable(
  'open_webhook_deliveries',
  {
    id: id(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    tenantId: integer('tenant_id').notNull(),
    appId: integer('app_id').notNull(),
    url: text('url').notNull(),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** The receiver's last HTTP status (null: no answer — refused, timed out, connection failed). */
    lastStatus: integer('last_status'),
    lastCode: text('last_code'),
    lastError: text('last_error'),
    nextAt: ts('next_at'),
    deliveredAt: ts('delivered_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('open_webhook_deliveries_event_app_uq').on(t.eventId, t.appId),
    index('open_webhook_deliveries_tenant_idx').on(t.tenantId, t.createdAt),
    index('open_webhook_deliveries_app_idx').on(t.appId, t.createdAt),
    index('open_webhook_deliveries_state_idx').on(t.state, t.createdAt),
  ],
);

/**
 * Every attempt of a delivery: the request as sent (headers — the signature, never the secret — and body), the
 * answer (status and the first 2,000 characters of the body) or the error, and how long it took.
 */
export const openWebhookAttempts = pgTable(
  'open_webhook_attempts',
  {
    id: id(),
    deliveryId: integer('delivery_id').notNull(),
    tenantId: integer('tenant_id').notNull(),
    n: integer('n').notNull(),
    url: text('url').notNull(),
    requestHeaders: jsonb('request_headers').$type<Record<string, string>>().notNull(),
    requestBody: text('request_body').notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    latencyMs: integer('latency_ms').notNull().default(0),
    /** Made after a manual redelivery (the first attempt of a new round). */
    manual: boolean('manual').notNull().default(false),
    startedAt: ts('started_at').notNull().defaultNow(),
  },
  (t) => [index('open_webhook_attempts_delivery_idx').on(t.deliveryId)],
);
