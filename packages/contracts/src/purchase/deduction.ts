import { z } from 'zod';
import { blankAsAbsent, idArray, pageQuery, pageReply, text } from '../common.ts';
import { defineRoute } from '../route.ts';
import { taxRateField } from '../sales/calculate.ts';

/**
 * 勾选 / 统计 / 确认 of the purchase side (issue 31, lane DEDUCT; pages /receiptsInvoice/checkAuthority,
 * /receiptsInvoice/confirmPwd, /receiptsInvoice/taxPayment and the layout page /receiptsOperation). 勾选 and 撤销勾选
 * are asynchronous at the bureau: a row shows 处理中 (selecting / undoing) until the bureau's result settles it.
 * An invoice is selected at most once; a period after 申请统计 cannot change until 撤销统计, and never after 确认.
 */
const TAG = 'purchase-deduction';
const API = '/api/purchase/deduction';
export const MAX_SELECT_IDS = 200;
/** Bulk 勾选 by filter takes at most this many invoices at once. */
export const MAX_SELECT_BY_FILTER = 1000;

export const PERIOD_STATES = ['open', 'stats_applied', 'confirmed'] as const;
export const SELECTION_STATES = ['selecting', 'selected', 'refused', 'undoing', 'undone'] as const;
/** List filter: what can be selected now, what is selected (or on its way), all deductible-type invoices. */
export const DEDUCTION_VIEWS = ['selectable', 'selected', 'all'] as const;

export const taxPeriod = z
  .string({ error: '请填写税款所属期' })
  .trim()
  .regex(/^20\d{2}(0[1-9]|1[0-2])$/, '税款所属期格式应为 yyyyMM（如 202611）');

export const periodParams = z.object({ period: taxPeriod });

export const deductionFilters = z.object({
  period: taxPeriod,
  /** 销售方: a tax number matches exactly, anything else is part of the name. */
  seller: blankAsAbsent(text(100, '销售方')),
  rate: blankAsAbsent(taxRateField),
});

const fen = z.number().int();
export const deductionTotals = z.object({ count: z.number().int(), amountFen: fen, taxFen: fen });

export const deductionPeriodView = z.object({
  period: z.string(),
  state: z.enum(PERIOD_STATES),
  /** Last day (yyyy-MM-dd) of 勾选 for the period. */
  deadline: z.string(),
  /** Why selections cannot change now (a message code), or null. */
  closedReason: z.string().nullable(),
  selected: deductionTotals,
  /** Rows the bureau has not answered yet (勾选 / 撤销勾选 处理中). */
  pending: z.number().int(),
  /** Selected invoices that turned red / voided / abnormal afterwards (进项转出). */
  flagged: z.number().int(),
  /** What the bureau counted at 申请统计 / 确认. */
  stats: deductionTotals.nullable(),
  statsAppliedAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  confirmedByName: z.string().nullable(),
});
export type DeductionPeriodView = z.infer<typeof deductionPeriodView>;

export const deductionRowView = z.object({
  id: z.number().int(),
  number: z.string(),
  code: z.string().nullable(),
  invoiceType: z.string(),
  sellerName: z.string(),
  sellerTaxNumber: z.string(),
  issueDate: z.string(),
  amountFen: fen,
  taxFen: fen,
  totalFen: fen,
  rates: z.array(z.string()),
  state: z.string(),
  /** The invoice's selection, if any. */
  selection: z
    .object({
      state: z.enum(SELECTION_STATES),
      period: z.string(),
      reason: z.string().nullable(),
      flag: z.string().nullable(),
      actorName: z.string(),
      updatedAt: z.string(),
    })
    .nullable(),
  /** Why it cannot be selected for the period now (a message code), or null. */
  notSelectable: z.string().nullable(),
  /** The expense claim that reimbursed it (deduction and reimbursement are counted apart). */
  reimbursedIn: z.string().nullable(),
});
export type DeductionRowView = z.infer<typeof deductionRowView>;

export const getDeductionPeriod = defineRoute({
  method: 'GET',
  path: `${API}/periods/{period}`,
  permission: ['checkAuthority', 'confirmPwd', 'taxPayment'],
  tag: TAG,
  summary: '税款所属期的勾选汇总、状态与统计',
  params: periodParams,
  reply: deductionPeriodView,
});

export const getDeductionOverview = defineRoute({
  method: 'GET',
  path: `${API}/overview`,
  permission: 'authenticated',
  tag: TAG,
  summary: '勾选确认总览：当前所属期与近六期的状态',
  reply: z.object({ current: z.string(), periods: z.array(deductionPeriodView) }),
});

