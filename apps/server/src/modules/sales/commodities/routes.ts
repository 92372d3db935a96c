import {
  allowedRates,
  commodityByOwnCode,
  commodityImportTemplate,
  createCommodity,
  deleteCommodity,
  exportCommodities,
  importCommodities,
  listCommodities,
  nextOwnCode as nextOwnCodeRoute,
  removeCommodities,
  updateCommodity,
} from '@fpy/contracts';
import { commodities } from '@fpy/db';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { offsetOf } from '../../../data/paging.ts';
import { scoped } from '../../../data/tenant-scope.ts';
import { route } from '../../../http/route.ts';
import { badRequest, notFound } from '../../../lib/errors.ts';
import { buildWorkbook, sendWorkbook } from '../../../lib/excel.ts';
import { readUpload } from '../../../lib/upload.ts';
import { catalogFor } from '../tax-codes/index.ts';
import { allowedRateOptions } from './allowed-rates.ts';
import { EXPORT_COLUMNS, importTemplate } from './commodity-excel.ts';
import { commodityRowOf } from './commodity-rows.ts';
import { deleteCommodities } from './delete-commodities.ts';
import { importCommoditiesVerb } from './import-commodities.ts';
import { commodityOrder, commodityWhere } from './list-commodities.ts';
import { nextOwnCode } from './next-own-code.ts';
import { createCommodityVerb, toRow, updateCommodityVerb } from './save-commodity.ts';
import { usableTaxCode } from './tax-code-check.ts';

const MAX_EXPORT_ROWS = 50_000;
const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

/** 商品编码 (spec §7 userCommodityCode calls). */
export function registerCommodityRoutes(app: FastifyInstance) {
  route(app, listCommodities, async (ctx, { query }) => {
    const where = commodityWhere(ctx, query);
    const [rows, [{ n }], catalog] = await Promise.all([
      ctx.db
        .select()
        .from(commodities)
        .where(where)
        .orderBy(commodityOrder(query.sort))
        .limit(query.limit)
        .offset(offsetOf(query)),
      ctx.db.select({ n: count() }).from(commodities).where(where),
      catalogFor(ctx.db),
    ]);
    return { rows: rows.map((r) => commodityRowOf(r, catalog)), total: n };
  });

  route(app, commodityByOwnCode, async (ctx, { query }) => {
    const s = scoped(ctx, commodities);
    const [row] = await ctx.db
      .select()
      .from(commodities)
      .where(s.where(eq(commodities.ownCode, query.bm)))
      .limit(1);
    if (!row) throw notFound('NOT_FOUND.own_code', { code: query.bm });
    return toRow(ctx, row);
  });

  route(app, allowedRates, async (ctx, { query }) => {
    const entry = await usableTaxCode(ctx.db, query.spbm, '字段 spbm：税收分类编码');
    return {
      taxCode: entry.code,
      name: entry.name,
      shortName: entry.shortName,
      vatRates: entry.vatRates,
      options: allowedRateOptions(entry.code, entry.vatRates),
    };
  });

  route(app, nextOwnCodeRoute, async (ctx) => ({ ownCode: await nextOwnCode(ctx) }));

  route(app, createCommodity, async (ctx, { body }) => toRow(ctx, await createCommodityVerb(ctx, body)));
  route(app, updateCommodity, async (ctx, { params, body }) =>
    toRow(ctx, await updateCommodityVerb(ctx, params.id, body)),
  );

  route(app, deleteCommodity, async (ctx, { query }) => {
    await deleteCommodities(ctx, [query.id], { single: true });
    return { ok: true as const };
  });
  route(app, removeCommodities, async (ctx, { body }) => ({
    deleted: await deleteCommodities(ctx, [...new Set(body.ids)]),
  }));

  route(app, commodityImportTemplate, async (_ctx, { reply }) =>
    sendWorkbook(reply, '商品编码导入模板.xlsx', await importTemplate()),
  );
  route(app, importCommodities, async (ctx, { req }) => {
    const upload = await readUpload(req, MAX_IMPORT_BYTES, 'Excel 文件');
    return importCommoditiesVerb(ctx, upload.data);
  });

  route(app, exportCommodities, async (ctx, { query, reply }) => {
    const where = commodityWhere(ctx, query);
    const [{ n }] = await ctx.db.select({ n: count() }).from(commodities).where(and(where));
    if (n > MAX_EXPORT_ROWS) throw badRequest('EXPORT_TOO_LARGE.filter', { max: MAX_EXPORT_ROWS });
    const [rows, catalog] = await Promise.all([
      ctx.db.select().from(commodities).where(where).orderBy(commodityOrder(query.sort)),
      catalogFor(ctx.db),
    ]);
    const data = await buildWorkbook(
      '商品编码',
      EXPORT_COLUMNS,
      rows.map((r) => commodityRowOf(r, catalog)),
    );
    return sendWorkbook(reply, '商品编码.xlsx', data);
  });
}
