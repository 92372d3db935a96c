import { exportInvoiceStats, getInvoiceStats } from '@fpy/contracts';
import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../../http/module.ts';
import { route } from '../../../http/route.ts';
import { buildWorkbook, sendWorkbook } from '../../../lib/excel.ts';
import { registerInvoiceStatsDashboardCards } from './dashboard-cards/index.ts';
import { GROUP_SHEET, statsColumns, withTotalsRow } from './stats-excel.ts';
import { invoiceStats } from './stats-query.ts';

/** 销项税额 per 属期 for the purchase side's 税款测算 (issue 31, lane DEDUCT). */
export { outputTaxByPeriod } from './output-tax.ts';

/** 开票统计 (issue 4 §3 invoiceStatistic): grouped figures of issued invoices and their Excel export. */
export function registerInvoiceStatsModule(app: FastifyInstance, _deps: ModuleDeps) {
  registerInvoiceStatsDashboardCards();
  route(app, getInvoiceStats, (ctx, { query }) => invoiceStats(ctx, query));
  route(app, exportInvoiceStats, async (ctx, { query, reply }) => {
    const stats = await invoiceStats(ctx, query);
    const range = [query.dateFrom, query.dateTo].filter(Boolean).join('至');
    const name = `开票统计_${GROUP_SHEET[query.groupBy]}${range ? `_${range}` : ''}.xlsx`;
    return sendWorkbook(
      reply,
      name,
      await buildWorkbook(GROUP_SHEET[query.groupBy], statsColumns(query.groupBy), withTotalsRow(stats)),
    );
  });
}
