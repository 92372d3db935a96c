import { VOID_REASONS, type VoidReason } from '@fpy/contracts';
import type { Db } from '@fpy/db';
import { INVOICE_STATUS_LABELS, type InvoiceStatus, type InvoiceType, invoiceTypeRules } from '@fpy/domain';
import { businessError } from '../../../../lib/errors.ts';
import { loadInvoice } from '../load.ts';
import { transition } from '../transition.ts';
import { issuingTenant, type VerbCtx } from '../verb-ctx.ts';

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
  if (rules.electronic) throw businessError('INVOICE_VOID_ELECTRONIC', '电子发票不能作废，请红冲');
  if (inv.colour === 'red') throw businessError('INVOICE_VOID_RED', '红字发票不能在此作废');
  const status = inv.status as InvoiceStatus;
  if (status !== 'issued') throw businessError('INVOICE_VOID_STATUS', notIssuedMessage(status));
  if (!inv.issuedAt || shanghaiMonth(inv.issuedAt) !== shanghaiMonth(now)) {
    const month = inv.issuedAt ? shanghaiMonth(inv.issuedAt).replace('-', '年') : '';
    throw businessError('INVOICE_VOID_MONTH', `只能作废当月开具的发票（本发票开具于${month}月），跨月请红冲`);
  }
  const reason = `作废原因：${VOID_REASONS[input.reason]}${input.remark ? `；${input.remark}` : ''}`;
  return ctx.db.transaction((tx) => transition(tx as unknown as Db, ctx, inv, 'issued', 'void', { reason }));
}

function notIssuedMessage(status: InvoiceStatus): string {
  if (status === 'partly_red') return '发票已部分红冲，不能作废';
  if (status === 'red') return '发票已红冲，不能作废';
  if (status === 'void') return '发票已作废，不能重复作废';
  return `只有已开具的发票可以作废，当前状态：${INVOICE_STATUS_LABELS[status]}`;
}
