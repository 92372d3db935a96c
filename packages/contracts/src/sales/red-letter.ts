import { z } from 'zod';
import {
  dateRange,
  decimalText,
  faceLines,
  fenAmount,
  idParams,
  idSchema,
  idWith,
  pagedQuery,
  pageReply,
  text,
} from '../common.ts';
import { defineRoute } from '../route.ts';
import { invoiceTypeField, taxRateField } from './calculate.ts';
import { invoiceDetail, invoiceStatusField } from './invoices.ts';

/**
 * 红字发票信息确认单 (domain notes §6.1): invoiceFill applies for a form against a blue invoice (full or partial,
 * per line), invoiceDetails lists the forms, acts on them (confirm / refuse / revoke) and issues the red
 * invoice. Money is integer fen; amounts on forms are the positive part reversed, the red invoice is negative.
 */

/** §6.1 reasons (chyydm 01–04) under our names; the bureau code is only shown, never sent from here. */
export const RED_REASONS = ['issue_error', 'sales_return', 'service_suspension', 'sales_discount'] as const;
export const redReasonField = z.enum(RED_REASONS, { message: '请选择红冲原因' });
export type RedReason = (typeof RED_REASONS)[number];
export const RED_REASON_CODE: Record<RedReason, string> = {
  issue_error: '01',
  sales_return: '02',
  service_suspension: '03',
  sales_discount: '04',
};

/**
 * Form states: the bureau's 01–10 (§6.1) under our names, plus `applying` — our own row written before the
 * bureau is asked, so concurrent applications see the amount as taken while the call is in flight.
 */
export const RED_FORM_STATES = [
  'applying',
  'no_confirmation_needed',
  'pending_buyer',
  'pending_seller',
  'confirmed',
  'void_buyer_refused',
  'void_seller_refused',
  'void_expired',
  'void_revoked',
  'void_revoked_after_confirm',
  'void_abnormal',
] as const;
export type RedFormStateName = (typeof RED_FORM_STATES)[number];
export const redFormStateField = z.enum(RED_FORM_STATES);
export const RED_FORM_STATE_CODE: Record<RedFormStateName, string> = {
  applying: '',
  no_confirmation_needed: '01',
  pending_buyer: '02',
  pending_seller: '03',
  confirmed: '04',
  void_buyer_refused: '05',
  void_seller_refused: '06',
  void_expired: '07',
  void_revoked: '08',
  void_revoked_after_confirm: '09',
  void_abnormal: '10',
};
/** A red invoice may be issued with a form in these states (§6.1). */
export const RED_FORM_USABLE_STATES: readonly RedFormStateName[] = ['no_confirmation_needed', 'confirmed'];
/** Waiting for the other party: the 72-hour countdown runs (§6.1). */
export const RED_FORM_PENDING_STATES: readonly RedFormStateName[] = ['pending_buyer', 'pending_seller'];

/** What a blue line is, from the first digit of its 税收分类编码: 1 货物, 2/3 劳务与服务, anything else other. */
export const lineNatureField = z.enum(['goods', 'services', 'other']);

export const blueLineReply = z.object({
  lineNo: z.number().int(),
  name: z.string(),
  taxCode: z.string().nullable(),
  spec: z.string().nullable(),
  unit: z.string().nullable(),
  quantity: z.string().nullable(),
  /** 不含税单价 (red lines are computed exclusive of tax). */
  unitPrice: z.string().nullable(),
  rate: taxRateField,
  /** Net of its discount line when it had one (red invoices carry normal lines only, §4.5). */
  amountFen: z.number().int(),
  taxFen: z.number().int(),
  remainingAmountFen: z.number().int(),
  remainingTaxFen: z.number().int(),
  remainingQuantity: z.string().nullable(),
  nature: lineNatureField,
});

