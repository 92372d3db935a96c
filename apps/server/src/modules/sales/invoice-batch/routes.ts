import {
  getInvoiceBatch,
  invoiceBatchResult,
  invoiceBatchTemplate,
  issueInvoiceBatch,
  listInvoiceBatches,
  uploadInvoiceBatch,
} from '@fpy/contracts';
import { invoiceBatches } from '@fpy/db';
import { count, desc, getTableColumns, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { offsetOf } from '../../../data/paging.ts';
import { scoped } from '../../../data/tenant-scope.ts';
import { route } from '../../../http/route.ts';
import { sendWorkbook } from '../../../lib/excel.ts';
import { readUpload } from '../../../lib/upload.ts';
import { batchDetail, batchRows } from './progress.ts';
import { resultWorkbook } from './result.ts';
import { startBatch } from './run.ts';
import { batchTemplate } from './template.ts';
import { uploadBatch } from './upload.ts';

const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

const { payload: _payload, report: _report, ...headColumns } = getTableColumns(invoiceBatches);

export function registerBatchRoutes(app: FastifyInstance) {
  route(app, invoiceBatchTemplate, async (_ctx, { reply }) =>
    sendWorkbook(reply, '批量开具模板.xlsx', await batchTemplate()),
  );

  route(app, uploadInvoiceBatch, async (ctx, { req }) => {
    const upload = await readUpload(req, MAX_UPLOAD_BYTES, 'Excel 文件');
    return uploadBatch(ctx, upload);
  });

  route(app, issueInvoiceBatch, async (ctx, { params }) =>
    batchDetail(ctx.db, await startBatch(ctx, params.id)),
  );

  route(app, getInvoiceBatch, async (ctx, { params }) =>
    batchDetail(ctx.db, await scoped(ctx, invoiceBatches).get(params.id)),
  );

  route(app, invoiceBatchResult, async (ctx, { params, reply }) => {
    const batch = await scoped(ctx, invoiceBatches).get(params.id);
    const name = `${batch.fileName.replace(/\.xlsx$/i, '')}-开具结果.xlsx`;
    return sendWorkbook(reply, name, await resultWorkbook(ctx.db, batch));
  });

  route(app, listInvoiceBatches, async (ctx, { query }) => {
    const s = scoped(ctx, invoiceBatches);
    const where = s.where(query.status ? sql`${invoiceBatches.status} = ${query.status}` : undefined);
    const [heads, [{ n }]] = await Promise.all([
      ctx.db
        .select({
          ...headColumns,
          // The list never loads the rows themselves: just the counts inside the report.
          invalidRows: sql<number>`coalesce((${invoiceBatches.report}->>'invalidRows')::int, 0)`,
          invalidInvoiceCount: sql<number>`coalesce(jsonb_array_length(${invoiceBatches.report}->'invalidGroups'), 0)`,
          runFailures: sql<number>`coalesce(jsonb_array_length(${invoiceBatches.report}->'runFailures'), 0)`,
        })
        .from(invoiceBatches)
        .where(where)
        .orderBy(desc(invoiceBatches.createdAt), desc(invoiceBatches.id))
        .limit(query.limit)
        .offset(offsetOf(query)),
      ctx.db.select({ n: count() }).from(invoiceBatches).where(where),
    ]);
    return {
      rows: await batchRows(
        ctx.db,
        heads.map((h) => ({
          ...h,
          invalidRows: Number(h.invalidRows),
          invalidInvoiceCount: Number(h.invalidInvoiceCount),
          runFailures: Number(h.runFailures),
        })),
      ),
      total: n,
    };
  });
}
