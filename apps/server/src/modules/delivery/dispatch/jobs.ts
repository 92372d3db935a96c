import type { Db } from '@fpy/db';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from '@fpy/domain';
import type { JobQueue } from '../../../jobs/queue.ts';

/** One delivery's sending (send-job.ts); payload { deliveryId }. */
export const DELIVERY_SEND_JOB = 'delivery.send';
/** After an invoice is issued (registered with invoicing's alsoEnqueueOnIssued); payload { tenantId, invoiceId }. */
export const DELIVERY_AUTO_JOB = 'delivery.auto';
/** A bulk send of the query page; payload { taskId }. */
export const DELIVERY_BULK_JOB = 'delivery.bulk';
/** The scheduled task that sends the retries that are due (retry-sweep.ts). */
export const DELIVERY_RETRY_SWEEP = 'delivery.retry-sweep';

/**
 * How hard a delivery is tried after a temporary failure (@fpy/domain retry.ts: exponential backoff with jitter
 * over a horizon of hours, DELIVERY_RETRY_HOURS), the clock and random source it is computed with, and which
 * waits the queue holds as a delayed job (short ones) rather than the retry sweep (long ones: they survive a
 * restart of the in-process queue). Mutable for tests, which drive hours through `now` and the sweep.
 */
export const sendPolicy: RetryPolicy & {
  queueDelayMaxMs: number;
  now: () => Date;
  random: () => number;
} = {
  ...DEFAULT_RETRY_POLICY,
  queueDelayMaxMs: 60_000,
  now: () => new Date(),
  random: Math.random,
};

/** What the verbs need: a database (or transaction), the queue and who acts (null for automatic sends). */
export interface DispatchCtx {
  db: Db;
  jobs: JobQueue;
  actor: { userId: number; name: string; tenantId: number | null; platform: boolean } | null;
}

/**
 * Asks for the send of a committed delivery (after its transaction: the job must find the row), now or after
 * `delayMs`. The handler schedules its own retries; the queue's attempts only cover a crash of the handler.
 */
export function enqueueSend(jobs: JobQueue, deliveryId: number, delayMs = 0) {
  return jobs.enqueue(DELIVERY_SEND_JOB, { deliveryId }, { attempts: 3, backoffMs: 1000, delayMs });
}
