import { commodities, commoditySkuMaps } from '@fpy/db';
import { skuMapMeta } from '@fpy/resources';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bindResource } from '../../../crud/bind.ts';
import { registerResource } from '../../../crud/register.ts';
import type { ModuleDeps } from '../../../http/module.ts';
import { registerSkuMapAliases } from './aliases.ts';
import { skuMapHooks } from './hooks.ts';

/**
 * 商品对照 as a declared resource (packages/resources defs/sales/sku-map.ts): each mapping read with its commodity's
 * columns through a join, written with the commodity held (hooks.ts), and served on the spec's POST paths too.
 */
export const skuMapResource = bindResource(skuMapMeta, commoditySkuMaps, {
  hooks: skuMapHooks,
  keyword: [
    commoditySkuMaps.productName,
    commoditySkuMaps.sku,
    commoditySkuMaps.initials,
    commodities.name,
    commodities.ownCode,
  ],
  join: {
    table: commodities,
    on: eq(commodities.id, commoditySkuMaps.commodityId),
    columns: {
      commodityName: commodities.name,
      ownCode: commodities.ownCode,
      taxCode: commodities.taxCode,
      // As printed on the invoice: *简称*名称 (commodities' printNameOf).
      printName: sql<string>`'*' || ${commodities.shortName} || '*' || ${commodities.name}`,
    },
  },
});

/** 商品对照: ERP product names / SKUs mapped to the tenant's commodities. */
export function registerSkuMapModule(app: FastifyInstance, _deps: ModuleDeps) {
  registerSkuMapAliases(app, skuMapResource);
  registerResource(app, skuMapResource);
}
