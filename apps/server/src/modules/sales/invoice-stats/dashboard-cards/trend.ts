import { lastShanghaiMonths } from '../../../../data/shanghai-month.ts';
import type { AuthedCtx } from '../../../../http/context.ts';
import type { DashboardCardBody } from '../../../platform/base/index.ts';
import { invoiceStats } from '../stats-query.ts';
import { STATS_PATH } from './figures.ts';

const MONTHS = 12;

/** 金额 (excl. tax) and 税额 issued per month over the last 12 months (quiet months 0), as the statistics page sums. */
export async function trendCard(ctx: AuthedCtx, now = new Date()): Promise<DashboardCardBody> {
  const months = lastShanghaiMonths(now, MONTHS);
  const { rows } = await invoiceStats(ctx, {
    groupBy: 'month',
    dateFrom: months[0].from,
    dateTo: months[MONTHS - 1].to,
  });
  const byMonth = new Map(rows.map((r) => [r.key, r]));
  const values = (pick: 'amountFen' | 'taxFen') => months.map((m) => byMonth.get(m.key)?.[pick] ?? 0);
  return {
    kind: 'trend',
    granularity: 'month',
    unit: 'fen',
    categories: months.map((m) => m.key),
    series: [
      { key: 'amountFen', values: values('amountFen') },
      { key: 'taxFen', values: values('taxFen') },
    ],
    link: { path: STATS_PATH, query: { dateFrom: months[0].from, dateTo: months[MONTHS - 1].to } },
  };
}
