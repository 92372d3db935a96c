import { invoiceStatusText } from '@fpy/contracts';
import { type Db, invoices } from '@fpy/db';
import { and, inArray } from 'drizzle-orm';
import type { AuthedCtx } from '../../../../http/context.ts';
import { tenantCondition } from '../../../../data/tenant-scope.ts';
import { businessError, notFound } from '../../../../lib/errors.ts';
import type { Delivery } from '../records.ts';
import { createExplicitSend } from '../explicit-send.ts';
import { DELIVERABLE_STATUSES, resolveRecipient } from '../recipients.ts';

/** Same buyer: the same taxpayer number when both have one, else the same name. */
const buyerKey = (inv: typeof invoices.$inferSelect) =>
  inv.buyerTaxNumber?.trim() || `name:${inv.buyerName.trim()}`;

/**
 * 批量短信链接 (/allEleBatchSmsLink): one SMS with one short link that opens several issued invoices of the same
 * buyer (short_links.invoice_ids, in the order chosen). Every invoice must be the caller's (else 404, as for an
 * unknown id), issued, of one company and one buyer.
 */
export async function sendBatchSmsLink({
  ctx,
  input,
}: {
  ctx: AuthedCtx;
  input: { ids: number[]; mobile: string };
}): Promise<Delivery> {
  const ids = [...new Set(input.ids)];
  const rows = await (ctx.db as Db)
    .select()
    .from(invoices)
    .where(and(inArray(invoices.id, ids), tenantCondition(ctx, invoices.tenantId)));
  if (rows.length !== ids.length) throw notFound('NOT_FOUND.invoices_gone');
  const byId = new Map(rows.map((r) => [r.id, r]));
  const list = ids.map((id) => byId.get(id)!);
  const notIssued = list.find((r) => !DELIVERABLE_STATUSES.includes(r.status) || !r.number);
  if (notIssued)
    throw businessError('DELIVERY_INVOICE_NOT_ISSUED', { status: invoiceStatusText(notIssued.status) });
  const first = list[0];
  if (list.some((r) => r.tenantId !== first.tenantId || buyerKey(r) !== buyerKey(first)))
    throw businessError('DELIVERY_BATCH_BUYERS_DIFFER');
  const recipient = resolveRecipient(first, 'sms', input.mobile);
  return createExplicitSend(ctx, {
    tenantId: first.tenantId,
    invoiceIds: ids,
    channel: 'sms',
    recipient,
    trigger: 'batch',
    event: { kind: 'requested', message: ctx.actor.name },
  });
}
