import type { Db } from '@fpy/db';
import { DEFAULT_RETRY_POLICY } from '@fpy/domain';
import type { JobQueue } from '../../../jobs/queue.ts';
import type { Tx } from '../../../lib/write/index.ts';
import { addTask, kickTask, OUTBOX_SWEEP, type OutboxPolicy } from '../../platform/outbox/index.ts';

/** One delivery's sending (send-job.ts): the outbox kind; the task's ref is the delivery's id. */
export const DELIVERY_SEND_JOB = 'delivery.send';
/** After an invoice is issued (registered with invoicing's alsoEnqueueOnIssued); payload { tenantId, invoiceId }. */
export const DELIVERY_AUTO_JOB = 'delivery.auto';
/** A bulk send of the query page; payload { taskId }. */
export const DELIVERY_BULK_JOB = 'delivery.bulk';
/** The scheduled task that sends the retries that are due: the outbox's sweep. */
export const DELIVERY_RETRY_SWEEP = OUTBOX_SWEEP;

/**
 * How hard a delivery is tried after a temporary failure (@fpy/domain retry.ts: exponential backoff with jitter
 * over a horizon of hours, DELIVERY_RETRY_HOURS), the clock and random source it is computed with, and which
 * waits the queue holds as a delayed job (short ones) rather than the outbox's sweep (long ones: they survive a
 * restart of the in-process queue). The outbox reads it at each use; tests mutate it to drive hours.
 */
export const sendPolicy: OutboxPolicy = {
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

/** The send task of a new delivery, written in the transaction that creates the record (the outbox). */
export function addSendTask(tx: Tx, d: { id: number; tenantId: number }) {
  return addTask(tx, {
    kind: DELIVERY_SEND_JOB,
    ref: d.id,
    tenantId: d.tenantId,
    payload: { deliveryId: d.id },
  });
}

/** Asks for the send after the commit (the job must find the rows). */
export function kickSend(jobs: JobQueue, taskId: number) {
  return kickTask(jobs, taskId, 0, DELIVERY_SEND_JOB);
}
