import { INVOICE_STATUSES, type InvoiceStatus } from '@fpy/domain';
import { z } from 'zod';
import { idParams, optionalText, pageQuery, pageReply } from '../common.ts';
import { defineRoute } from '../route.ts';
import { calcLineInput, invoiceTypeField, taxRateField } from './calculate.ts';

/**
 * 发票开具 (issue 4 §2), server core. Permission is 'authenticated' for now: every route is scoped to the
 * caller's own tenant (a platform account sees all tenants but cannot issue). The issuing menus and their
 * element codes arrive with the issuing pages; these routes then move to them.
 *
 * Money is integer fen. The server recomputes every figure with calculateInvoice; client figures are only
 * compared, never stored.
 */
const fen = z.number().int().refine(Number.isSafeInteger, '金额超出范围');
export const invoiceStatusField = z.enum(INVOICE_STATUSES as [InvoiceStatus, ...InvoiceStatus[]]);

export const createInvoiceBody = z.object({
  /** The client's serial: a resubmission with the same serial returns the first invoice. */
  clientSerial: z
    .string()
    .trim()
    .min(1, '请填写流水号')
    .max(64)
    .regex(/^[\w.:-]+$/, '流水号只能含字母、数字和 _ . : -'),
  type: invoiceTypeField,
  pricingMode: z.enum(['exclusive', 'inclusive']),
  buyer: z.object({
    name: z.string().trim().max(300),
    taxNumber: z.string().trim().max(40).optional(),
    naturalPerson: z.boolean().optional(),
    address: z.string().max(300).optional(),
    phone: z.string().max(100).optional(),
    bank: z.string().max(300).optional(),
    account: z.string().max(100).optional(),
    email: z.string().email().max(50).optional(),
  }),
  remarks: optionalText(230),
  /** 开票人; defaults to the caller's name (§1.4). */
  drawer: optionalText(50),
  payee: optionalText(50),
  reviewer: optionalText(50),
  lines: z.array(calcLineInput).min(1, '发票至少须有一行明细').max(2000, '明细行不能超过2000行'),
  /** What the client shows; any figure that differs from the engine's → 400 with the expected figures. */
  totals: z
    .object({ amountFen: fen.optional(), taxFen: fen.optional(), totalFen: fen.optional() })
    .optional(),
  /** false keeps a draft; default submits for issuing at once. */
  submit: z.boolean().default(true),
});
export type CreateInvoiceBody = z.infer<typeof createInvoiceBody>;

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

export const invoiceDetail = invoiceSummary.extend({
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

export const createInvoice = defineRoute({
  method: 'POST',
  path: '/api/billing/v1/invoices',
  permission: 'authenticated',
  tag,
  summary: '开具发票：保存并提交（按流水号幂等），立即返回已受理的发票，后台开具',
  body: createInvoiceBody,
  reply: invoiceDetail,
});

export const getInvoice = defineRoute({
  method: 'GET',
  path: '/api/billing/v1/invoices/{id}',
  permission: 'authenticated',
  tag,
  summary: '发票详情（含明细行与状态流转记录）',
  params: idParams,
  reply: invoiceDetail,
});

export const listInvoices = defineRoute({
  method: 'GET',
  path: '/api/billing/v1/invoices',
  permission: 'authenticated',
  tag,
  summary: '发票列表（分页，按状态、类型、创建日期筛选）',
  query: pageQuery.extend({
    status: invoiceStatusField.optional(),
    type: invoiceTypeField.optional(),
    /** yyyy-MM-dd, Asia/Shanghai, inclusive. */
    dateFrom: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
    dateTo: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
  }),
  reply: pageReply(invoiceSummary),
});

export const retryInvoice = defineRoute({
  method: 'POST',
  path: '/api/billing/v1/invoices/{id}/retry',
  permission: 'authenticated',
  tag,
  summary: '重新开具（仅开具失败的发票）',
  params: idParams,
  reply: invoiceDetail,
});
