import type { SkuMapRow } from '@fpy/contracts';
import { commodities, commoditySkuMaps } from '@fpy/db';
import { eq, type SQL } from 'drizzle-orm';
import type { Db } from '@fpy/db';
import { printNameOf } from '../commodities/index.ts';

const columns = {
  map: commoditySkuMaps,
  name: commodities.name,
  shortName: commodities.shortName,
  ownCode: commodities.ownCode,
  taxCode: commodities.taxCode,
};

/** Mapping rows joined to their commodity; `where` must already carry the tenant condition. */
export function selectSkuMaps(db: Db, where: SQL | undefined) {
  return db
    .select(columns)
    .from(commoditySkuMaps)
    .innerJoin(commodities, eq(commodities.id, commoditySkuMaps.commodityId))
    .where(where);
}

export function skuMapRowOf(r: {
  map: typeof commoditySkuMaps.$inferSelect;
  name: string;
  shortName: string;
  ownCode: string;
  taxCode: string;
}): SkuMapRow {
  return {
    id: r.map.id,
    productName: r.map.productName,
    sku: r.map.sku,
    commodityId: r.map.commodityId,
    commodityName: r.name,
    printName: printNameOf(r.shortName, r.name),
    ownCode: r.ownCode,
    taxCode: r.taxCode,
    remark: r.map.remark,
    createdAt: r.map.createdAt.toISOString(),
    updatedAt: r.map.updatedAt.toISOString(),
  };
}
