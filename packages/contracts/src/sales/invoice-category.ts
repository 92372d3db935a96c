import { z } from 'zod';
import { idArray, idWith, optionalQueryId } from '../common.ts';
import { defineRoute } from '../route.ts';

/**
 * 发票分类 on the invoices themselves (销项发票查询): the company's own categories (/invoicePlat/invoiceClassify,
 * resource `invoiceCategories`) filed on issued invoices to group, filter and export them. The categories
 * themselves are kept on their own page; here the query page reads them as options and files invoices under one.
 */
const MENU = 'salesInvoiceQuery';
const BASE = '/api/billing/v1/invoice-query';
const tag = 'invoicing';

/** One category as an option: disabled ones are listed (old invoices stay filed under them) but not offered. */
export const invoiceCategoryOption = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  enabled: z.boolean(),
});
export type InvoiceCategoryOption = z.infer<typeof invoiceCategoryOption>;

/** More than any company keeps; the list is one select, not a page. */
export const INVOICE_CATEGORY_OPTIONS_MAX = 500;

export const listInvoiceCategoryOptions = defineRoute({
  method: 'GET',
  path: `${BASE}/categories`,
  permission: MENU,
  tag,
  summary: '发票分类选项（本企业的分类，含已停用；按排序）',
  /** Platform accounts only: the company whose categories to list (none without it). */
  query: z.object({ tenantId: optionalQueryId }),
  reply: z.object({ rows: z.array(invoiceCategoryOption) }),
});

/** Invoices classified in one request: the page's selection (at most a page of 500). */
export const INVOICE_CLASSIFY_MAX = 500;

export const setInvoiceCategoryBody = z.object({
  ids: idArray(INVOICE_CLASSIFY_MAX, {
    min: 1,
    minMessage: '请选择发票',
    maxMessage: `一次最多设置${INVOICE_CLASSIFY_MAX}张发票的分类`,
  }),
  /** The category to file them under; null clears it (未分类). */
  categoryId: idWith('请选择发票分类').nullable(),
});

export const setInvoiceCategory = defineRoute({
  method: 'POST',
  path: `${BASE}/category`,
  permission: `${MENU}:btn_classify`,
  tag,
  summary: `设置或清除发票分类（所选发票最多${INVOICE_CLASSIFY_MAX}张；仅本企业的启用分类）`,
  body: setInvoiceCategoryBody,
  /** updated: invoices whose category changed; unchanged: already under it. */
  reply: z.object({ updated: z.number().int(), unchanged: z.number().int() }),
});
