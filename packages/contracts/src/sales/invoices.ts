import { INVOICE_STATUSES, type InvoiceStatus } from '@fpy/domain';
import { z } from 'zod';
import {
  dateRange,
  fenAmount,
  faceLines,
  faceText,
  idParams,
  optionalFaceText,
  pagedQuery,
  pageReply,
  text,
} from '../common.ts';
import { defineRoute } from '../route.ts';
import { invoiceLineInput, invoiceTypeField, policyField, taxRateField } from './calculate.ts';

/**
 * 发票开具 (issue 4 §2, §3 invoiceOpener / preopenApplication / stayOpenInvoice / stayOpenList). Every route is
 * scoped to the caller's own tenant (a platform account sees all tenants but cannot issue) and guarded by the
 * menu or element codes of the pages that use it.
 *
 * Money is integer fen. The server recomputes every figure with calculateInvoice; client figures are only
 * compared, never stored.
 */
export const invoiceStatusField = z.enum(INVOICE_STATUSES as [InvoiceStatus, ...InvoiceStatus[]]);

/** The editable part of an invoice: what the form sends on create and on a draft's edit. */
const invoiceFormFields = {
  type: invoiceTypeField,
  pricingMode: z.enum(['exclusive', 'inclusive']),
  // Everything of the buyer but the e-mail is printed on the face.
  buyer: z.object({
    name: faceText(300),
    taxNumber: text(40).optional(),
    naturalPerson: z.boolean().optional(),
    address: faceText(300).optional(),
    phone: faceText(100).optional(),
    bank: faceText(300).optional(),
    account: faceText(100).optional(),
    email: z.email('邮箱格式不正确').max(50).optional(),
  }),
  remarks: faceLines(230, '备注').optional().nullable(),
  /** 特定要素 (§1.3), an optional label code such as '03' 建筑服务. */
  specialLabel: z
    .string()
    .trim()
    .regex(/^\d{2}$/, '特定要素代码为两位数字')
    .optional()
    .nullable(),
  /** 开票人; defaults to the caller's name (§1.4). */
  drawer: optionalFaceText(50),
  payee: optionalFaceText(50),
  reviewer: optionalFaceText(50),
  lines: z.array(invoiceLineInput).min(1, '发票至少须有一行明细').max(2000, '明细行不能超过2000行'),
  /** What the client shows; any figure that differs from the engine's → 400 with the expected figures. */
  totals: z
    .object({ amountFen: fenAmount.optional(), taxFen: fenAmount.optional(), totalFen: fenAmount.optional() })
    .optional(),
};

export const createInvoiceBody = z.object({
  /** The client's serial: a resubmission with the same serial returns the first invoice. */
  clientSerial: z
    .string()
    .trim()
    .min(1, '请填写流水号')
    .max(64)
    .regex(/^[\w.:-]+$/, '流水号只能含字母、数字和 _ . : -'),
  ...invoiceFormFields,
  /** false keeps a draft; default submits for issuing at once. */
  submit: z.boolean().default(true),
});
export type CreateInvoiceBody = z.infer<typeof createInvoiceBody>;

/** Editing a draft: the same form without the serial (the draft keeps its own). */
export const updateInvoiceBody = z.object(invoiceFormFields);
export type UpdateInvoiceBody = z.infer<typeof updateInvoiceBody>;
/** What recompute needs: either body. */
export type InvoiceFormInput = UpdateInvoiceBody;

export const invoiceLineReply = z.object({
  lineNo: z.number().int(),
  kind: z.string(),
  name: z.string(),
  taxCode: z.string().nullable(),
  spec: z.string().nullable(),
  unit: z.string().nullable(),
  quantity: z.string().nullable(),
  unitPrice: z.string().nullable(),
  unitPriceExclusive: z.string().nullable(),
  rate: taxRateField,
  policy: policyField.nullable(),
  deductionFen: z.number().int().nullable(),
  amountFen: z.number().int(),
  taxFen: z.number().int(),
  amountInclusiveFen: z.number().int(),
});

export const invoiceEventReply = z.object({
  from: invoiceStatusField.nullable(),
  to: invoiceStatusField,
  actorId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  ip: z.string().nullable(),
  reason: z.string().nullable(),
  at: z.string(),
});

export const invoiceSummary = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  clientSerial: z.string(),
  type: invoiceTypeField,
  pricingMode: z.enum(['exclusive', 'inclusive']),
  status: invoiceStatusField,
  statusLabel: z.string(),
  sellerName: z.string(),
  sellerCreditCode: z.string(),
  buyerName: z.string(),
  buyerTaxNumber: z.string().nullable(),
  amountFen: z.number().int(),
  taxFen: z.number().int(),
  totalFen: z.number().int(),
  number: z.string().nullable(),
  issuedAt: z.string().nullable(),
  failureReason: z.string().nullable(),
  drawer: z.string(),
  createdAt: z.string(),
});

export type InvoiceSummary = z.infer<typeof invoiceSummary>;

export const invoiceDetail = invoiceSummary.extend({
  colour: z.enum(['blue', 'red']),
  /** Red invoices: the blue invoice's number (printed as 对应蓝字发票号码). */
  blueInvoiceId: z.number().int().nullable(),
  blueNumber: z.string().nullable(),
  sellerAddress: z.string().nullable(),
  sellerPhone: z.string().nullable(),
  sellerBank: z.string().nullable(),
  sellerAccount: z.string().nullable(),
  buyerEmail: z.string().nullable(),
  buyerNaturalPerson: z.boolean(),
  specialLabel: z.string().nullable(),
  departmentId: z.number().int().nullable(),
  checkCode: z.string().nullable(),
  remarks: z.string().nullable(),
  payee: z.string().nullable(),
  reviewer: z.string().nullable(),
  buyerAddress: z.string().nullable(),
  buyerPhone: z.string().nullable(),
  buyerBank: z.string().nullable(),
  buyerAccount: z.string().nullable(),
  lines: z.array(invoiceLineReply),
  events: z.array(invoiceEventReply),
});
export type InvoiceDetail = z.infer<typeof invoiceDetail>;

