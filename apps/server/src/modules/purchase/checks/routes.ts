import {
  CHECK_FIELD_TEXTS,
  CHECK_STATE_TEXTS,
  checkBatch,
  checkBatchFile,
  checkBatchTemplate,
  checkInvoice,
  exportCheckRecords,
  getCheckRecord,
  listCheckRecords,
} from '@fpy/contracts';
import { checkRecords } from '@fpy/db';
import { formatYuan } from '@fpy/domain';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { dayRange } from '../../../data/day-range.ts';
import { offsetOf } from '../../../data/paging.ts';
import type { AuthedCtx } from '../../../http/context.ts';
import { route } from '../../../http/route.ts';
import { badRequest, notFound } from '../../../lib/errors.ts';
import { buildWorkbook, readWorkbook, sendWorkbook } from '../../../lib/excel.ts';
import { readUpload } from '../../../lib/upload.ts';
import { BATCH_COLUMNS, checkRows, rowsOfText } from './batch.ts';
import { runCheck } from './verbs/run-check.ts';
import { type CheckRow, checkView, ownTaxNumber, ownTenant } from './views.ts';

const MAX_BATCH_FILE_BYTES = 1024 * 1024;
const MAX_EXPORT_ROWS = 20_000;

interface Filters {
  result?: string;
  channel?: string;
  number?: string;
  batchId?: string;
  dateFrom?: string;
  dateTo?: string;
}

function where(tenantId: number, f: Filters): SQL | undefined {
  const conds: (SQL | undefined)[] = [eq(checkRecords.tenantId, tenantId)];
  if (f.result) conds.push(eq(checkRecords.result, f.result));
  if (f.channel) conds.push(eq(checkRecords.channel, f.channel));
  if (f.number) conds.push(eq(checkRecords.number, f.number));
  if (f.batchId) conds.push(eq(checkRecords.batchId, f.batchId));
  conds.push(dayRange(checkRecords.createdAt, f.dateFrom, f.dateTo));
  return and(...conds);
}

const RESULT_ZH: Record<string, string> = {
  match: '一致',
  mismatch: '不一致',
  not_found: '查无此票',
  failed: '查验失败',
};
const CHANNEL_ZH: Record<string, string> = { single: '单张查验', batch: '批量查验', scan: '扫码查验' };

/** 查验 (issue 31, lane CHECK): single, scan and batch checks; the check records list, detail and export. */
export function registerCheckRoutes(app: FastifyInstance) {
  route(app, checkInvoice, async (ctx, { body }) => {
    const { channel, ...elements } = body;
    return runCheck(ctx, elements, channel);
  });
  route(app, checkBatch, async (ctx, { body }) => {
    ownTenant(ctx.actor);
    return checkRows(ctx, rowsOfText(body.text));
  });
  route(app, checkBatchFile, async (ctx, { req }) => {
    ownTenant(ctx.actor);
    const upload = await readUpload(req, MAX_BATCH_FILE_BYTES, 'Excel 文件');
    const sheet = await readWorkbook(upload.data, BATCH_COLUMNS);
    return checkRows(
      ctx,
      sheet.rows.map((r) => ({
        row: r.rowNumber,
        code: r.values.code ?? '',
        number: r.values.number ?? '',
        issueDate: r.values.issueDate ?? '',
        amount: r.values.amount ?? '',
        checkCodeLast6: r.values.checkCodeLast6 ?? '',
      })),
    );
  });
  route(app, checkBatchTemplate, async (_ctx, { reply }) => {
    const sample = [
      {
        row: 2,
        code: '',
        number: '26312000000000000001',
        issueDate: '2026-10-09',
        amount: '113.00',
        checkCodeLast6: '',
      },
      {
        row: 3,
        code: '3100201130',
        number: '04512870',
        issueDate: '2026-09-14',
        amount: '1000.00',
        checkCodeLast6: '',
      },
      {
        row: 4,
        code: '031002000111',
        number: '61238805',
        issueDate: '2026-10-09',
        amount: '',
        checkCodeLast6: '940517',
      },
    ];
    return sendWorkbook(reply, '批量查验模板.xlsx', await buildWorkbook('批量查验', BATCH_COLUMNS, sample));
  });

  route(app, listCheckRecords, async (ctx, { query }) => {
    const tenantId = ownTenant(ctx.actor);
    const w = where(tenantId, query);
    const [rows, [{ n }], ownTax] = await Promise.all([
      ctx.db
        .select()
        .from(checkRecords)
        .where(w)
        .orderBy(desc(checkRecords.id))
        .limit(query.limit)
        .offset(offsetOf(query)),
      ctx.db.select({ n: count() }).from(checkRecords).where(w),
      ownTaxNumber(ctx.db, tenantId),
    ]);
    return { rows: rows.map((r) => checkView(r, ownTax)), total: n };
  });
  route(app, getCheckRecord, async (ctx, { params }) => {
    const row = await one(ctx, params.id);
    return {
      ...checkView(row, await ownTaxNumber(ctx.db, row.tenantId)),
      request: row.request,
      reply: row.reply,
    };
  });
  route(app, exportCheckRecords, async (ctx, { query, reply }) => {
    const tenantId = ownTenant(ctx.actor);
    const w = where(tenantId, query);
    const [{ n }] = await ctx.db.select({ n: count() }).from(checkRecords).where(w);
    if (n > MAX_EXPORT_ROWS) throw badRequest('EXPORT_TOO_LARGE.filter', { max: MAX_EXPORT_ROWS });
    const rows = await ctx.db.select().from(checkRecords).where(w).orderBy(desc(checkRecords.id));
    const ownTax = await ownTaxNumber(ctx.db, tenantId);
    const views = rows.map((r) => checkView(r, ownTax));
    const data = await buildWorkbook(
      '查验记录',
      [
        { key: 'createdAt', header: '查验时间', value: (v) => v.createdAt },
        { key: 'checkedByName', header: '查验人' },
        { key: 'channel', header: '查验方式', value: (v) => CHANNEL_ZH[v.channel] },
        { key: 'code', header: '发票代码' },
        { key: 'number', header: '发票号码', width: 24 },
        { key: 'issueDate', header: '开票日期' },
        { key: 'result', header: '查验结果', value: (v) => RESULT_ZH[v.result] },
        {
          key: 'mismatch',
          header: '不一致项',
          value: (v) =>
            v.mismatch.map((f) => CHECK_FIELD_TEXTS[f as keyof typeof CHECK_FIELD_TEXTS]?.zh ?? f).join('、'),
        },
        { key: 'state', header: '发票状态', value: (v) => (v.state ? CHECK_STATE_TEXTS[v.state].zh : '') },
        { key: 'seller', header: '销售方', width: 28, value: (v) => v.invoice?.sellerName ?? '' },
        { key: 'total', header: '价税合计', value: (v) => (v.invoice ? formatYuan(v.invoice.totalFen) : '') },
        { key: 'batchId', header: '批次号' },
      ],
      views,
    );
    return sendWorkbook(reply, '查验记录.xlsx', data);
  });
}

async function one(ctx: AuthedCtx, id: number): Promise<CheckRow> {
  const tenantId = ownTenant(ctx.actor);
  const [row] = await ctx.db
    .select()
    .from(checkRecords)
    .where(and(eq(checkRecords.id, id), eq(checkRecords.tenantId, tenantId)));
  if (!row) throw notFound();
  return row;
}
