import { outboxTasks } from '@fpy/db';
import { and, asc, eq, inArray, lt, lte, or } from 'drizzle-orm';
import { kickTask } from './add.ts';
import type { Registry } from './kinds.ts';

/** The periodic task that hands due and orphaned tasks to the queue. */
export const OUTBOX_SWEEP = 'outbox.sweep';
/** Every half minute. */
export const SWEEP_INTERVAL_MS = 30_000;
/** At most this many per tick; the rest follow on the next ticks. */
const SWEEP_BATCH = 500;

/**
 * Kicks the tasks of the registered kinds that are due (pending, next_at ≤ now) or orphaned (running past their
 * lease: the instance holding them died). next_at is the truth, not the queue: long waits are never held as
 * delayed jobs, and a kick lost between a commit and a crash is found here. Kicking a task already waiting
 * returns that job, and the claim decides, so the sweep, a delayed job and another instance never run it twice.
 */
export async function sweepOutbox(registry: Registry, now: Date): Promise<number> {
  const kinds = [...registry.kinds.keys()];
  if (!kinds.length) return 0;
  const due = await registry.services.db
    .select({ id: outboxTasks.id, kind: outboxTasks.kind })
    .from(outboxTasks)
    .where(
      and(
        inArray(outboxTasks.kind, kinds),
        or(
          and(eq(outboxTasks.state, 'pending'), lte(outboxTasks.nextAt, now)),
          and(eq(outboxTasks.state, 'running'), lt(outboxTasks.leaseUntil, now)),
        ),
      ),
    )
    .orderBy(asc(outboxTasks.nextAt))
    .limit(SWEEP_BATCH);
  for (const t of due) await kickTask(registry.services.jobs, t.id, 0, t.kind);
  return due.length;
}

/**
 * After a restart. The in-process queue forgot its jobs, and without Redis this process is the only instance:
 * a task still running was held by this process before it stopped, so it is released at once instead of
 * waiting for its lease. With Redis other instances may hold those very tasks: their leases decide. Then
 * everything due is kicked.
 */
export async function rescanAtStart(registry: Registry, now: Date): Promise<number> {
  const kinds = [...registry.kinds.keys()];
  if (!kinds.length) return 0;
  if (!registry.services.config.REDIS_URL)
    await registry.services.db
      .update(outboxTasks)
      .set({ state: 'pending', leaseUntil: null, leaseToken: null, nextAt: now, updatedAt: new Date() })
      .where(and(inArray(outboxTasks.kind, kinds), eq(outboxTasks.state, 'running')));
  return sweepOutbox(registry, now);
}