export const blueInvoiceReply = z.object({
  id: z.number().int(),
  number: z.string().nullable(),
  type: invoiceTypeField,
  status: invoiceStatusField,
  colour: z.string(),
  buyerName: z.string(),
  buyerTaxNumber: z.string().nullable(),
  amountFen: z.number().int(),
  taxFen: z.number().int(),
  totalFen: z.number().int(),
  issuedAt: z.string().nullable(),
  remainingAmountFen: z.number().int(),
  remainingTaxFen: z.number().int(),
  /** goods only, services only, or mixed (decides which of 02/03 are allowed). */
  nature: z.enum(['goods', 'services', 'mixed']),
  /** Reasons allowed for this invoice, with why the others are not (Chinese). */
  reasons: z.array(z.object({ reason: redReasonField, allowed: z.boolean(), why: z.string().nullable() })),
  /** Whether a red-flush may be applied for at all (issued / 部分红冲, blue, something left). */
  redable: z.boolean(),
  whyNot: z.string().nullable(),
  lines: z.array(blueLineReply),
});
export type BlueInvoiceReply = z.infer<typeof blueInvoiceReply>;

export const redFormLine = z.object({
  blueLineNo: z.number().int(),
  name: z.string(),
  /** Positive quantity reversed; absent with 销售折让 (§6.1) or when the blue line had none. */
  quantity: z.string().nullable(),
  amountFen: z.number().int(),
  taxFen: z.number().int(),
});

export const redInvoiceLink = z.object({
  id: z.number().int(),
  number: z.string().nullable(),
  status: invoiceStatusField,
  totalFen: z.number().int(),
  failureReason: z.string().nullable(),
});

export const redFormRow = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  blueInvoiceId: z.number().int(),
  blueNumber: z.string(),
  formNo: z.string().nullable(),
  initiator: z.enum(['seller', 'buyer']),
  reason: redReasonField,
  state: redFormStateField,
  /** The bureau's 01–10. */
  stateCode: z.string(),
  partial: z.boolean(),
  amountFen: z.number().int(),
  taxFen: z.number().int(),
  totalFen: z.number().int(),
  /** End of the 72-hour window while pending; null otherwise. */
  deadline: z.string().nullable(),
  redInvoice: redInvoiceLink.nullable(),
  remarks: z.string().nullable(),
  createdAt: z.string(),
});
export type RedFormRow = z.infer<typeof redFormRow>;

export const redFormDetail = redFormRow.extend({
  lines: z.array(redFormLine),
  blue: z.object({
    id: z.number().int(),
    number: z.string().nullable(),
    status: invoiceStatusField,
    buyerName: z.string(),
    amountFen: z.number().int(),
    taxFen: z.number().int(),
    totalFen: z.number().int(),
    issuedAt: z.string().nullable(),
  }),
});
export type RedFormDetail = z.infer<typeof redFormDetail>;

const blueInvoiceId = idWith('请选择蓝字发票');

export const applyRedFormBody = z.object({
  blueInvoiceId,
  reason: redReasonField,
  /** Absent: full red-flush of what remains. Present: partial, per blue line (§6.1 bfch=1). */
  lines: z
    .array(
      z.object({
        blueLineNo: z.number().int('行号须为整数').min(1, '行号须从1开始').max(10_000, '行号超出范围'),
        /** Positive decimal text; not with 销售折让. */
        quantity: decimalText('数量').optional(),
        /** 金额 (excl. tax) in positive fen; derived from quantity × unit price when absent. */
        amountFen: fenAmount.optional(),
      }),
    )
    .min(1, '请至少选择一行红冲明细')
    .max(2000)
    .optional(),
  /** Printed in the red invoice's 备注. */
  remarks: faceLines(150, '备注').optional().nullable(),
});
export type ApplyRedFormBody = z.infer<typeof applyRedFormBody>;

const tag = 'red-letter';
const base = '/api/billing/v1/red-letter';

export const lookupBlueInvoice = defineRoute({
  method: 'GET',
  path: `${base}/blue-invoice`,
  permission: ['invoiceFill', 'invoiceDetails'],
  tag,
  summary: '查找蓝字发票（按ID或号码），含各行可红冲余额',
  query: z
    .object({
      id: idSchema.optional(),
      number: text(20).optional(),
    })
    .refine((q) => q.id !== undefined || !!q.number, '请输入蓝字发票号码'),
  reply: blueInvoiceReply,
});

