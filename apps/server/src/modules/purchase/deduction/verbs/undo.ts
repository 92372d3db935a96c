import type { SelectOutcome } from '@fpy/contracts';
import { deductionSelections, receivedInvoices } from '@fpy/db';
import { and, eq, inArray } from 'drizzle-orm';
import type { AuthedCtx } from '../../../../http/context.ts';
import { businessError } from '../../../../lib/errors.ts';
import { emitAudit, withTransaction } from '../../../../lib/write/index.ts';
import { addTask, kickTask } from '../../../platform/outbox/index.ts';
import { ownTaxNumber, ownTenant } from '../../checks/index.ts';
import { AUDIT_SELECTION, DEDUCTION_SUBMIT_KIND, type SubmitPayload, taskRef } from '../bureau-task.ts';
import { closedReason, lockPeriod } from '../period.ts';
import { reasonText, type Skipped } from '../selectable.ts';

/**
 * 撤销勾选 (issue 31, lane DEDUCT): invoices selected for `period` go back, before 申请统计 and the deadline. One
 * transaction: the period locked and open, each row moved selected → undoing by a conditional update (a row still
 * 处理中 or already undone is skipped, or refused when it is the only one), audited, and the outbox task that asks
 * the bureau after the commit; the bureau's answer settles undone (or back to selected with its reason).
 */
export async function undoSelections(
  ctx: AuthedCtx,
  period: string,
  invoiceIds: number[],
): Promise<SelectOutcome> {
  const tenantId = ownTenant(ctx.actor);
  const buyerTaxNumber = await ownTaxNumber(ctx.db, tenantId);
  const ids = [...new Set(invoiceIds)];
  const { taskId, sent, skipped } = await withTransaction(ctx, async (tx) => {
    const p = await lockPeriod(tx, tenantId, period);
    const closed = closedReason(p.state, period);
    if (closed) throw businessError(closed);
    const invoices = await tx
      .select()
      .from(receivedInvoices)
      .where(and(eq(receivedInvoices.tenantId, tenantId), inArray(receivedInvoices.id, ids)));
    const skipped: Skipped = [];
    const items: SubmitPayload['items'] = [];
    for (const inv of invoices) {
      const [row] = await tx
        .update(deductionSelections)
        .set({
          state: 'undoing',
          requestId: null,
          reason: null,
          actorId: ctx.actor.userId,
          actorName: ctx.actor.name,
        })
        .where(
          and(
            eq(deductionSelections.tenantId, tenantId),
            eq(deductionSelections.receivedInvoiceId, inv.id),
            eq(deductionSelections.period, period),
            eq(deductionSelections.state, 'selected'),
          ),
        )
        .returning();
      if (!row) {
        skipped.push({ id: inv.id, number: inv.number, reason: 'DEDUCTION_NOT_SELECTED' });
        continue;
      }
      items.push({ selectionId: row.id, sellerCreditCode: inv.sellerTaxNumber, number: inv.invoiceKey });
      await emitAudit(tx, ctx, {
        tenantId,
        resource: AUDIT_SELECTION,
        recordId: row.id,
        action: 'undo',
        changes: { invoice: inv.invoiceKey, period, state: 'undoing' },
      });
    }
    for (const id of ids)
      if (!invoices.some((i) => i.id === id)) skipped.push({ id, number: '', reason: 'DEDUCTION_NOT_YOURS' });
    if (ids.length === 1 && skipped.length === 1)
      throw businessError('DEDUCTION_UNDO_REFUSED', {
        invoice: skipped[0].number || String(ids[0]),
        reason: reasonText(skipped[0].reason),
      });
    if (!items.length) return { taskId: null, sent: 0, skipped };
    const payload: SubmitPayload = { action: 'undo', tenantId, buyerTaxNumber, period, items };
    const taskId = await addTask(tx, {
      kind: DEDUCTION_SUBMIT_KIND,
      ref: taskRef('undo', items[0].selectionId),
      tenantId,
      payload,
    });
    return { taskId, sent: items.length, skipped };
  });
  if (taskId) await kickTask(ctx.jobs, taskId, 0, DEDUCTION_SUBMIT_KIND);
  return { sent, skipped };
}
