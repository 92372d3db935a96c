import { z } from 'zod';
import { blankAsAbsent, text } from '../common.ts';
import { defineRoute } from '../route.ts';
import { invoiceTypeField } from '../sales/calculate.ts';
import { RECEIVED_STATES } from './received-invoices.ts';

/**
 * 进项发票统计 (issue 31, lane PSTATS; page /receiptsInvoice/jxFptj): the company's received invoices grouped by
 * 属期 (month), supplier, rate, invoice type or state, with counts, 金额, 税额, 价税合计 in integer fen, each row
 * split into 专票 / 普票, 数电 / legacy and the four states. Red (负数) invoices count with negative figures.
 */
const MENU = 'jxFptj';
const API = '/api/purchase/received-statistics';
const TAG = 'purchase-received';

export const RECEIVED_STATS_GROUPS = ['period', 'seller', 'rate', 'type', 'state'] as const;
export type ReceivedStatsGroup = (typeof RECEIVED_STATS_GROUPS)[number];

/** The longest 属期 range one query may span (the chart shows each month). */
export const RECEIVED_STATS_MAX_MONTHS = 36;

const period = (label: string) =>
  blankAsAbsent(
    z
      .string()
      .trim()
      .regex(/^20\d{2}(0[1-9]|1[0-2])$/, `${label}格式应为 yyyyMM`),
  );

const monthsSpanned = (from: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(4)) - Number(from.slice(4)) + 1;

export const receivedStatsFilters = z.object({
  /** 属期 range yyyyMM, inclusive. */
  periodFrom: period('起始属期'),
  periodTo: period('截止属期'),
  /** 销售方: a tax number matches exactly, anything else is part of the name. */
  seller: blankAsAbsent(text(100, '销售方')),
  type: blankAsAbsent(invoiceTypeField),
  /** 专票 / 普票 across both families. */
  category: blankAsAbsent(z.enum(['special', 'ordinary'], { error: '票种只能是专票或普票' })),
  state: blankAsAbsent(z.enum(RECEIVED_STATES, { error: '发票状态不在可选范围内' })),
});

export const receivedStatsQuery = receivedStatsFilters
  .extend({ groupBy: z.enum(RECEIVED_STATS_GROUPS, { error: '统计维度不在可选范围内' }).default('period') })
  .refine((q) => !q.periodFrom || !q.periodTo || q.periodFrom <= q.periodTo, {
    message: '起始属期不能晚于截止属期',
    path: ['periodTo'],
  })
  .refine(
    (q) =>
      !q.periodFrom || !q.periodTo || monthsSpanned(q.periodFrom, q.periodTo) <= RECEIVED_STATS_MAX_MONTHS,
    { message: `属期范围最多${RECEIVED_STATS_MAX_MONTHS}个月`, path: ['periodTo'] },
  );
export type ReceivedStatsQuery = z.output<typeof receivedStatsQuery>;

const fen = z.number().int();
const part = z.object({ count: z.number().int(), amountFen: fen, taxFen: fen });

export const receivedStatsFigures = z.object({
  /** Invoices (blue and red); grouped by rate an invoice with several rates counts under each. */
  count: z.number().int(),
  amountFen: fen,
  taxFen: fen,
  totalFen: fen,
  /** 专票 (数电 and legacy) and 普票. */
  special: part,
  ordinary: part,
  /** 数电 and legacy (税控) invoices. */
  digital: part,
  legacy: part,
  /** Counts by the bureau's state. */
  states: z.object({
    normal: z.number().int(),
    red: z.number().int(),
    voided: z.number().int(),
    abnormal: z.number().int(),
  }),
  /** Tax of the 专票 still normal: what may be selected for deduction (勾选) at most. */
  deductibleTaxFen: fen,
});
export type ReceivedStatsFigures = z.infer<typeof receivedStatsFigures>;

export const receivedStatsRow = receivedStatsFigures.extend({
  /** yyyyMM, the seller's tax number, the TaxRate (`none`: no lines known), the InvoiceType, or the state. */
  key: z.string(),
  label: z.string(),
});
export type ReceivedStatsRow = z.infer<typeof receivedStatsRow>;

export const receivedStatsReply = z.object({
  groupBy: z.enum(RECEIVED_STATS_GROUPS),
  rows: z.array(receivedStatsRow),
  /** Over the invoices matched (each invoice once). */
  totals: receivedStatsFigures,
});
export type ReceivedStatsReply = z.infer<typeof receivedStatsReply>;

export const getReceivedStats = defineRoute({
  method: 'GET',
  path: API,
  permission: MENU,
  tag: TAG,
  summary:
    '进项发票统计：按属期、销售方、税率、发票类型或状态汇总份数、金额、税额（专票/普票、数电/税控、各状态）',
  query: receivedStatsQuery,
  reply: receivedStatsReply,
});

export const exportReceivedStats = defineRoute({
  method: 'GET',
  path: `${API}/export`,
  permission: `${MENU}:btn_export`,
  tag: TAG,
  produces: 'file',
  summary: '导出进项发票统计 (xlsx，含合计行)',
  query: receivedStatsQuery,
});
