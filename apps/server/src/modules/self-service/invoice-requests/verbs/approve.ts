import { invoiceRequests } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import type { AuthedCtx } from '../../../../http/context.ts';
import { tenantCondition } from '../../../../data/tenant-scope.ts';
import { emitAudit, withTransaction } from '../../../../lib/write/index.ts';
import { addTask, kickTask } from '../../../platform/outbox/index.ts';
import { ISSUE_REQUEST_KIND } from '../issue-task.ts';

/**
 * 审核通过 (one or many): each pending request of the caller's company moves to approved by a conditional update
 * and gets its issue task, one transaction per request (one that moved meanwhile is skipped, never issued
 * twice); the tasks are kicked after the commits and issue through sales/invoicing like the console's.
 */
export async function approveRequests({ ctx, input }: { ctx: AuthedCtx; input: { ids: number[] } }) {
  const done: number[] = [];
  const skipped: number[] = [];
  const tasks: number[] = [];
  for (const id of [...new Set(input.ids)]) {
    const taskId = await withTransaction(ctx, async (tx) => {
      const [req] = await tx
        .update(invoiceRequests)
        .set({
          state: 'approved',
          reviewedBy: ctx.actor.userId,
          reviewedByName: ctx.actor.name,
          reviewedAt: new Date(),
        })
        .where(
          and(
            eq(invoiceRequests.id, id),
            eq(invoiceRequests.state, 'pending'),
            tenantCondition(ctx, invoiceRequests.tenantId),
          ),
        )
        .returning();
      if (!req) return null;
      const task = await addTask(tx, {
        kind: ISSUE_REQUEST_KIND,
        ref: req.id,
        tenantId: req.tenantId,
        payload: { requestId: req.id },
      });
      await emitAudit(tx, ctx, {
        tenantId: req.tenantId,
        resource: 'invoice_requests',
        recordId: req.id,
        action: 'approve',
        changes: { from: 'pending', to: 'approved' },
      });
      return task;
    });
    if (taskId === null) skipped.push(id);
    else {
      done.push(id);
      tasks.push(taskId);
    }
  }
  for (const t of tasks) await kickTask(ctx.jobs, t, 0, ISSUE_REQUEST_KIND);
  return { done, skipped };
}
