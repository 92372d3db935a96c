import { randomUUID } from 'node:crypto';
import { type Db, outboxAttempts, outboxTasks } from '@fpy/db';
import { and, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
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
  // One statement: an attempt a lost claim left open is closed as lost, and this claim's attempt begins (a
  // statement fewer on every send; issue 29 bench).
  await db.execute(sql`
    WITH lost AS (
      UPDATE ${outboxAttempts} SET outcome = 'lost', ended_at = now()
      WHERE ${outboxAttempts.taskId} = ${task.id} AND ${outboxAttempts.outcome} IS NULL
    )
    INSERT INTO ${outboxAttempts} (task_id, tenant_id, kind, n, lease_token)
    VALUES (${task.id}, ${task.tenantId}, ${task.kind}, ${task.attempts}, ${token})`);
  return task;
}
