import type { DashboardFigure, StatsRow } from '@fpy/contracts';
import { shanghaiMonth } from '../../../../data/shanghai-month.ts';
import type { AuthedCtx } from '../../../../http/context.ts';
import type { DashboardCardBody } from '../../../platform/base/index.ts';
import { invoiceStats } from '../stats-query.ts';

export const STATS_PATH = '/outputInvoiceManager/invoiceStatistic';
const ZERO = { count: 0, redCount: 0, amountFen: 0, taxFen: 0, totalFen: 0 };

/**
 * This month's issuing against last month, Asia/Shanghai calendar months, by the statistics page's own query
 * (stats-query.ts) so the two never disagree: only issued invoices (已开具, 部分红冲, 已红冲), red invoices counted
 * in `count` and again in `redCount`, their negative amounts netted into 金额 and 税额. Last month is the whole month.
 */
export async function monthFigures(ctx: AuthedCtx, now: Date) {
  const [cur, prev] = [shanghaiMonth(now), shanghaiMonth(now, 1)];
  const stats = await invoiceStats(ctx, { groupBy: 'month', dateFrom: prev.from, dateTo: cur.to });
  const of = (key: string): Omit<StatsRow, 'key' | 'label'> => stats.rows.find((r) => r.key === key) ?? ZERO;
  return { cur, prev, current: of(cur.key), previous: of(prev.key) };
}

const FIGURES = [
  ['count', 'count'],
  ['redCount', 'count'],
  ['amountFen', 'fen'],
  ['taxFen', 'fen'],
] as const;

export async function issuedCard(ctx: AuthedCtx, now = new Date()): Promise<DashboardCardBody> {
  const { cur, prev, current, previous } = await monthFigures(ctx, now);
  const link = { path: STATS_PATH, query: { dateFrom: prev.from, dateTo: cur.to } };
  return {
    kind: 'figures',
    period: { current: cur.key, previous: prev.key },
    figures: FIGURES.map(
      ([key, unit]): DashboardFigure => ({ key, unit, value: current[key], previous: previous[key], link }),
    ),
  };
}
