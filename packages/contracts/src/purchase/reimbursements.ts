import { z } from 'zod';
import { idParams, multilineText, pageQuery, pageReply, text } from '../common.ts';
import { defineRoute } from '../route.ts';
import { checkElements } from './checks.ts';

/**
 * 发票报销 (issue 31, lane CHECK; page /receiptsInvoice/invoiceReimbursement): an employee files an expense claim
 * with the invoices it spends. Every invoice is checked with the bureau first (genuine, addressed to the company or
 * to no company, not red-lettered, voided or abnormal) and is reimbursed once per company: a second claim of the
 * same invoice is refused with the claim, the person and the time that already hold it (409
 * INVOICE_ALREADY_REIMBURSED), and the attempt is logged for 发票预警. Two claims racing for one invoice: the
 * unique key decides, one wins.
 */
const TAG = 'purchase-reimbursements';
const API = '/api/purchase/expense-claims';
export const MAX_CLAIM_INVOICES = 20;
export const CLAIM_STATES = ['submitted', 'withdrawn'] as const;

export const claimInvoiceView = z.object({
  invoiceKey: z.string(),
  code: z.string().nullable(),
  number: z.string(),
  issueDate: z.string(),
  invoiceType: z.string().nullable(),
  sellerName: z.string().nullable(),
  amountFen: z.number().int(),
  taxFen: z.number().int(),
  totalFen: z.number().int(),
});

export const expenseClaimView = z.object({
  id: z.number().int(),
  claimNo: z.string(),
  title: z.string(),
  state: z.enum(CLAIM_STATES),
  totalFen: z.number().int(),
  claimantName: z.string(),
  remark: z.string().nullable(),
  invoiceCount: z.number().int(),
  createdAt: z.string(),
});
export type ExpenseClaimView = z.infer<typeof expenseClaimView>;

export const createExpenseClaim = defineRoute({
  method: 'POST',
  path: API,
  permission: 'invoiceReimbursement:btn_add',
  tag: TAG,
  summary: '提交报销单：逐张查验发票，已报销或已抵扣的发票被拒绝并说明由谁何时报销',
  body: z.object({
    title: text(60, '报销事由').min(1, '请填写报销事由'),
    remark: multilineText(300, '备注').optional().nullable(),
    invoices: z
      .array(checkElements)
      .min(1, '请至少添加一张发票')
      .max(MAX_CLAIM_INVOICES, `一张报销单最多${MAX_CLAIM_INVOICES}张发票`),
  }),
  reply: expenseClaimView.extend({ invoices: z.array(claimInvoiceView) }),
});

export const listExpenseClaims = defineRoute({
  method: 'GET',
  path: API,
  permission: 'invoiceReimbursement',
  tag: TAG,
  summary: '报销单列表（含发票张数与合计）',
  query: pageQuery.extend({
    state: z.enum(CLAIM_STATES, { error: '报销单状态不在可选范围内' }).optional(),
    mine: z
      .enum(['1', '0'], { error: 'mine 须为 1 或 0' })
      .optional()
      .transform((v) => v === '1'),
  }),
  reply: pageReply(expenseClaimView),
});

export const getExpenseClaim = defineRoute({
  method: 'GET',
  path: `${API}/{id}`,
  permission: 'invoiceReimbursement',
  tag: TAG,
  summary: '报销单详情与其发票',
  params: idParams,
  reply: expenseClaimView.extend({ invoices: z.array(claimInvoiceView) }),
});

export const withdrawExpenseClaim = defineRoute({
  method: 'POST',
  path: `${API}/{id}/withdraw`,
  permission: 'invoiceReimbursement:btn_withdraw',
  tag: TAG,
  summary: '撤回报销单：其发票可再次报销（仅本人或管理员）',
  params: idParams,
  body: z.object({ reason: text(100, '撤回原因').min(1, '请填写撤回原因') }),
  reply: expenseClaimView,
});
