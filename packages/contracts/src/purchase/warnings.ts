import { z } from 'zod';
import { pageQuery, pageReply } from '../common.ts';
import { defineRoute } from '../route.ts';

/**
 * 发票预警 (issue 31, lane CHECK; page /receiptsInvoice/invoiceWarning): what needs a finance user's eye about the
 * invoices the company received — a check that found the invoice abnormal (异常/失控), voided or red-lettered after
 * it was received or reimbursed, a supplier with such invoices (supplier risk), and refused second reimbursements.
 * Each names the invoice and what to do (`advice`, a catalogue code worded by the console).
 */
const TAG = 'purchase-warnings';
export const WARNING_KINDS = [
  'abnormal',
  'voided',
  'red_after_receipt',
  'supplier_risk',
  'duplicate_reimbursement',
] as const;
export type WarningKind = (typeof WARNING_KINDS)[number];

export const purchaseWarningView = z.object({
  /** Stable per warning: kind + invoice key (+ attempt id). */
  id: z.string(),
  kind: z.enum(WARNING_KINDS),
  invoiceKey: z.string(),
  number: z.string(),
  code: z.string().nullable(),
  sellerName: z.string().nullable(),
  totalFen: z.number().int().nullable(),
  /** Who and when: the check that saw it, or the person whose second claim was refused. */
  actorName: z.string(),
  at: z.string(),
  /** The claim that holds the invoice (reimbursed already), when one does. */
  claimNo: z.string().nullable(),
  detail: z.string().nullable(),
});
export type PurchaseWarningView = z.infer<typeof purchaseWarningView>;

export const listPurchaseWarnings = defineRoute({
  method: 'GET',
  path: '/api/purchase/warnings',
  permission: 'invoiceWarning',
  tag: TAG,
  summary: '发票预警：异常、作废、收票后红冲、供应商风险、重复报销尝试',
  query: pageQuery.extend({ kind: z.enum(WARNING_KINDS, { error: '预警类型不在可选范围内' }).optional() }),
  reply: pageReply(purchaseWarningView),
});