export const applyRedForm = defineRoute({
  method: 'POST',
  path: `${base}/forms`,
  permission: 'invoiceFill:btn_apply',
  tag,
  summary: '填开红字发票信息确认单（全额或按行部分红冲）',
  body: applyRedFormBody,
  reply: redFormDetail,
});

export const quickRed = defineRoute({
  open: {
    operation: 'invoice.redLetter',
    group: 'output-invoice',
    path: '/openapi/v1/invoices/red-letter',
    isv: true,
    summary: { zh: '全额红冲（开具红字发票）', en: 'Red-letter an invoice in full' },
  },
  method: 'POST',
  path: `${base}/quick`,
  permission: 'invoiceFill:btn_quickRed',
  tag,
  summary: '快捷全额红冲：无需确认时申请确认单并立即开具红字发票（后台开具）',
  body: z.object({ blueInvoiceId, reason: redReasonField }),
  reply: invoiceDetail,
});

export const RED_FORM_SORTS = ['createdAt', 'deadline'] as const;

export const listRedForms = defineRoute({
  method: 'GET',
  path: `${base}/forms`,
  permission: 'invoiceDetails',
  tag,
  summary: '红字信息确认单列表（分页，按状态、蓝字号码、申请日期筛选）',
  query: pagedQuery(RED_FORM_SORTS).extend({
    state: redFormStateField.optional(),
    blueNumber: text(20).optional(),
    blueInvoiceId: idSchema.optional(),
    ...dateRange,
  }),
  reply: pageReply(redFormRow),
});

export const getRedForm = defineRoute({
  method: 'GET',
  path: `${base}/forms/{id}`,
  permission: ['invoiceDetails', 'invoiceFill'],
  tag,
  summary: '确认单详情（明细行、蓝字发票、红字发票、确认截止时间）',
  params: idParams,
  reply: redFormDetail,
});

const act = (action: 'confirm' | 'refuse' | 'revoke', zh: string) =>
  defineRoute({
    method: 'POST',
    path: `${base}/forms/{id}/${action}`,
    permission: `invoiceDetails:btn_${action}`,
    tag,
    summary: `${zh}确认单（销售方）`,
    params: idParams,
    reply: redFormDetail,
  });
export const confirmRedForm = act('confirm', '确认');
export const refuseRedForm = act('refuse', '拒绝');
export const revokeRedForm = act('revoke', '撤销');

export const issueRedInvoice = defineRoute({
  method: 'POST',
  path: `${base}/forms/{id}/issue-red`,
  permission: 'invoiceDetails:btn_issueRed',
  tag,
  summary: '按确认单开具红字发票（后台开具）；每张确认单只能使用一次，再次请求返回已生成的红字发票',
  params: idParams,
  reply: invoiceDetail,
});

/**
 * SANDBOX ONLY (platform accounts): stand-ins for what the buyer does at the bureau, so the confirmation
 * path can be demonstrated. With a real provider these routes are not registered.
 */
export const sandboxBuyerBooking = defineRoute({
  method: 'POST',
  path: `${base}/sandbox/buyer-booking`,
  permission: 'invoiceDetails',
  platformOnly: true,
  tag,
  summary: '【沙箱】模拟购买方对蓝字发票用途确认/入账（此后红冲需对方确认）',
  body: z.object({ blueInvoiceId }),
  reply: z.object({ ok: z.literal(true) }),
});

export const sandboxBuyerAct = defineRoute({
  method: 'POST',
  path: `${base}/sandbox/forms/{id}/buyer`,
  permission: 'invoiceDetails',
  platformOnly: true,
  tag,
  summary: '【沙箱】模拟购买方确认或拒绝销售方发起的确认单',
  params: idParams,
  body: z.object({ action: z.enum(['confirm', 'refuse']) }),
  reply: redFormDetail,
});

export const sandboxBuyerApply = defineRoute({
  method: 'POST',
  path: `${base}/sandbox/buyer-apply`,
  permission: 'invoiceDetails',
  platformOnly: true,
  tag,
  summary: '【沙箱】模拟购买方发起确认单（待销售方确认）',
  body: applyRedFormBody,
  reply: redFormDetail,
});