export const listDeductionInvoices = defineRoute({
  method: 'GET',
  path: `${API}/invoices`,
  permission: 'checkAuthority',
  tag: TAG,
  summary: '可勾选的进项专票（含勾选状态与不可勾选原因）',
  query: pageQuery.extend(deductionFilters.shape).extend({
    view: z.enum(DEDUCTION_VIEWS, { error: '列表范围不在可选范围内' }).default('selectable'),
  }),
  reply: pageReply(deductionRowView),
});

const selectOutcome = z.object({
  /** Rows sent to the bureau (处理中 until it answers). */
  sent: z.number().int(),
  /** Invoices skipped with their reason (bulk only). */
  skipped: z.array(z.object({ id: z.number().int(), number: z.string(), reason: z.string() })),
});
export type SelectOutcome = z.infer<typeof selectOutcome>;

export const selectForDeduction = defineRoute({
  method: 'POST',
  path: `${API}/select`,
  permission: 'checkAuthority:btn_select',
  tag: TAG,
  summary: '勾选发票用于抵扣（一张已被勾选时 409 说明由谁勾选）',
  body: z.object({
    period: taxPeriod,
    ids: idArray(MAX_SELECT_IDS, {
      min: 1,
      minMessage: '请至少选择一张发票',
      maxMessage: `一次最多勾选${MAX_SELECT_IDS}张`,
    }),
  }),
  reply: selectOutcome,
});

export const selectForDeductionByFilter = defineRoute({
  method: 'POST',
  path: `${API}/select-by-filter`,
  permission: 'checkAuthority:btn_select',
  tag: TAG,
  summary: `按条件批量勾选（最多${MAX_SELECT_BY_FILTER}张，不可勾选的跳过并说明原因）`,
  body: deductionFilters,
  reply: selectOutcome,
});

export const undoDeductionSelection = defineRoute({
  method: 'POST',
  path: `${API}/undo`,
  permission: 'checkAuthority:btn_undo',
  tag: TAG,
  summary: '撤销勾选（申请统计前）',
  body: z.object({
    period: taxPeriod,
    ids: idArray(MAX_SELECT_IDS, {
      min: 1,
      minMessage: '请至少选择一张发票',
      maxMessage: `一次最多撤销${MAX_SELECT_IDS}张`,
    }),
  }),
  reply: selectOutcome,
});

export const applyDeductionStats = defineRoute({
  method: 'POST',
  path: `${API}/periods/{period}/apply-stats`,
  permission: 'confirmPwd:btn_stats',
  tag: TAG,
  summary: '申请统计：所属期勾选冻结，税局出具抵扣统计',
  params: periodParams,
  reply: deductionPeriodView,
});

export const undoDeductionStats = defineRoute({
  method: 'POST',
  path: `${API}/periods/{period}/undo-stats`,
  permission: 'confirmPwd:btn_stats',
  tag: TAG,
  summary: '撤销统计：所属期回到可勾选',
  params: periodParams,
  reply: deductionPeriodView,
});

export const confirmDeductionPeriod = defineRoute({
  method: 'POST',
  path: `${API}/periods/{period}/confirm`,
  permission: 'confirmPwd:btn_confirm',
  tag: TAG,
  summary: '确认签名：以本人登录密码二次确认，确认后所属期锁定',
  params: periodParams,
  body: z.object({
    password: z
      .string({ error: '请输入确认密码' })
      .min(1, '请输入确认密码')
      .max(128, '确认密码最多128个字符'),
  }),
  reply: deductionPeriodView,
});

export const taxPaymentView = z.object({
  period: z.string(),
  periodState: z.enum(PERIOD_STATES),
  /** 销项税额: tax of the invoices the company issued in the period (red ones negative). */
  output: deductionTotals,
  /** 进项税额 selected (and, once confirmed, confirmed) for the period. */
  input: deductionTotals,
  inputConfirmed: z.boolean(),
  /** 上期留抵: carried over from the previous confirmed periods of this view. */
  carriedCreditFen: fen,
  payableFen: fen,
  carryForwardFen: fen,
});
export type TaxPaymentView = z.infer<typeof taxPaymentView>;

export const getTaxPayment = defineRoute({
  method: 'GET',
  path: `${API}/tax-payment`,
  permission: 'taxPayment',
  tag: TAG,
  summary: '税款测算：所属期销项税额、已勾选进项税额与应纳税额',
  query: z.object({ period: taxPeriod }),
  reply: taxPaymentView,
});
