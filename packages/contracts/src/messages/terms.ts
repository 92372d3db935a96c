import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@fpy/domain';
import { LocalText } from './text.ts';

/** Words that go into messages as parameters: status names, field and column labels. */
const INVOICE_STATUS_EN: Readonly<Record<InvoiceStatus, string>> = {
  draft: 'a draft',
  pending_review: 'awaiting review',
  ready: 'ready to issue',
  issuing: 'being issued',
  issued: 'issued',
  failed: 'failed',
  partly_red: 'partly reversed',
  red: 'reversed',
  void: 'void',
};

export const invoiceStatusText = (s: string) =>
  new LocalText(INVOICE_STATUS_LABELS[s as InvoiceStatus] ?? s, INVOICE_STATUS_EN[s as InvoiceStatus] ?? s);

/**
 * English of the Chinese labels the server writes into messages (field labels, import columns, roles, red
 * form states). A label not listed stays as it is — it is data then, not wording.
 */
const LABELS_EN: Readonly<Record<string, string>> = {
  税收分类编码: 'Tax classification code',
  '字段 spbm：税收分类编码': 'Field spbm: tax classification code',
  税率: 'Tax rate',
  '税率/征收率': 'Tax rate',
  '字段 rate：税率': 'Field rate: tax rate',
  开票人: 'Drawer',
  收款人: 'Payee',
  复核人: 'Reviewer',
  全公司: 'the whole company',
  该部门: 'this department',
  他人: 'someone else',
  审核通过: 'approved',
  驳回: 'rejected',
  作废: 'voided',
  申请中: 'Applying',
  无需确认: 'No confirmation needed',
  销方录入待购方确认: 'Raised by seller, awaiting buyer',
  购方录入待销方确认: 'Raised by buyer, awaiting seller',
  购销双方已确认: 'Confirmed by both parties',
  '作废（销方录入购方否认）': 'Void (buyer refused)',
  '作废（购方录入销方否认）': 'Void (seller refused)',
  '作废（超72小时未确认）': 'Void (not confirmed within 72 hours)',
  '作废（发起方已撤销）': 'Void (revoked by the initiator)',
  '作废（确认后撤销）': 'Void (revoked after confirmation)',
  '作废（异常凭证）': 'Void (abnormal voucher)',
  增值税专用发票: 'VAT special invoice',
  增值税普通发票: 'VAT ordinary invoice',
  数电专票: 'digital special invoice',
  数电普票: 'digital ordinary invoice',
};

/** A Chinese label with its English, when it has one. */
export const labelText = (zh: string) => new LocalText(zh, LABELS_EN[zh] ?? zh);

/** A list joined the way each language joins one (、 / , ). */
export const listText = (items: readonly string[], zhSep = '、', enSep = ', ') =>
  new LocalText(items.join(zhSep), items.join(enSep));
