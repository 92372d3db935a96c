import { commodities, commoditySkuMaps } from '@fpy/db';
import { inArray } from 'drizzle-orm';
import { scoped } from '../../../data/tenant-scope.ts';
import type { AuthedCtx } from '../../../http/context.ts';
import { businessError, notFound } from '../../../lib/errors.ts';
import { withTransaction } from '../../../lib/write/index.ts';

/**
 * Deletes the caller's commodities among `ids`, all or none: a commodity still mapped from an ERP SKU is
 * refused (the ERP documents would lose their tax code), naming the SKU. Ids of other tenants are simply not
 * found. One transaction, so a mapping added meanwhile cannot slip between the check and the delete.
 */
export async function deleteCommodities(ctx: AuthedCtx, ids: number[], opts: { single?: boolean } = {}) {
  return withTransaction(ctx, async (db) => {
    const s = scoped(ctx, commodities, db);
    const own = await db
      .select({ id: commodities.id, name: commodities.name })
      .from(commodities)
      .where(s.where(inArray(commodities.id, ids)))
      .for('update');
    if (opts.single && !own.length) throw notFound('NOT_FOUND.commodity');
    if (!own.length) return 0;
    const maps = scoped(ctx, commoditySkuMaps, db);
    const [used] = await db
      .select({ sku: commoditySkuMaps.sku, commodityId: commoditySkuMaps.commodityId })
      .from(commoditySkuMaps)
      .where(
        maps.where(
          inArray(
            commoditySkuMaps.commodityId,
            own.map((c) => c.id),
          ),
        ),
      )
      .limit(1);
    if (used) {
      const name = own.find((c) => c.id === used.commodityId)?.name;
      throw businessError('COMMODITY_IN_USE', { name: name ?? '', sku: used.sku });
    }
    const gone = await db
      .delete(commodities)
      .where(
        s.where(
          inArray(
            commodities.id,
            own.map((c) => c.id),
          ),
        ),
      )
      .returning({ id: commodities.id });
    return gone.length;
  });
}
