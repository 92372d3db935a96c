import { outboxAttempts, outboxTasks } from '@fpy/db';
import type { Db } from '@fpy/db';
import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import { withTransaction } from '../../../lib/write/index.ts';

/** The periodic task that forgets finished work (issue 29 §3, 任务管理). */
export const OUTBOX_RETENTION = 'outbox.retention';
/** Hourly: the horizon is days, so an hour late changes nothing. */
export const RETENTION_INTERVAL_MS = 3_600_000;
/** Tasks per transaction: short transactions, the rest in the next round of the same run. */
const RETENTION_BATCH = 1000;
/** Rounds per run at most (a first run on a large backlog continues in the next hours). */
const RETENTION_ROUNDS = 50;

/**
 * Deletes the tasks that ended done before `now − days` and their attempt lines, in batches. Only done tasks:
 * a failed or dead task stays until an operator redelivers it (its log is the evidence), a pending or running
 * one is work still owed. Safe with several instances: each batch locks its rows with SKIP LOCKED, so two runs
 * at once delete disjoint batches, and a task deleted by one is simply not found by the other (the scheduler's
 * tick claim on Redis already makes that rare). A done task never moves again (redelivery takes only dead or
 * failed ones), so nothing races the delete. Answers how many tasks were removed.
 */
export async function purgeFinished(db: Db, now: Date, days: number): Promise<number> {
  const before = new Date(now.getTime() - days * 86_400_000);
  let removed = 0;
  for (let round = 0; round < RETENTION_ROUNDS; round++) {
    const ids = await withTransaction({ db }, async (tx) => {
      const doomed = tx
        .select({ id: outboxTasks.id })
        .from(outboxTasks)
        .where(and(eq(outboxTasks.state, 'done'), lt(outboxTasks.finishedAt, before)))
        .orderBy(asc(outboxTasks.id))
        .limit(RETENTION_BATCH)
        .for('update', { skipLocked: true });
      const gone = await tx
        .delete(outboxTasks)
        .where(and(inArray(outboxTasks.id, doomed), eq(outboxTasks.state, 'done')))
        .returning({ id: outboxTasks.id });
      const list = gone.map((g) => g.id);
      if (list.length) await tx.delete(outboxAttempts).where(inArray(outboxAttempts.taskId, list));
      return list;
    });
    removed += ids.length;
    if (ids.length < RETENTION_BATCH) break;
  }
  return removed;
}
