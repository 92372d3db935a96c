import {
  createPrintSetting,
  deletePrintSetting,
  getPrintableInvoices,
  getPrintSetting,
  listPrintableInvoices,
  listPrintSettings,
  PRINTABLE_STATUSES,
  updatePrintSetting,
} from '@fpy/contracts';
import { invoices, printSettings } from '@fpy/db';
import { asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { likePattern, offsetOf, orderBy } from '../../../data/paging.ts';
import { scoped } from '../../../data/tenant-scope.ts';
import { route } from '../../../http/route.ts';
import { businessError, notFound } from '../../../lib/errors.ts';
import { toDetail, toSummary } from '../invoicing/index.ts';
import { createPrintSettingVerb, printSettingRowOf, updatePrintSettingVerb } from './print-settings.ts';
import { dayRange } from '../../../data/day-range.ts';

/** 打印设置 (printer offsets) and 发票打印 (the printable invoices and their faces' data). */
export function registerPrintRoutes(app: FastifyInstance) {
  route(app, listPrintSettings, async (ctx, { query }) => {
    const where = scoped(ctx, printSettings).where();
    const [rows, [{ n }]] = await Promise.all([
      ctx.db
        .select()
        .from(printSettings)
        .where(where)
        .orderBy(desc(printSettings.isDefault), asc(printSettings.printerName), asc(printSettings.id))
        .limit(query.limit)
        .offset(offsetOf(query)),
      ctx.db.select({ n: count() }).from(printSettings).where(where),
    ]);
    return { rows: rows.map(printSettingRowOf), total: Number(n) };
  });
  route(app, getPrintSetting, async (ctx, { params }) =>
    printSettingRowOf(await scoped(ctx, printSettings).get(params.id)),
  );
  route(app, createPrintSetting, (ctx, { body }) => createPrintSettingVerb(ctx, body));
  route(app, updatePrintSetting, (ctx, { params, body }) => updatePrintSettingVerb(ctx, params.id, body));
  route(app, deletePrintSetting, async (ctx, { params }) => {
    await scoped(ctx, printSettings).remove(params.id);
    return { ok: true as const };
  });

  route(app, listPrintableInvoices, async (ctx, { query: q }) => {
    const where = scoped(ctx, invoices).where(
      q.status ? eq(invoices.status, q.status) : inArray(invoices.status, [...PRINTABLE_STATUSES]),
      q.type ? eq(invoices.type, q.type) : undefined,
      q.number ? ilike(invoices.number, likePattern(q.number)) : undefined,
      q.buyerName ? ilike(invoices.buyerName, likePattern(q.buyerName)) : undefined,
      dayRange(invoices.issuedAt, q.dateFrom, q.dateTo),
    );
    const [rows, [{ n }]] = await Promise.all([
      ctx.db
        .select()
        .from(invoices)
        .where(where)
        .orderBy(
          orderBy(
            q.sort,
            { issuedAt: invoices.issuedAt, totalFen: invoices.totalFen, number: invoices.number },
            sql`${invoices.issuedAt} desc nulls last`,
          ),
          desc(invoices.id),
        )
        .limit(q.limit)
        .offset(offsetOf(q)),
      ctx.db.select({ n: count() }).from(invoices).where(where),
    ]);
    return { rows: rows.map(toSummary), total: Number(n) };
  });

  route(app, getPrintableInvoices, async (ctx, { query }) => {
    const rows = await ctx.db
      .select()
      .from(invoices)
      .where(scoped(ctx, invoices).where(inArray(invoices.id, query.ids)));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const ordered = query.ids.map((id) => {
      const inv = byId.get(id);
      if (!inv) throw notFound('NOT_FOUND.invoice');
      if (!(PRINTABLE_STATUSES as readonly string[]).includes(inv.status))
        throw businessError('INVOICE_NOT_PRINTABLE', { serial: inv.clientSerial });
      return inv;
    });
    return Promise.all(ordered.map((inv) => toDetail(ctx.db, inv)));
  });
}
