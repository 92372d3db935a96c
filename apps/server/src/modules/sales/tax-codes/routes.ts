import {
  importTaxCodes,
  syncTaxCodes,
  taxCodeByCode,
  taxCodeJobResult,
  taxCodeListByPid,
  taxCodeTree,
} from '@fpy/contracts';
import { taxCodeJobs } from '@fpy/db';
import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/route.ts';
import { notFound } from '../../../lib/errors.ts';
import { syncFromUpload } from './sync-upload.ts';
import type { CatalogEntry } from './catalog.ts';
import { catalogFor } from './store.ts';
import { detailOf, nodeOf, reportOf } from './view.ts';

/** 税收分类编码 (spec §7 commodity codes): tree, list, detail, import/sync and their last result. */
export function registerTaxCodeRoutes(app: FastifyInstance) {
  route(app, taxCodeTree, async (ctx, { query }) => {
    const catalog = await catalogFor(ctx.db);
    if (query.pid && !catalog.get(query.pid)) throw notFound('NOT_FOUND.code', { code: query.pid });
    return catalog.childrenOf(query.pid ?? null).map(nodeOf);
  });

  route(app, taxCodeListByPid, async (ctx, { query }) => {
    const catalog = await catalogFor(ctx.db);
    const usableOnly = query.usableOnly === 'true';
    let rows: CatalogEntry[];
    if (query.keyword) {
      rows = catalog.search(query.keyword, { usableOnly });
      if (query.pid)
        rows = rows.filter(
          (e) => e.code !== query.pid && catalog.pathOf(e.code).some((p) => p.code === query.pid),
        );
    } else {
      if (query.pid && !catalog.get(query.pid)) throw notFound('NOT_FOUND.code', { code: query.pid });
      rows = catalog.childrenOf(query.pid ?? null).filter((e) => !usableOnly || e.usable);
    }
    const start = (query.page - 1) * query.limit;
    return { rows: rows.slice(start, start + query.limit).map(nodeOf), total: rows.length };
  });

  route(app, taxCodeByCode, async (ctx, { query }) => {
    const catalog = await catalogFor(ctx.db);
    const entry = catalog.get(query.bm);
    if (!entry) throw notFound('NOT_FOUND.tax_code', { code: query.bm });
    return detailOf(catalog, entry);
  });

  route(app, syncTaxCodes, (ctx, { req }) => syncFromUpload(ctx, req, 'sync'));
  route(app, importTaxCodes, (ctx, { req }) => syncFromUpload(ctx, req, 'import'));

  route(app, taxCodeJobResult, async (ctx) => {
    const [job] = await ctx.db.select().from(taxCodeJobs).orderBy(desc(taxCodeJobs.id)).limit(1);
    return job ? reportOf(job) : null;
  });
}
