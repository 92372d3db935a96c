import {
  deleteSkuMaps,
  findSkuMaps,
  insertSkuMap,
  providedOf,
  type skuMapInput,
  updateSkuMap,
} from '@fpy/contracts';
import { commodities, commoditySkuMaps, type Db } from '@fpy/db';
import { and, count, desc, eq, ilike, inArray, like, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { likePattern, offsetOf } from '../../../data/paging.ts';
import { scoped } from '../../../data/tenant-scope.ts';
import type { AuthedCtx } from '../../../http/context.ts';
import { route } from '../../../http/route.ts';
import { badRequest, notFound } from '../../../lib/errors.ts';
import { isUniqueViolation } from '../../../lib/db-errors.ts';
import { initialsOf } from '../../../lib/initials.ts';
import { selectSkuMaps, skuMapRowOf } from './sku-map-rows.ts';

type Input = z.output<typeof skuMapInput>;

/**
 * The commodity must be the caller's own (another tenant's id is answered as not existing). FOR SHARE holds
 * it until the mapping is committed, so a concurrent delete (which locks FOR UPDATE and checks mappings)
 * cannot leave the mapping pointing at nothing.
 */
async function lockCommodity(ctx: AuthedCtx, db: Db, id: number) {
  const [row] = await db
    .select({ id: commodities.id })
    .from(commodities)
    .where(scoped(ctx, commodities, db).where(eq(commodities.id, id)))
    .for('share');
  if (!row) throw badRequest('COMMODITY_UNKNOWN', { id });
}

/** Runs a mapping write in a transaction with its commodity locked; a taken SKU becomes a 400. */
async function writeMapping<T>(ctx: AuthedCtx, v: Input, write: (db: Db) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      await lockCommodity(ctx, db, v.commodityId);
      return write(db);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate(v.sku);
    throw err;
  }
}

const values = (v: Input) => ({ ...v, initials: initialsOf(v.productName) });
const duplicate = (sku: string) => badRequest('SKU_DUPLICATE', { sku });

async function rowById(ctx: AuthedCtx, id: number) {
  const [r] = await selectSkuMaps(ctx.db, scoped(ctx, commoditySkuMaps).where(eq(commoditySkuMaps.id, id)));
  if (!r) throw notFound('NOT_FOUND.sku_map');
  return skuMapRowOf(r);
}

/** 商品对照 (spec §7 productNameCorrespondSku calls). */
export function registerSkuMapRoutes(app: FastifyInstance) {
  route(app, findSkuMaps, async (ctx, { body }) => {
    const k = body.keyword;
    const where = scoped(ctx, commoditySkuMaps).where(
      body.commodityId ? eq(commoditySkuMaps.commodityId, body.commodityId) : undefined,
      k
        ? or(
            ilike(commoditySkuMaps.productName, likePattern(k)),
            ilike(commoditySkuMaps.sku, likePattern(k)),
            like(commoditySkuMaps.initials, likePattern(k.toLowerCase())),
            ilike(commodities.name, likePattern(k)),
            ilike(commodities.ownCode, likePattern(k)),
          )
        : undefined,
    );
    const [rows, [{ n }]] = await Promise.all([
      selectSkuMaps(ctx.db, where)
        .orderBy(desc(commoditySkuMaps.id))
        .limit(body.limit)
        .offset(offsetOf(body)),
      ctx.db
        .select({ n: count() })
        .from(commoditySkuMaps)
        .innerJoin(commodities, eq(commodities.id, commoditySkuMaps.commodityId))
        .where(where),
    ]);
    return { rows: rows.map(skuMapRowOf), total: n };
  });

  route(app, insertSkuMap, async (ctx, { body }) => {
    const row = await writeMapping(ctx, body, (db) => scoped(ctx, commoditySkuMaps, db).insert(values(body)));
    return rowById(ctx, row.id);
  });

  // Only the fields given change; the commodity (given or kept) is locked while the mapping is written.
  route(app, updateSkuMap, async (ctx, { body }) => {
    const { id, ...patch } = body;
    const current = await scoped(ctx, commoditySkuMaps).get(id);
    const given = providedOf(patch);
    const merged: Input = {
      productName: current.productName,
      sku: current.sku,
      commodityId: current.commodityId,
      remark: current.remark,
      ...given,
    };
    const changes =
      given.productName === undefined ? given : { ...given, initials: initialsOf(given.productName) };
    await writeMapping(ctx, merged, (db) => scoped(ctx, commoditySkuMaps, db).update(id, changes));
    return rowById(ctx, id);
  });

  route(app, deleteSkuMaps, async (ctx, { body }) => {
    const s = scoped(ctx, commoditySkuMaps);
    const gone = await ctx.db
      .delete(commoditySkuMaps)
      .where(and(s.where(inArray(commoditySkuMaps.id, body.ids))))
      .returning({ id: commoditySkuMaps.id });
    return { deleted: gone.length };
  });
}
