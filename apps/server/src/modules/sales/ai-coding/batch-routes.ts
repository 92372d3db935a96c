import {
  acceptBatchAiCoding,
  batchAiCoding,
  batchAiCodingExport,
  batchAiCodingResult,
  batchAiCodingTemplate,
  type CodingSuggestion,
} from '@fpy/contracts';
import { aiCodingJobRows, aiCodingJobs } from '@fpy/db';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { scoped } from '../../../data/tenant-scope.ts';
import type { AuthedCtx } from '../../../http/context.ts';
import { route } from '../../../http/route.ts';
import { buildWorkbook, type ExcelColumn, readWorkbook, sendWorkbook } from '../../../lib/excel.ts';
import { badRequest } from '../../../lib/errors.ts';
import { readUpload } from '../../../lib/upload.ts';
import { withTransaction } from '../../../lib/write/index.ts';
import { catalogFor } from '../tax-codes/index.ts';
import { isRunningHere, STALE_MS, startJob } from './batch-runner.ts';
import { isLowConfidence } from './confidence.ts';
import { confirmCoding } from './memory.ts';

const NAME_COLUMN: ExcelColumn<unknown>[] = [{ key: 'name', header: '商品名称', width: 40 }];
const MAX_XLSX_BYTES = 5 * 1024 * 1024;

async function ownJob(ctx: AuthedCtx, jobId: number) {
  const job = await scoped(ctx, aiCodingJobs).get(jobId);
  // A job left running by a process that has gone away (restart, crash) is picked up again here.
  if (
    (job.status === 'queued' || job.status === 'running') &&
    !isRunningHere(job.id) &&
    Date.now() - job.updatedAt.getTime() > STALE_MS
  )
    startJob(ctx.db, job.id, (err) => ctx.log.error({ err }, 'ai coding job failed'));
  return job;
}

/** 批量智能赋码: upload names, a background job codes them, the page polls, the user accepts rows. */
export function registerBatchRoutes(app: FastifyInstance) {
  route(app, batchAiCodingTemplate, async (_ctx, { reply }) => {
    const sample = [
      { name: '联想ThinkPad X1 Carbon 笔记本电脑' },
      { name: '滴滴出行打车费' },
      { name: '员工午餐餐费' },
    ];
    return sendWorkbook(reply, '批量智能赋码模板.xlsx', await buildWorkbook('商品名称', NAME_COLUMN, sample));
  });

  route(app, batchAiCoding, async (ctx, { req }) => {
    const s = scoped(ctx, aiCodingJobs);
    const tenantId = s.tenantFor(null);
    const upload = await readUpload(req, MAX_XLSX_BYTES, 'Excel 文件');
    const { rows } = await readWorkbook(upload.data, NAME_COLUMN);
    const tooLong = rows.find((r) => r.values.name.length > 200);
    if (tooLong) throw badRequest('VALIDATION_FAILED.name_too_long', { row: tooLong.rowNumber });
    const job = await withTransaction(ctx, async (tx) => {
      const [j] = await tx
        .insert(aiCodingJobs)
        .values({
          tenantId,
          fileName: upload.fileName,
          status: 'queued',
          total: rows.length,
          createdBy: ctx.actor.userId,
        })
        .returning();
      // All rows in one INSERT with a single JSON parameter: 5,000 rows bound one by one took seconds.
      const payload = JSON.stringify(rows.map((r) => ({ n: r.rowNumber, name: r.values.name })));
      await tx.execute(
        sql`INSERT INTO ai_coding_job_rows (tenant_id, job_id, row_number, name) SELECT ${tenantId}::int, ${j.id}::int, x.n, x.name FROM jsonb_to_recordset(${payload}::jsonb) AS x(n int, name text)`,
      );
      return j;
    });
    startJob(ctx.db, job.id, (err) => ctx.log.error({ err }, 'ai coding job failed'));
    return { jobId: job.id, total: job.total };
  });

  route(app, batchAiCodingResult, async (ctx, { body }) => {
    const job = await ownJob(ctx, body.jobId);
    const rows =
      job.status === 'done'
        ? await ctx.db
            .select()
            .from(aiCodingJobRows)
            .where(eq(aiCodingJobRows.jobId, job.id))
            .orderBy(asc(aiCodingJobRows.rowNumber))
        : [];
    return {
      jobId: job.id,
      fileName: job.fileName,
      status: job.status as 'queued' | 'running' | 'done' | 'failed',
      total: job.total,
      processed: job.processed,
      error: job.error,
      rows: rows.map((r) => {
        const suggestions = (r.suggestions as CodingSuggestion[] | null) ?? null;
        return {
          id: r.id,
          rowNumber: r.rowNumber,
          name: r.name,
          suggestions,
          lowConfidence: suggestions !== null && isLowConfidence(suggestions),
          acceptedCode: r.acceptedCode,
        };
      }),
    };
  });

  route(app, batchAiCodingExport, async (ctx, { query, reply }) => {
    const job = await ownJob(ctx, query.jobId);
    const rows = await ctx.db
      .select()
      .from(aiCodingJobRows)
      .where(eq(aiCodingJobRows.jobId, job.id))
      .orderBy(asc(aiCodingJobRows.rowNumber));
    type Row = (typeof rows)[number];
    const pick = (r: Row, i: number) => ((r.suggestions as CodingSuggestion[] | null) ?? [])[i];
    const columns: ExcelColumn<Row>[] = [
      { key: 'rowNumber', header: '行号', width: 8 },
      { key: 'name', header: '商品名称', width: 40 },
      ...[0, 1, 2].flatMap((i) => [
        { key: `code${i}`, header: `推荐编码${i + 1}`, width: 22, value: (r: Row) => pick(r, i)?.code },
        { key: `name${i}`, header: `编码名称${i + 1}`, width: 24, value: (r: Row) => pick(r, i)?.name },
        { key: `conf${i}`, header: `置信度${i + 1}`, width: 10, value: (r: Row) => pick(r, i)?.confidence },
      ]),
      {
        key: 'review',
        header: '需复核',
        width: 10,
        value: (r: Row) => (isLowConfidence((r.suggestions as CodingSuggestion[] | null) ?? []) ? '是' : ''),
      },
      { key: 'acceptedCode', header: '已采纳编码', width: 22 },
    ];
    return sendWorkbook(reply, `智能赋码结果-${job.id}.xlsx`, await buildWorkbook('赋码结果', columns, rows));
  });

  route(app, acceptBatchAiCoding, async (ctx, { body }) => {
    const job = await ownJob(ctx, body.jobId);
    const ids = body.rows.map((r) => r.id);
    const found = await ctx.db
      .select({ id: aiCodingJobRows.id, name: aiCodingJobRows.name })
      .from(aiCodingJobRows)
      .where(and(eq(aiCodingJobRows.jobId, job.id), inArray(aiCodingJobRows.id, ids)));
    const nameOf = new Map(found.map((r) => [r.id, r.name]));
    const missing = ids.find((id) => !nameOf.has(id));
    if (missing) throw badRequest('VALIDATION_FAILED.rows_not_in_task', { row: missing });
    // All or nothing: one refused code (summary, retired) leaves the memory untouched.
    const catalog = await catalogFor(ctx.db);
    await withTransaction(ctx, async (tx) => {
      for (const r of body.rows) {
        await confirmCoding(ctx, nameOf.get(r.id) as string, r.code, tx, catalog);
        await tx.update(aiCodingJobRows).set({ acceptedCode: r.code }).where(eq(aiCodingJobRows.id, r.id));
      }
    });
    return { accepted: body.rows.length };
  });
}
