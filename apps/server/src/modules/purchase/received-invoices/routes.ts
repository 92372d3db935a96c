import {
  exportReceivedInvoices,
  getReceivedInvoice,
  listReceivedInvoices,
  RECEIVED_EXPORT_MAX_ROWS,
  type ReceivedInvoiceFilters,
  receivedSyncStatus,
  syncReceivedInvoices,
  zipReceivedInvoices,
} from '@fpy/contracts';
import { receivedInvoices, receivedSyncCursors } from '@fpy/db';
import { formatYuan, parseYuan } from '@fpy/domain';
import { and, asc, count, desc, eq, gte, ilike, like, lte, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { likePattern, offsetOf } from '../../../data/paging.ts';
import type { AuthedCtx } from '../../../http/context.ts';
import { route } from '../../../http/route.ts';
import { badRequest, notFound } from '../../../lib/errors.ts';
import { buildWorkbook, sendWorkbook } from '../../../lib/excel.ts';
import { lineCodesOf } from './hooks.ts';
import { getReceived, type ReceivedInvoiceRow, receivedChanges } from './queries.ts';
import { syncNow } from './verbs/sync-now.ts';
import { sendReceivedZip } from './zip.ts';

const TAX_NUMBER = /^[0-9A-Z]{15,20}$/;

function ownTenant(ctx: AuthedCtx): number {
  if (ctx.actor.tenantId === null) throw badRequest('TENANT_REQUIRED');
  return ctx.actor.tenantId;
}

/** Every filter a condition; always scoped to the tenant (its own tax numbers' invoices only). */
function where(tenantId: number, f: ReceivedInvoiceFilters): SQL | undefined {
  const c: (SQL | undefined)[] = [eq(receivedInvoices.tenantId, tenantId)];
  if (f.dateFrom) c.push(gte(receivedInvoices.issueDate, f.dateFrom));
  if (f.dateTo) c.push(lte(receivedInvoices.issueDate, f.dateTo));
  if (f.period) {
    c.push(eq(receivedInvoices.period, f.period));
    // The same month as issue-date bounds (属期 is the issue month): the (tenant, issue_date, id) index then serves
    // the page in date order within the month instead of walking every later invoice (bench --only purchase).
    const month = `${f.period.slice(0, 4)}-${f.period.slice(4)}`;
    c.push(gte(receivedInvoices.issueDate, `${month}-01`), lte(receivedInvoices.issueDate, `${month}-31`));
  }
  if (f.seller) {
    const s = f.seller.trim();
    c.push(
      TAX_NUMBER.test(s.toUpperCase())
        ? eq(receivedInvoices.sellerTaxNumber, s.toUpperCase())
        : ilike(receivedInvoices.sellerName, likePattern(s)),
    );
  }
  if (f.number)
    c.push(
      f.number.length === 20
        ? // A 20-digit number is a 数电 number, which is the invoice key: the (tenant, key) unique index finds it.
          and(eq(receivedInvoices.invoiceKey, f.number), eq(receivedInvoices.number, f.number))
        : like(receivedInvoices.number, `${f.number}%`),
    );
  if (f.type) c.push(eq(receivedInvoices.invoiceType, f.type));
  if (f.state) c.push(eq(receivedInvoices.state, f.state));
  if (f.rate) c.push(sql`${receivedInvoices.rates} @> ${JSON.stringify([f.rate])}::jsonb`);
  if (f.source) c.push(sql`${receivedInvoices.sources} @> ${JSON.stringify([f.source])}::jsonb`);
  if (f.amountMin) c.push(gte(receivedInvoices.totalFen, parseYuan(f.amountMin) ?? 0));
  if (f.amountMax) c.push(lte(receivedInvoices.totalFen, parseYuan(f.amountMax) ?? 0));
  return and(...c);
}

function orderOf(sort: string | undefined): SQL[] {
  const desc_ = sort?.startsWith('-') ?? true;
  const key = sort?.replace(/^-/, '') ?? 'issueDate';
  const col =
    key === 'totalFen'
      ? receivedInvoices.totalFen
      : key === 'taxFen'
        ? receivedInvoices.taxFen
        : receivedInvoices.issueDate;
  return [desc_ ? desc(col) : asc(col), desc_ ? desc(receivedInvoices.id) : asc(receivedInvoices.id)];
}

function view(r: ReceivedInvoiceRow) {
  return {
    id: r.id,
    invoiceKey: r.invoiceKey,
    code: r.code,
    number: r.number,
    invoiceType: r.invoiceType,
    colour: r.colour as 'blue' | 'red',
    sellerName: r.sellerName,
    sellerTaxNumber: r.sellerTaxNumber,
    buyerName: r.buyerName,
    buyerTaxNumber: r.buyerTaxNumber,
    issueDate: r.issueDate,
    period: r.period,
    amountFen: r.amountFen,
    taxFen: r.taxFen,
    totalFen: r.totalFen,
    rates: r.rates,
    state: r.state as 'normal' | 'red' | 'voided' | 'abnormal',
    stateChangedAt: r.stateChangedAt?.toISOString() ?? null,
    sources: r.sources,
    blueNumber: r.blueNumber,
    createdAt: r.createdAt.toISOString(),
  };
}

const STATE_ZH: Record<string, string> = {
  normal: '正常',
  red: '已红冲',
  voided: '已作废',
  abnormal: '异常',
};
const SOURCE_ZH: Record<string, string> = { sync: '税局归集', file: '文件导入', manual: '手工录入' };
const RATE_ZH: Record<string, string> = {
  rate_13: '13%',
  rate_9: '9%',
  rate_6: '6%',
  rate_5: '5%',
  rate_3: '3%',
  rate_1_5: '1.5%',
  rate_1: '1%',
  rate_0: '0%',
};
const TYPE_ZH: Record<string, string> = {
  digital_special: '数电票（增值税专用发票）',
  digital_ordinary: '数电票（普通发票）',
  digital_paper_special: '数电纸质专票',
  digital_paper_ordinary: '数电纸质普票',
  special_paper: '增值税专用发票',
  ordinary_paper: '增值税普通发票',
  electronic_special: '增值税电子专用发票',
  electronic_ordinary: '增值税电子普通发票',
};

/** 发票查询 of the purchase side: list with sums, detail with history, Excel export, 立即同步 and its status. */
export function registerReceivedRoutes(app: FastifyInstance) {
  route(app, listReceivedInvoices, async (ctx, { query }) => {
    const w = where(ownTenant(ctx), query);
    const [rows, [agg]] = await Promise.all([
      ctx.db
        .select()
        .from(receivedInvoices)
        .where(w)
        .orderBy(...orderOf(query.sort))
        .limit(query.limit)
        .offset(offsetOf(query)),
      ctx.db
        .select({
          n: count(),
          amountFen: sql<string>`coalesce(sum(${receivedInvoices.amountFen}), 0)`,
          taxFen: sql<string>`coalesce(sum(${receivedInvoices.taxFen}), 0)`,
          totalFen: sql<string>`coalesce(sum(${receivedInvoices.totalFen}), 0)`,
        })
        .from(receivedInvoices)
        .where(w),
    ]);
    return {
      rows: rows.map(view),
      total: agg.n,
      sums: { amountFen: Number(agg.amountFen), taxFen: Number(agg.taxFen), totalFen: Number(agg.totalFen) },
    };
  });

  route(app, getReceivedInvoice, async (ctx, { params }) => {
    const tenantId = ownTenant(ctx);
    const row = await getReceived(ctx.db, tenantId, params.id);
    if (!row) throw notFound('NOT_FOUND.invoice');
    const changes = await receivedChanges(ctx.db, tenantId, row.id);
    const lineCodes = await lineCodesOf(ctx.db, tenantId, row.id);
    return {
      lineCodes,
      ...view(row),
      lines: row.lines as { name: string; amountFen: number; taxFen: number; rate: string }[],
      changes: changes.map((c) => ({
        id: c.id,
        kind: c.kind as 'created' | 'state' | 'fields' | 'source',
        fromState: c.fromState,
        toState: c.toState,
        source: c.source,
        detail: c.detail ?? null,
        happenedAt: c.happenedAt?.toISOString() ?? null,
        createdAt: c.createdAt.toISOString(),
      })),
    };
  });

  route(app, exportReceivedInvoices, async (ctx, { query, reply }) => {
    const w = where(ownTenant(ctx), query);
    const [{ n }] = await ctx.db.select({ n: count() }).from(receivedInvoices).where(w);
    if (n > RECEIVED_EXPORT_MAX_ROWS)
      throw badRequest('EXPORT_TOO_LARGE.filter', { max: RECEIVED_EXPORT_MAX_ROWS });
    const rows = await ctx.db
      .select()
      .from(receivedInvoices)
      .where(w)
      .orderBy(...orderOf(query.sort));
    const data = await buildWorkbook<ReceivedInvoiceRow>(
      '进项发票',
      [
        { key: 'issueDate', header: '开票日期', width: 12 },
        { key: 'code', header: '发票代码', width: 14 },
        { key: 'number', header: '发票号码', width: 24 },
        {
          key: 'invoiceType',
          header: '发票类型',
          width: 24,
          value: (r) => TYPE_ZH[r.invoiceType] ?? r.invoiceType,
        },
        { key: 'sellerName', header: '销售方名称', width: 30 },
        { key: 'sellerTaxNumber', header: '销售方税号', width: 22 },
        { key: 'amountFen', header: '金额', value: (r) => formatYuan(r.amountFen) },
        { key: 'taxFen', header: '税额', value: (r) => formatYuan(r.taxFen) },
        { key: 'totalFen', header: '价税合计', value: (r) => formatYuan(r.totalFen) },
        { key: 'rates', header: '税率', value: (r) => r.rates.map((x) => RATE_ZH[x] ?? x).join('、') },
        { key: 'state', header: '发票状态', value: (r) => STATE_ZH[r.state] ?? r.state },
        { key: 'period', header: '属期' },
        { key: 'sources', header: '来源', value: (r) => r.sources.map((x) => SOURCE_ZH[x] ?? x).join('、') },
      ],
      rows,
    );
    return sendWorkbook(reply, '进项发票.xlsx', data);
  });

  route(app, syncReceivedInvoices, (ctx) => syncNow(ctx));
  route(app, zipReceivedInvoices, (ctx, { body, reply }) => sendReceivedZip(ctx, body, reply));

  route(app, receivedSyncStatus, async (ctx) => {
    const [pos] = await ctx.db
      .select()
      .from(receivedSyncCursors)
      .where(eq(receivedSyncCursors.tenantId, ownTenant(ctx)))
      .orderBy(desc(receivedSyncCursors.lastRunAt))
      .limit(1);
    return {
      lastRunAt: pos?.lastRunAt?.toISOString() ?? null,
      seen: pos?.lastSeen ?? 0,
      created: pos?.lastCreated ?? 0,
      changed: pos?.lastChanged ?? 0,
    };
  });
}
