import { deliveries } from '@fpy/db';
import { and, asc, eq, lte } from 'drizzle-orm';
import type { Services } from '../../../http/context.ts';
import { DELIVERY_RETRY_SWEEP, enqueueSend } from './jobs.ts';

/** Every half minute the retries that are due are handed to the queue. */
const SWEEP_INTERVAL_MS = 30_000;
/** At most this many per tick; the rest follow on the next ticks. */
const SWEEP_BATCH = 500;

/**
 * Sends the deliveries whose next attempt is due (status retrying, next_attempt_at ≤ now). Long waits are not
 * held as delayed jobs (the in-process queue forgets them on restart): the record's next_attempt_at is the truth
 * and this sweep acts on it. Enqueueing one already waiting returns that job, and the send job claims a record
 * only when its time has come, so the sweep, a delayed job and another instance never send twice.
 */
export async function sweepDueRetries(services: Pick<Services, 'db' | 'jobs'>, now: Date): Promise<number> {
  const due = await services.db
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(and(eq(deliveries.status, 'retrying'), lte(deliveries.nextAttemptAt, now)))
    .orderBy(asc(deliveries.nextAttemptAt))
    .limit(SWEEP_BATCH);
  for (const d of due) await enqueueSend(services.jobs, d.id);
  return due.length;
}

export function scheduleRetrySweep(services: Services) {
  services.scheduler.every(DELIVERY_RETRY_SWEEP, SWEEP_INTERVAL_MS, async (now) => {
    await sweepDueRetries(services, now);
  });
}
