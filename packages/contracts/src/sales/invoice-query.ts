import { z } from 'zod';
import {
  blankAsAbsent,
  dateRange,
  idArray,
  idParams,
  idSchema,
  idWith,
  pagedQuery,
  pageReply,
  sortParam,
  text,
  yuanText,
} from '../common.ts';
import { defineRoute } from '../route.ts';
import { invoiceTypeField } from './calculate.ts';
import { invoiceStatusField, invoiceSummary } from './invoices.ts';

/**
 * 销项发票查询 (issue 4 §3 salesInvoiceQuery): the filtered list, its Excel export, a ZIP of the PDFs and the
 * void (作废) of paper invoices. Money in filters is typed in yuan and parsed to fen by @fpy/domain, never floats.
 */
const MENU = 'salesInvoiceQuery';
const BASE = '/api/billing/v1/invoice-query';
const tag = 'invoicing';

const yuan = blankAsAbsent(yuanText);
/** A query string repeats the key (status=a&status=b) or joins with commas; both arrive as a list. */
const statusList = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
  z.array(invoiceStatusField).max(9).optional(),
);

export const invoiceQueryFilters = z.object({
  /** 开票日期 yyyy-MM-dd, Asia/Shanghai, inclusive. */
  ...dateRange,
  /** 发票号码: 20 digits is an exact match, fewer a prefix. */
  number: z
    .string()
    .trim()
    .regex(/^\d{0,20}$/, '发票号码只能是数字，最多20位')
    .optional(),
  /** 购买方: a taxpayer number matches exactly, anything else is part of the name. */
  buyer: text(100).optional(),
  type: invoiceTypeField.optional(),
  status: statusList,
  colour: z.enum(['blue', 'red']).optional(),
  /** 价税合计 range in yuan. */
  amountMin: yuan,
  amountMax: yuan,
  drawer: text(50).optional(),
  /** 发票分类: a category id, or 'none' for the invoices filed under no category (未分类). */
  categoryId: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.union([z.literal('none'), idWith('发票分类须为分类ID或none')]).optional(),
  ),
  /** Platform accounts only; ignored for tenant users (they always see their own company). */
  tenantId: idSchema.optional(),
});
export type InvoiceQueryFilters = z.infer<typeof invoiceQueryFilters>;

/** Sortable keys; `-` prefix for descending. Default -issuedAt. */
export const INVOICE_QUERY_SORTS = ['issuedAt', 'totalFen', 'number'] as const;

export const invoiceQueryParams = pagedQuery(INVOICE_QUERY_SORTS).extend(invoiceQueryFilters.shape);

export const invoiceQueryRow = invoiceSummary.extend({
  colour: z.enum(['blue', 'red']),
  blueInvoiceId: z.number().int().nullable(),
  blueNumber: z.string().nullable(),
  redReason: z.string().nullable(),
  /** Layout files already stored ('pdf', 'xml'). */
  fileFormats: z.array(z.string()),
  /** 发票分类 (null = 未分类); the name as the category is called now. */
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
});
export type InvoiceQueryRow = z.infer<typeof invoiceQueryRow>;

export const queryInvoices = defineRoute({
  open: {
    operation: 'invoice.query',
    group: 'output-invoice',
    path: '/openapi/v1/invoices',
    isv: true,
    summary: { zh: '查询发票列表', en: 'Query invoices' },
  },
  method: 'GET',
  path: BASE,
  permission: MENU,
  tag,
  summary:
    '销项发票查询（开票日期、号码、购买方、类型、状态、蓝红、金额区间、开票人、发票分类筛选；分页排序）',
  query: invoiceQueryParams,
  /** totalCapped: more rows match than were counted (total is then the cap, shown as "10,000+"). */
  reply: pageReply(invoiceQueryRow).extend({ totalCapped: z.boolean() }),
});

/** Beyond this the export is refused: the user narrows the filter. */
export const INVOICE_EXPORT_MAX_ROWS = 50_000;

export const exportInvoiceQuery = defineRoute({
  method: 'GET',
  path: `${BASE}/export`,
  permission: `${MENU}:btn_export`,
  tag,
  summary: '导出查询结果（Excel，最多50000条）',
  query: invoiceQueryFilters.extend({ sort: sortParam(INVOICE_QUERY_SORTS) }),
  produces: 'file',
});

export const INVOICE_ZIP_MAX_SELECTED = 500;
export const INVOICE_ZIP_MAX_FILTERED = 2_000;

export const invoiceZipBody = z
  .object({
    ids: idArray(INVOICE_ZIP_MAX_SELECTED, {
      min: 1,
      minMessage: '请选择发票',
      maxMessage: `一次最多打包${INVOICE_ZIP_MAX_SELECTED}张发票`,
    }).optional(),
    filter: invoiceQueryFilters.optional(),
  })
  .refine((b) => (b.ids ? !b.filter : !!b.filter), '请选择发票，或按查询条件打包');

export const zipInvoicePdfs = defineRoute({
  method: 'POST',
  path: `${BASE}/zip`,
  permission: `${MENU}:btn_download`,
  tag,
  summary: `打包下载PDF（所选发票最多${INVOICE_ZIP_MAX_SELECTED}张，按条件最多${INVOICE_ZIP_MAX_FILTERED}张）`,
  body: invoiceZipBody,
  produces: 'file',
});

/** 作废原因 of 数电纸质 invoices (domain notes §6.3). */
export const VOID_REASONS = { '1': '销货退回', '2': '开票有误', '3': '服务中止', '4': '其他' } as const;
export type VoidReason = keyof typeof VOID_REASONS;

export const voidInvoiceBody = z.object({
  reason: z.enum(['1', '2', '3', '4'], '请选择作废原因'),
  remark: text(200, '作废说明').optional(),
});

export const voidInvoice = defineRoute({
  open: {
    operation: 'invoice.void',
    group: 'output-invoice',
    path: '/openapi/v1/invoices/{id}/void',
    isv: true,
    summary: { zh: '作废发票', en: 'Void an invoice' },
  },
  method: 'POST',
  path: '/api/billing/v1/invoices/{id}/void',
  permission: `${MENU}:btn_void`,
  tag,
  summary: '作废发票（仅纸质发票、已开具、开具当月）',
  params: idParams,
  body: voidInvoiceBody,
  reply: invoiceQueryRow,
});

/**
 * The detail drawer's links: the invoice as a list row (colour, files), its blue invoice when red, and the
 * red invoices issued against it. Other pages that open the drawer (red-letter, drafts, print) may call it.
 */
export const invoiceRelations = defineRoute({
  method: 'GET',
  path: `${BASE}/{id}/related`,
  permission: [MENU, 'invoiceFill', 'invoiceDetails', 'invoicePrint', 'stayOpenList', 'stayOpenInvoice'],
  tag,
  summary: '发票的关联发票（红字发票对应的蓝字发票、蓝字发票的红字发票）及版式文件',
  params: idParams,
  reply: z.object({
    invoice: invoiceQueryRow,
    blue: invoiceQueryRow.nullable(),
    reds: z.array(invoiceQueryRow),
  }),
});
