import { z } from 'zod';
import { DATE_ORDER_ISSUE, dateOrder, dateRange } from '../common.ts';
import { defineRoute } from '../route.ts';

/**
 * 开票统计 (issue 4 §3 invoiceStatistic): counts, amounts and taxes of issued invoices by month, type, rate or
 * buyer, by issue date in Asia/Shanghai. Only invoices that were issued count (已开具, 部分红冲, 已红冲); red
 * invoices count with negative figures, so a fully reversed blue invoice nets to zero. Money in integer fen.
 */
const MENU = 'invoiceStatistic';
const BASE = '/api/billing/v1/invoice-stats';
const tag = 'invoicing';

export const STATS_GROUPS = ['month', 'type', 'rate', 'buyer'] as const;
export type StatsGroup = (typeof STATS_GROUPS)[number];

export const statsQuery = z
  .object({
    /** Issue date, yyyy-MM-dd in Asia/Shanghai, inclusive; absent = unbounded. */
    ...dateRange,
    groupBy: z.enum(STATS_GROUPS).default('month'),
  })
  .refine(dateOrder, DATE_ORDER_ISSUE);

const fen = z.number().int();

export const statsFigures = z.object({
  /** Invoices (blue and red); with groupBy rate an invoice with several rates counts under each. */
  count: z.number().int(),
  /** Of which red invoices. */
  redCount: z.number().int(),
  amountFen: fen,
  taxFen: fen,
  totalFen: fen,
});

export const statsRow = statsFigures.extend({
  /** yyyy-MM, the InvoiceType, the TaxRate, or the buyer's tax number (else its name). */
  key: z.string(),
  label: z.string(),
});
export type StatsRow = z.infer<typeof statsRow>;

export const statsReply = z.object({
  groupBy: z.enum(STATS_GROUPS),
  rows: z.array(statsRow),
  /** Over the invoices in range (from invoice totals; each invoice once). */
  totals: statsFigures,
});
export type StatsReply = z.infer<typeof statsReply>;

export const getInvoiceStats = defineRoute({
  method: 'GET',
  path: BASE,
  permission: MENU,
  tag,
  summary: '开票统计：按月份、发票类型、税率或购买方汇总份数、金额、税额、价税合计',
  query: statsQuery,
  reply: statsReply,
});

export const exportInvoiceStats = defineRoute({
  method: 'GET',
  path: `${BASE}/export`,
  permission: `${MENU}:btn_export`,
  tag,
  produces: 'file',
  summary: '导出开票统计 (xlsx，含合计行)',
  query: statsQuery,
});
