import type { Db } from '@fpy/db';
import type { outboxTasks } from '@fpy/db';
import type { RetryPolicy } from '@fpy/domain';
import type { Tx } from '../../../lib/write/index.ts';

export type OutboxTask = typeof outboxTasks.$inferSelect;

/** How one attempt ended, as the handler reports it (a throw counts as a retryable failure). */
export type Outcome =
  | { state: 'done' }
  /** Retrying cannot change it (a refusal): the task ends failed. */
  | { state: 'failed'; code: string; message: string; detail?: unknown }
  /** Temporary: tried again after the kind's backoff, until its horizon or attempts cap — then dead. */
  | { state: 'retry'; code: string; message: string; detail?: unknown };

/** Where the task went after an attempt; handed to the kind in the transaction that moves it. */
export type Settled =
  | { state: 'done' }
  | { state: 'failed' | 'dead'; code: string; message: string; detail?: unknown }
  | { state: 'pending'; nextAt: Date; code: string; message: string; detail?: unknown };

/**
 * The backoff (@fpy/domain retry.ts: exponential with jitter, a horizon counted from the task's `since`, an
 * optional attempts cap), the clock and random source it is computed with (tests drive hours through them), and
 * the longest wait the queue holds as a delayed job — longer ones are the sweep's, from next_at, so they survive
 * a restart of the in-process queue. Read at each use: a kind may pass a mutable object.
 */
export interface OutboxPolicy extends RetryPolicy {
  queueDelayMaxMs: number;
  now: () => Date;
  random: () => number;
}

export interface OutboxKind {
  /** One name per kind of work: 'delivery.send', later 'openapi.webhook', 'erp.push', 'receipts.deliver'. */
  kind: string;
  policy: OutboxPolicy;
  /** How long a claim holds before another instance may take the task (a crashed holder never settles). */
  leaseMs?: number;
  /** One attempt, outside any transaction (it calls the outside world). */
  run(task: OutboxTask): Promise<Outcome>;
  /**
   * Mirrors the task's new state on the business record, in the same transaction that moves the task (only
   * when the move landed: a claim lost to a lease expiry settles nothing).
   */
  onSettled?(tx: Tx, task: OutboxTask, settled: Settled): Promise<void>;
  /**
   * False: onSettled never hears done (the handler wrote its success itself before answering), so a done attempt
   * settles in one statement instead of a transaction. Default true.
   */
  mirrorsDone?: boolean;
  /**
   * Manual redelivery (任务管理's 重新投递): puts the business record back in flight, in the transaction that
   * moves the task back to pending — a run only acts on a record in flight, so without it the next attempt
   * would find the record ended and do nothing. False refuses: the record cannot go again (a delivery a
   * control skipped), and the redelivery rolls back.
   */
  onRedeliver?(tx: Tx, task: OutboxTask): Promise<boolean>;
}

export const DEFAULT_LEASE_MS = 5 * 60_000;

/** What the outbox runs on: the database, the queue, the periodic tasks and whether Redis shares the work. */
export interface OutboxServices {
  db: Db;
  jobs: import('../../../jobs/queue.ts').JobQueue;
  scheduler: import('../../../jobs/scheduler.ts').Scheduler;
  config: { REDIS_URL?: string };
}

/**
 * The kinds registered on one queue. Keyed by the queue, not global: tests build several apps in one process,
 * each with its own database and queue.
 */
export interface Registry {
  services: OutboxServices;
  kinds: Map<string, OutboxKind>;
}
const registries = new WeakMap<object, Registry>();

export function registryOf(services: Pick<OutboxServices, 'jobs'>): Registry | undefined {
  return registries.get(services.jobs);
}

export function ensureRegistry(services: OutboxServices): { registry: Registry; created: boolean } {
  const found = registries.get(services.jobs);
  if (found) return { registry: found, created: false };
  const registry: Registry = { services, kinds: new Map() };
  registries.set(services.jobs, registry);
  return { registry, created: true };
}
