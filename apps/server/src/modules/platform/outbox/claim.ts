import { randomUUID } from 'node:crypto';
import { type Db, outboxAttempts, outboxTasks } from '@fpy/db';
import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { OutboxTask } from './kinds.ts';

/**
 * Claims a task for one attempt by a conditional UPDATE: pending and due, or running with an expired lease (its
 * holder crashed). PostgreSQL locks the row and re-checks the condition after a concurrent claim commits, so of
 * two instances claiming at once exactly one gets the row; the other gets nothing. The claim carries a fresh
 * lease token: only its holder can settle the attempt. An attempt line left open by a lost claim is closed as
 * 'lost' before this claim's line is written.
 */
export async function claimTask(
  db: Db,
  taskId: number,
  opts: { kinds: readonly string[]; now: Date; leaseMs: number },
): Promise<OutboxTask | null> {
  if (!opts.kinds.length) return null;
  const token = randomUUID();
  // A second of slack: a delayed job's timer may fire a hair before the time it was set for.
  const due = new Date(opts.now.getTime() + 1000);
  const [task] = await db
    .update(outboxTasks)
    .set({
      state: 'running',
      attempts: sql`${outboxTasks.attempts} + 1`,
      leaseUntil: new Date(opts.now.getTime() + opts.leaseMs),
      leaseToken: token,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(outboxTasks.id, taskId),
        inArray(outboxTasks.kind, [...opts.kinds]),
        or(
          and(eq(outboxTasks.state, 'pending'), lte(outboxTasks.nextAt, due)),
          and(eq(outboxTasks.state, 'running'), lt(outboxTasks.leaseUntil, opts.now)),
        ),
      ),
    )
    .returning();
  if (!task) return null;
  await db
    .update(outboxAttempts)
    .set({ outcome: 'lost', endedAt: new Date() })
    .where(and(eq(outboxAttempts.taskId, task.id), isNull(outboxAttempts.outcome)));
  await db.insert(outboxAttempts).values({
    taskId: task.id,
    tenantId: task.tenantId,
    kind: task.kind,
    n: task.attempts,
    leaseToken: token,
  });
  return task;
}
