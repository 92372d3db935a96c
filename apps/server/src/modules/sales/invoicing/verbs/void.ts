import { issuingTenant } from '../issuing-tenant.ts';
import { invoiceStatusText, local, VOID_REASONS, type VoidReason } from '@fpy/contracts';
import { type InvoiceStatus, type InvoiceType, invoiceTypeRules } from '@fpy/domain';
import { businessError } from '../../../../lib/errors.ts';
import { loadInvoice } from '../load.ts';
import { transition } from '../transition.ts';
import type { VerbCtx } from '../../../../http/verb-ctx.ts';
import { withTransaction } from '../../../../lib/write/index.ts';

// Asia/Shanghai has no daylight saving: the calendar month is a fixed +8 h shift of UTC.
const shanghaiMonth = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 7);

/**
 * 作废 (domain notes §6.3): only paper invoices, only while 已开具 (a partly red-flushed invoice is already
 * referenced by a red one), only in the calendar month of issue (Asia/Shanghai); everything else is red-flushed.
 * Each refusal names its rule and writes nothing.
 *
 * Credit line (§11.1): the gateway has no void call, so the sandbox's 授信额度 is NOT given back. Whether a void
 * restores credit is UNCONFIRMED in the notes, and the sandbox is equally conservative for red invoices
 * (redRestoresCredit: false); when a gateway void call exists, it decides.
 */
export async function voidInvoice({
  ctx,
  input,
  now = new Date(),
}: {
  ctx: VerbCtx;
  input: { id: number; reason: VoidReason; remark?: string };
  now?: Date;
}) {
  const tenantId = issuingTenant(ctx);
  const inv = await loadInvoice(ctx.db, tenantId, input.id);
  const rules = invoiceTypeRules(inv.type as InvoiceType);
  if (rules.electronic) throw businessError('INVOICE_VOID_ELECTRONIC');
  if (inv.colour === 'red') throw businessError('INVOICE_VOID_RED');
  const status = inv.status as InvoiceStatus;
  if (status !== 'issued') throw notIssued(status);
  if (!inv.issuedAt || shanghaiMonth(inv.issuedAt) !== shanghaiMonth(now)) {
    const issuedMonth = inv.issuedAt ? shanghaiMonth(inv.issuedAt) : '';
    throw businessError('INVOICE_VOID_MONTH', { month: local(issuedMonth.replace('-', '年'), issuedMonth) });
  }
  const reason = `作废原因：${VOID_REASONS[input.reason]}${input.remark ? `；${input.remark}` : ''}`;
  return withTransaction(ctx, (tx) => transition(tx, ctx, inv, 'issued', 'void', { reason }));
}

function notIssued(status: InvoiceStatus) {
  if (status === 'partly_red') return businessError('INVOICE_VOID_STATUS.partly_red');
  if (status === 'red') return businessError('INVOICE_VOID_STATUS.red');
  if (status === 'void') return businessError('INVOICE_VOID_STATUS.void');
  return businessError('INVOICE_VOID_STATUS', { status: invoiceStatusText(status) });
}
