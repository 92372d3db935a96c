import { z } from 'zod';
import { idParams, pageQuery, pageReply, rowIssue } from '../common.ts';
import { defineRoute } from '../route.ts';

/**
 * 批量开具 (issue 4 §3 batchInvoice): an xlsx of invoice lines (rows sharing a 单据号 make one invoice) is
 * validated row by row with the single-issue rules, stored as a batch, then issued in the background. Progress
 * is counted from the invoices themselves (invoices.batch_id), so it survives a restart.
 */
const MENU = 'batchInvoice';
const BASE = '/api/billing/v1/invoice-batches';
const tag = 'invoicing';

export const INVOICE_BATCH_STATUSES = ['validated', 'running', 'done', 'cancelled'] as const;
export const invoiceBatchStatus = z.enum(INVOICE_BATCH_STATUSES);
export type InvoiceBatchStatus = z.infer<typeof invoiceBatchStatus>;

/** One problem of one spreadsheet row: row number as Excel shows it, the column's header (null: the row). */
export const batchRowIssue = rowIssue.extend({ column: z.string().nullable() });
export type BatchRowIssue = z.infer<typeof batchRowIssue>;

/** Where each invoice of the batch stands, counted from the invoices (never from a stored counter). */
export const batchProgress = z.object({
  /** Valid invoices of the batch (the groups to issue). */
  total: z.number().int(),
  /** Not created yet (the batch job has not reached them). */
  notCreated: z.number().int(),
  /** Created and on their way: draft, ready, issuing. */
  inFlight: z.number().int(),
  /** invoiceMethod 0 (预开): waiting for finance in 预开审核. */
  pendingReview: z.number().int(),
  issued: z.number().int(),
  failed: z.number().int(),
  /** 0–100: issued + failed + pending review over total. */
  percent: z.number().int(),
});
export type BatchProgress = z.infer<typeof batchProgress>;

export const invoiceBatchRow = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  fileName: z.string(),
  status: invoiceBatchStatus,
  /** Data rows of the workbook. */
  totalRows: z.number().int(),
  /** Rows belonging to invoices that passed validation. */
  validRows: z.number().int(),
  invalidRows: z.number().int(),
  /** Invoices to issue (valid groups) and groups refused by validation. */
  invoiceCount: z.number().int(),
  invalidInvoiceCount: z.number().int(),
  progress: batchProgress,
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InvoiceBatchRow = z.infer<typeof invoiceBatchRow>;

/** An invoice of the batch the bureau (or the issuing step) refused, with the Excel rows it came from. */
export const batchFailure = z.object({
  groupNo: z.number().int(),
  documentNo: z.string(),
  rowNumbers: z.array(z.number().int()),
  reason: z.string(),
});

export const invoiceBatchDetail = invoiceBatchRow.extend({
  issues: z.array(batchRowIssue),
  failures: z.array(batchFailure),
  /** Non-blocking notice, e.g. the batch total exceeds the remaining monthly credit line. */
  warnings: z.array(z.string()),
});
export type InvoiceBatchDetail = z.infer<typeof invoiceBatchDetail>;

export const invoiceBatchTemplate = defineRoute({
  method: 'GET',
  path: `${BASE}/template`,
  permission: MENU,
  tag,
  produces: 'file',
  summary: '下载批量开具模板 (xlsx：每行一条发票明细，单据号相同的行合为一张发票)',
});

/** Multipart: `file` = xlsx in the template's columns, ≤ 10 MB and ≤ 5,000 rows. */
export const uploadInvoiceBatch = defineRoute({
  method: 'POST',
  path: `${BASE}/upload`,
  permission: `${MENU}:btn_upload`,
  tag,
  consumes: 'multipart',
  summary: '上传批量开具文件：逐行按单张开具的规则校验，保存批次与校验报告（不开具）',
  reply: invoiceBatchDetail,
});

export const issueInvoiceBatch = defineRoute({
  method: 'POST',
  path: `${BASE}/{id}/issue`,
  permission: `${MENU}:btn_issue`,
  tag,
  summary: '开具批次中校验通过的发票（后台逐张开具，可查询进度）',
  params: idParams,
  reply: invoiceBatchDetail,
});

export const getInvoiceBatch = defineRoute({
  method: 'GET',
  path: `${BASE}/{id}`,
  permission: MENU,
  tag,
  summary: '批次详情：校验问题、开具进度与失败原因',
  params: idParams,
  reply: invoiceBatchDetail,
});

export const invoiceBatchResult = defineRoute({
  method: 'GET',
  path: `${BASE}/{id}/result`,
  permission: MENU,
  tag,
  produces: 'file',
  summary: '下载批次逐行结果 (xlsx：原始行 + 结果、发票号码、原因)',
  params: idParams,
});

export const listInvoiceBatches = defineRoute({
  method: 'GET',
  path: BASE,
  permission: MENU,
  tag,
  summary: '批量开具历史（分页，最新在前）',
  query: pageQuery.extend({ status: invoiceBatchStatus.optional() }),
  reply: pageReply(invoiceBatchRow),
});
