import type { SelectOutcome } from '@fpy/contracts';
import { deductionSelections, receivedInvoices } from '@fpy/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AuthedCtx } from '../../../../http/context.ts';
import { businessError, notFound } from '../../../../lib/errors.ts';
import { emitAudit, withTransaction } from '../../../../lib/write/index.ts';
import { addTask, kickTask } from '../../../platform/outbox/index.ts';
import { ownTaxNumber, ownTenant } from '../../checks/index.ts';
import { AUDIT_SELECTION, DEDUCTION_SUBMIT_KIND, type SubmitPayload, taskRef } from '../bureau-task.ts';
import { closedReason, lockPeriod } from '../period.ts';
import {
  type ReceivedRow,
  reasonText,
  type Skipped,
  selectionsOf,
  shanghaiStamp,
  whyNot,
} from '../selectable.ts';

/**
 * 勾选 (issue 31, lane DEDUCT): the given received invoices of the company for `period`. One transaction: the period
 * row locked (a period being counted or confirmed refuses), each invoice checked against the domain rules, its
 * selection row inserted (or a refused / undone row taken back) as 处理中 — the unique (tenant, invoice) row means
 * an invoice is selected at most once, whoever asks, and of two users selecting it one wins and the other gets 409
 * naming who holds it — the audit rows and the outbox task that asks the bureau after the commit.
 * `strict`: a single invoice asked by hand refuses with its reason; a bulk selection skips and reports.
 */
export async function selectInvoices(
  ctx: AuthedCtx,
  period: string,
  invoiceIds: number[],
  strict: boolean,
): Promise<SelectOutcome> {
  const tenantId = ownTenant(ctx.actor);
  const buyerTaxNumber = await ownTaxNumber(ctx.db, tenantId);
  const ids = [...new Set(invoiceIds)];
  const { taskId, sent, skipped } = await withTransaction(ctx, async (tx) => {
    const p = await lockPeriod(tx, tenantId, period);
    const invoices = ids.length
      ? await tx
          .select()
          .from(receivedInvoices)
          .where(and(eq(receivedInvoices.tenantId, tenantId), inArray(receivedInvoices.id, ids)))
      : [];
    if (strict && invoices.length !== ids.length) throw notFound('DEDUCTION_NOT_YOURS');
    const closed = closedReason(p.state, period);
    if (closed) throw businessError(closed);
    const held = await selectionsOf(tx, tenantId, ids);
    const skipped: Skipped = [];
    const take: ReceivedRow[] = [];
    for (const inv of invoices) {
      const sel = held.get(inv.id);
      const why = whyNot(inv, sel, period);
      if (!why) {
        take.push(inv);
        continue;
      }
      if (strict && invoices.length === 1) {
        if (why === 'DEDUCTION_ALREADY_SELECTED' && sel) throw heldBy(inv.number, sel);
        throw businessError('DEDUCTION_NOT_SELECTABLE', { invoice: inv.number, reason: reasonText(why) });
      }
      skipped.push({ id: inv.id, number: inv.number, reason: why });
    }
    const items: SubmitPayload['items'] = [];
    for (const inv of take) {
      const values = {
        tenantId,
        receivedInvoiceId: inv.id,
        period,
        state: 'selecting',
        amountFen: inv.amountFen,
        taxFen: inv.taxFen,
        requestId: null,
        reason: null,
        flag: null,
        flaggedAt: null,
        actorId: ctx.actor.userId,
        actorName: ctx.actor.name,
      };
      // A new row, or a refused / undone one taken back; a row another request holds stays as it is.
      const [row] = await tx
        .insert(deductionSelections)
        .values(values)
        .onConflictDoUpdate({
          target: [deductionSelections.tenantId, deductionSelections.receivedInvoiceId],
          set: { ...values, updatedAt: new Date() },
          setWhere: sql`${deductionSelections.state} in ('refused', 'undone')`,
        })
        .returning();
      if (!row) {
        const [winner] = await tx
          .select()
          .from(deductionSelections)
          .where(
            and(
              eq(deductionSelections.tenantId, tenantId),
              eq(deductionSelections.receivedInvoiceId, inv.id),
            ),
          );
        if (strict && take.length === 1 && winner) throw heldBy(inv.number, winner);
        skipped.push({ id: inv.id, number: inv.number, reason: 'DEDUCTION_ALREADY_SELECTED' });
        continue;
      }
      items.push({ selectionId: row.id, sellerCreditCode: inv.sellerTaxNumber, number: inv.invoiceKey });
      await emitAudit(tx, ctx, {
        tenantId,
        resource: AUDIT_SELECTION,
        recordId: row.id,
        action: 'select',
        changes: { invoice: inv.invoiceKey, period, state: 'selecting', taxFen: inv.taxFen },
      });
    }
    if (!items.length) return { taskId: null, sent: 0, skipped };
    const payload: SubmitPayload = { action: 'select', tenantId, buyerTaxNumber, period, items };
    const taskId = await addTask(tx, {
      kind: DEDUCTION_SUBMIT_KIND,
      ref: taskRef('select', items[0].selectionId),
      tenantId,
      payload,
    });
    return { taskId, sent: items.length, skipped };
  });
  if (taskId) await kickTask(ctx.jobs, taskId, 0, DEDUCTION_SUBMIT_KIND);
  return { sent, skipped };
}

export function heldBy(invoice: string, sel: { actorName: string; updatedAt: Date; period: string }) {
  return businessError('DEDUCTION_SELECTED_BY', {
    invoice,
    who: sel.actorName || '—',
    at: shanghaiStamp(sel.updatedAt),
    period: sel.period,
  });
}
