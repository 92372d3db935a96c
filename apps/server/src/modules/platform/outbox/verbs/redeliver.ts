import { outboxAttempts, outboxTasks } from '@fpy/db';
import { and, eq, inArray } from 'drizzle-orm';
import type { JobQueue } from '../../../../jobs/queue.ts';
import { type AuditCtx, emitAudit, withTransaction } from '../../../../lib/write/index.ts';
import type { Db } from '@fpy/db';
import { kickTask } from '../add.ts';
import type { OutboxTask } from '../kinds.ts';

/** Who asks and where: a tenant's operator sees only the tenant's tasks (null = the platform, every task). */
export interface RedeliverCtx extends AuditCtx {
  db: Db;
  jobs: JobQueue;
  tenantId: number | null;
}

/** States a task can be redelivered from: the dead letter, and a refusal someone has since fixed. */
const ENDED: readonly string[] = ['dead', 'failed'];

/**
 * Manual redelivery of a dead (or failed) task: pending again, due now, with its attempts and horizon counted
 * afresh (`since` = now) so the kind's backoff gives it a full new round; its attempt log stays. A conditional
 * update: two operators pressing at once, or a task already back in flight, move it once. The audit row is
 * written in the same transaction. Null when the task is not found (or not the tenant's) or not ended.
 */
export async function redeliver({
  ctx,
  input,
}: {
  ctx: RedeliverCtx;
  input: { taskId: number };
}): Promise<OutboxTask | null> {
  const moved = await withTransaction(ctx, async (tx) => {
    const now = new Date();
    const [task] = await tx
      .update(outboxTasks)
      .set({ state: 'pending', attempts: 0, nextAt: now, since: now, finishedAt: null, updatedAt: now })
      .where(
        and(
          eq(outboxTasks.id, input.taskId),
          inArray(outboxTasks.state, [...ENDED]),
          ...(ctx.tenantId === null ? [] : [eq(outboxTasks.tenantId, ctx.tenantId)]),
        ),
      )
      .returning();
    if (!task) return null;
    await tx.insert(outboxAttempts).values({
      taskId: task.id,
      tenantId: task.tenantId,
      kind: task.kind,
      n: 0,
      leaseToken: 'redeliver',
      outcome: 'redelivered',
      message: ctx.actor?.name ?? null,
      startedAt: now,
      endedAt: now,
    });
    await emitAudit(tx, ctx, {
      tenantId: task.tenantId,
      resource: 'outboxTask',
      recordId: task.id,
      action: 'redeliver',
      changes: { kind: task.kind, ref: task.ref },
    });
    return task;
  });
  if (moved) await kickTask(ctx.jobs, moved.id);
  return moved;
}
