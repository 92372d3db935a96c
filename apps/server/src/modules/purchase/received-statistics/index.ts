import { exportReceivedStats, getReceivedStats } from '@fpy/contracts';
import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../../http/module.ts';
import { route } from '../../../http/route.ts';
import { buildWorkbook, sendWorkbook } from '../../../lib/excel.ts';
import { GROUP_SHEET, statsColumns, withTotalsRow } from './stats-excel.ts';
import { receivedStats } from './stats-query.ts';

/**
 * 进项发票统计 (issue 31, lane PSTATS; page /receiptsInvoice/jxFptj): received invoices grouped by 属期, supplier,
 * rate, type or state in SQL, and the same figures as a workbook. Reads received_invoices only (its writer is
 * purchase/received-invoices).
 */
export function registerReceivedStatisticsModule(app: FastifyInstance, _deps: ModuleDeps) {
  route(app, getReceivedStats, (ctx, { query }) => receivedStats(ctx, query));
  route(app, exportReceivedStats, async (ctx, { query, reply }) => {
    const stats = await receivedStats(ctx, query);
    const range = [query.periodFrom, query.periodTo].filter(Boolean).join('至');
    const name = `进项发票统计_${GROUP_SHEET[query.groupBy]}${range ? `_${range}` : ''}.xlsx`;
    return sendWorkbook(
      reply,
      name,
      await buildWorkbook(GROUP_SHEET[query.groupBy], statsColumns(query.groupBy), withTotalsRow(stats)),
    );
  });
}
