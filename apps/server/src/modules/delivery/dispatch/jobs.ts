import type { Db } from '@fpy/db';
import type { JobQueue } from '../../../jobs/queue.ts';

/** One delivery's sending (send-job.ts); payload { deliveryId }. */
export const DELIVERY_SEND_JOB = 'delivery.send';
/** After an invoice is issued (registered with invoicing's alsoEnqueueOnIssued); payload { tenantId, invoiceId }. */
export const DELIVERY_AUTO_JOB = 'delivery.auto';
/** A bulk send of the query page; payload { taskId }. */
export const DELIVERY_BULK_JOB = 'delivery.bulk';

/**
 * How hard a delivery is tried: `attempts` sends in all (the last failure of a retryable error makes it dead,
 * the dead letter with the reason), waiting backoffMs, 2×, 4× … between them. Mutable for tests only.
 */
export const sendPolicy = { attempts: 5, backoffMs: 2000 };

/** What the verbs need: a database (or transaction), the queue and who acts (null for automatic sends). */
export interface DispatchCtx {
  db: Db;
  jobs: JobQueue;
  actor: { userId: number; name: string; tenantId: number | null; platform: boolean } | null;
}

/** Asks for the send of a committed delivery (after its transaction: the job must find the row). */
export function enqueueSend(jobs: JobQueue, deliveryId: number) {
  // One more run than sendPolicy.attempts: the handler dead-letters the row itself at its last attempt, so the
  // queue never gives up on a row it left in 'sending'.
  return jobs.enqueue(
    DELIVERY_SEND_JOB,
    { deliveryId },
    { attempts: sendPolicy.attempts + 1, backoffMs: sendPolicy.backoffMs },
  );
}
