import { outboxAttempts, outboxTasks } from '@fpy/db';
import { and, eq, inArray } from 'drizzle-orm';
import type { JobQueue } from '../../../../jobs/queue.ts';
import { type AuditCtx, emitAudit, withTransaction } from '../../../../lib/write/index.ts';
import type { Db } from '@fpy/db';
import { kickTask } from '../add.ts';
import { type OutboxTask, registryOf } from '../kinds.ts';

/** Who asks and where: a tenant's operator sees only the tenant's tasks (null = the platform, every task). */
export interface RedeliverCtx extends AuditCtx {
  db: Db;
  jobs: JobQueue;
  tenantId: number | null;
}

/** States a task can be redelivered from: the dead letter, and a refusal someone has since fixed. */
const ENDED: readonly string[] = ['dead', 'failed'];

/** Thrown inside the transaction when the kind refuses: rolls the move back. */
class Refused extends Error {}

/**
 * Manual redelivery of a dead (or failed) task: pending again, due now, with its attempts and horizon counted
 * afresh (`since` = now) so the kind's backoff gives it a full new round; its attempt log stays. A conditional
 * update: two operators pressing at once, or a task already back in flight, move it once. The kind's
 * `onRedeliver` puts its business record back in flight in the same transaction (or refuses), and the audit
 * row is written there too. Null when the task is not found (or not the tenant's), not ended, or refused.
 */
export async function redeliver({
  ctx,
  input,
}: {
  ctx: RedeliverCtx;
  input: { taskId: number };
}): Promise<OutboxTask | null> {
  const kinds = registryOf(ctx)?.kinds;
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
    const hook = kinds?.get(task.kind)?.onRedeliver;
    if (hook && !(await hook(tx, task))) throw new Refused();
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
  }).catch((err) => {
    if (err instanceof Refused) return null;
    throw err;
  });
  if (moved) await kickTask(ctx.jobs, moved.id, 0, moved.kind);
  return moved;
}
