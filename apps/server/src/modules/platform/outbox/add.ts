import { outboxTasks } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import type { JobQueue } from '../../../jobs/queue.ts';
import type { Tx } from '../../../lib/write/index.ts';

/** The queue job that runs one task; payload { taskId }. */
export const OUTBOX_RUN_JOB = 'outbox.run';

export interface NewTask {
  kind: string;
  /** The business record's key within the kind: one task per record. */
  ref: string | number;
  tenantId: number | null;
  payload?: unknown;
  /** Not before (default: now). */
  nextAt?: Date;
  /** Adoption of work begun before the outbox: attempts made so far and where the horizon counts from. */
  attempts?: number;
  since?: Date;
  /**
   * Adoption of work that already ended (records that predate the outbox, demo data): the task is written as it
   * stands after its attempts — done, failed or dead (redeliverable from 任务管理) — with when and the last code.
   */
  ended?: { state: 'done' | 'failed' | 'dead'; at: Date; lastCode?: string | null };
}

const valuesOf = (task: NewTask) => ({
  kind: task.kind,
  ref: String(task.ref),
  tenantId: task.tenantId,
  payload: task.payload ?? null,
  ...(task.nextAt ? { nextAt: task.nextAt } : {}),
  ...(task.attempts ? { attempts: task.attempts } : {}),
  ...(task.since ? { since: task.since, createdAt: task.since } : {}),
  ...(task.ended
    ? { state: task.ended.state, finishedAt: task.ended.at, lastCode: task.ended.lastCode ?? null }
    : {}),
});

/**
 * Writes the task in the caller's transaction (the business change and the promise to act on it commit
 * together: a crash after the commit loses nothing, the sweep finds the task). Idempotent per kind + ref: a
 * second call returns the existing task's id. Call kickTask after the commit.
 */
export async function addTask(tx: Tx, task: NewTask): Promise<number> {
  const ref = String(task.ref);
  const [row] = await tx
    .insert(outboxTasks)
    .values(valuesOf(task))
    .onConflictDoNothing()
    .returning({ id: outboxTasks.id });
  if (row) return row.id;
  const [found] = await tx
    .select({ id: outboxTasks.id })
    .from(outboxTasks)
    .where(and(eq(outboxTasks.kind, task.kind), eq(outboxTasks.ref, ref)));
  return found.id;
}

/**
 * Asks the queue to run a committed task, now or after `delayMs`. Only a hint: the claim decides, so a kick
 * for a task that is not due, already running or ended changes nothing. The queue's own attempts only cover a
 * crash of the runner; the task's retries are the outbox's.
 */
export function kickTask(jobs: JobQueue, taskId: number, delayMs = 0, kind?: string) {
  // The kind rides along when the caller knows it: the run then skips a query to look it up.
  return jobs.enqueue(OUTBOX_RUN_JOB, kind ? { taskId, kind } : { taskId }, {
    attempts: 3,
    backoffMs: 1000,
    delayMs,
  });
}

/**
 * Many tasks at once, each only if its kind + ref has none yet (a kind adopting records that predate it at
 * start; two instances starting together add each once). Answers how many were added.
 */
export async function addTasks(tx: Tx, tasks: readonly NewTask[]): Promise<number> {
  if (!tasks.length) return 0;
  const rows = await tx
    .insert(outboxTasks)
    .values(tasks.map(valuesOf))
    .onConflictDoNothing()
    .returning({ id: outboxTasks.id });
  return rows.length;
}