const tag = 'invoicing';

/** Every page that shows an invoice may read one. */
const INVOICE_PAGES = [
  'invoiceOpener',
  'preopenApplication',
  'preopenAuditManager',
  'preopenRecordManager',
  'stayOpenInvoice',
  'stayOpenList',
  'batchInvoice',
  'salesInvoiceQuery',
  'invoiceFill',
  'invoiceDetails',
  'invoicePrint',
];

export const createInvoice = defineRoute({
  open: {
    operation: 'invoice.issue',
    group: 'output-invoice',
    path: '/openapi/v1/invoices',
    isv: true,
    idempotencyKey: 'clientSerial',
    summary: {
      zh: '开具发票（按流水号 clientSerial 幂等）',
      en: 'Issue an invoice (idempotent by clientSerial)',
    },
  },
  method: 'POST',
  path: '/api/billing/v1/invoices',
  permission: [
    'invoiceOpener:btn_issue',
    'invoiceOpener:btn_draft',
    'preopenApplication:btn_apply',
    'preopenApplication:btn_draft',
  ],
  tag,
  summary: '开具发票：保存并提交（按流水号幂等），立即返回已受理的发票，后台开具',
  body: createInvoiceBody,
  reply: invoiceDetail,
});

export const getInvoice = defineRoute({
  open: {
    operation: 'invoice.get',
    group: 'output-invoice',
    path: '/openapi/v1/invoices/{id}',
    isv: true,
    summary: { zh: '查询单张发票', en: 'Get one invoice' },
  },
  method: 'GET',
  path: '/api/billing/v1/invoices/{id}',
  permission: INVOICE_PAGES,
  tag,
  summary: '发票详情（含明细行与状态流转记录）',
  params: idParams,
  reply: invoiceDetail,
});

/** Sortable keys of the invoice list (drafts, queue, 预开 applications). */
export const INVOICE_LIST_SORTS = ['createdAt', 'totalFen'] as const;

export const listInvoices = defineRoute({
  method: 'GET',
  path: '/api/billing/v1/invoices',
  permission: [
    'stayOpenInvoice',
    'stayOpenList',
    'preopenApplication',
    'preopenRecordManager',
    'preopenAuditManager',
  ],
  tag,
  summary: '发票列表（分页，按状态、类型、创建日期、购买方或流水号筛选）',
  query: pagedQuery(INVOICE_LIST_SORTS).extend({
    status: invoiceStatusField.optional(),
    /** Several states at once, comma separated: "ready,issuing,failed". */
    statuses: z
      .string()
      .max(200)
      .transform((v, c) => {
        const list = v
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean);
        const bad = list.find((x) => !(INVOICE_STATUSES as string[]).includes(x));
        if (bad) c.addIssue({ code: 'custom', message: `未知的发票状态：${bad}` });
        return list as InvoiceStatus[];
      })
      .optional(),
    /** Buyer name (contains) or client serial (exact prefix). */
    keyword: text(100).optional(),
    /** Only the caller's own invoices (预开申请: "my applications"). */
    mine: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
    type: invoiceTypeField.optional(),
    /** yyyy-MM-dd, Asia/Shanghai, inclusive. */
    ...dateRange,
  }),
  reply: pageReply(invoiceSummary),
});

export const retryInvoice = defineRoute({
  method: 'POST',
  path: '/api/billing/v1/invoices/{id}/retry',
  permission: ['stayOpenList:btn_retry', 'salesInvoiceQuery:btn_retry'],
  tag,
  summary: '重新开具（仅开具失败的发票）',
  params: idParams,
  reply: invoiceDetail,
});

export const updateInvoiceDraft = defineRoute({
  method: 'PUT',
  path: '/api/billing/v1/invoices/{id}',
  // The form saves a draft again under its own codes; the drafts page edits under stayOpenInvoice.
  permission: ['stayOpenInvoice:btn_edit', 'invoiceOpener:btn_draft', 'preopenApplication:btn_draft'],
  tag,
  summary: '修改草稿（仅草稿状态；重新计算并替换全部明细行）',
  params: idParams,
  body: updateInvoiceBody,
  reply: invoiceDetail,
});

export const submitInvoiceDraft = defineRoute({
  method: 'POST',
  path: '/api/billing/v1/invoices/{id}/submit',
  permission: ['stayOpenInvoice:btn_issue', 'invoiceOpener:btn_issue', 'preopenApplication:btn_apply'],
  tag,
  summary: '提交草稿：开具（预开企业进入待审核）',
  params: idParams,
  reply: invoiceDetail,
});

export const discardInvoiceBody = z.object({
  reason: text(200, '作废原因').min(1, '请填写作废原因'),
});

export const discardInvoice = defineRoute({
  method: 'POST',
  path: '/api/billing/v1/invoices/{id}/discard',
  permission: ['stayOpenInvoice:btn_discard', 'stayOpenList:btn_discard'],
  tag,
  summary: '作废草稿或放弃开具失败的发票（从未取得发票号码）',
  params: idParams,
  body: discardInvoiceBody,
  reply: invoiceDetail,
});
