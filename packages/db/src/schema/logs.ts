import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';

/** One row per API request (网关日志). Written in batches off the request path. */
export const gateLogs = pgTable(
  'gate_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    requestId: text('request_id').notNull(),
    tenantId: integer('tenant_id'),
    userId: integer('user_id'),
    username: text('username'),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    durationMs: integer('duration_ms').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('gate_logs_created_idx').on(t.createdAt),
    index('gate_logs_tenant_created_idx').on(t.tenantId, t.createdAt),
  ],
);

/** Tracking events (埋点), spec §3. */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    businessCode: text('business_code').notNull(),
    sessionId: text('session_id'),
    operationDate: text('operation_date'),
    tenantId: integer('tenant_id'),
    userId: integer('user_id'),
    deviceContent: jsonb('device_content'),
    businessContent: jsonb('business_content'),
    createdAt: createdAt(),
  },
  (t) => [index('tracking_created_idx').on(t.createdAt)],
);

/**
 * Sandbox messages: what the embedded messaging sandbox (and the notifier) received — until SMS and e-mail
 * providers exist, messages land here and platform administrators read them in the console (沙箱消息). Was
 * outbox_messages until migration 0020 (the outbox is platform/outbox's retried work).
 */
export const sandboxMessages = pgTable(
  'sandbox_messages',
  {
    id: id(),
    tenantId: integer('tenant_id'),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    status: text('status').notNull().default('stored'),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_messages_created_idx').on(t.createdAt)],
);

/**
 * Audit of every write through a declared resource (server crud/), inserted in the same transaction as the
 * write, so a change without its audit row (or the reverse) cannot exist. `changes` holds the values written
 * (create, update) or the row removed (delete).
 */
export const resourceChanges = pgTable(
  'resource_changes',
  {
    id: id(),
    /** null for platform-level rows (dictionaries). */
    tenantId: integer('tenant_id'),
    resource: text('resource').notNull(),
    recordId: integer('record_id').notNull(),
    action: text('action').notNull(),
    changes: jsonb('changes').notNull(),
    /** User id; null when a background job acted. */
    actorId: integer('actor_id'),
    actorName: text('actor_name'),
    ip: text('ip'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('resource_changes_record_idx').on(t.resource, t.recordId, t.id)],
);
