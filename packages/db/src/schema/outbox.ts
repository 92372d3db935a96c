import { index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Retried outgoing work (issue 29 §3, module platform/outbox): one row per piece of work, written in the
 * transaction of the business change that asks for it, so the change and the promise to act on it commit
 * together. `ref` is the business record's key within `kind` (a delivery's id): one task per record.
 * States: pending (due at next_at) → running (claimed until lease_until by lease_token) → done | failed (the
 * handler refused for good) | dead (the dead letter: retries used up); pending again after a retryable failure
 * or a manual redelivery.
 */
export const outboxTasks = pgTable(
  'outbox_tasks',
  {
    id: id(),
    /** Null for platform work. */
    tenantId: integer('tenant_id'),
    kind: text('kind').notNull(),
    ref: text('ref').notNull(),
    payload: jsonb('payload'),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAt: ts('next_at').notNull().defaultNow(),
    /** While running: the claim holds until then; past it another claimer (after a crash) may take the task. */
    leaseUntil: ts('lease_until'),
    /** Who holds the claim: a settle only lands with the token of the claim it settles. */
    leaseToken: text('lease_token'),
    lastCode: text('last_code'),
    lastError: text('last_error'),
    /** Where the retry horizon counts from: the request, or the last manual redelivery. */
    since: ts('since').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    unique('outbox_tasks_kind_ref_unique').on(t.kind, t.ref),
    index('outbox_tasks_state_next_idx').on(t.state, t.nextAt),
  ],
);

/** The log of attempts: one line per claim, with how it ended (done, retry, failed, dead, lost = lease expired). */
export const outboxAttempts = pgTable(
  'outbox_attempts',
  {
    id: id(),
    taskId: integer('task_id').notNull(),
    tenantId: integer('tenant_id'),
    kind: text('kind').notNull(),
    n: integer('n').notNull(),
    leaseToken: text('lease_token').notNull(),
    outcome: text('outcome'),
    code: text('code'),
    message: text('message'),
    startedAt: ts('started_at').notNull().defaultNow(),
    endedAt: ts('ended_at'),
  },
  (t) => [index('outbox_attempts_task_idx').on(t.taskId)],
);
