import { invoiceRequests } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import type { AuthedCtx } from '../../../../http/context.ts';
import { tenantCondition } from '../../../../data/tenant-scope.ts';
import { emitAudit, withTransaction } from '../../../../lib/write/index.ts';
import { runSettledHook } from '../hooks.ts';

/**
 * 驳回 (one or many) with a reason the buyer reads: pending → rejected by a conditional update, the source's
 * reaction (the order opens again so the buyer may ask with a corrected title) and the audit row in the same
 * transaction, one per request.
 */
export async function rejectRequests({
  ctx,
  input,
}: {
  ctx: AuthedCtx;
  input: { ids: number[]; reason: string };
}) {
  const done: number[] = [];
  const skipped: number[] = [];
  for (const id of [...new Set(input.ids)]) {
    const moved = await withTransaction(ctx, async (tx) => {
      const [req] = await tx
        .update(invoiceRequests)
        .set({
          state: 'rejected',
          rejectReason: input.reason,
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
      if (!req) return false;
      await runSettledHook(tx, req, 'rejected');
      await emitAudit(tx, ctx, {
        tenantId: req.tenantId,
        resource: 'invoice_requests',
        recordId: req.id,
        action: 'reject',
        changes: { from: 'pending', to: 'rejected', reason: input.reason },
      });
      return true;
    });
    (moved ? done : skipped).push(id);
  }
  return { done, skipped };
}
