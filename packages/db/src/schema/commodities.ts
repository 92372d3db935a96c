import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId, updatedAt } from './columns.ts';

/**
 * 商品编码: a tenant's product with the national tax code it is invoiced under. `shortName` is copied from
 * the tax code at save time (the invoice line prints *简称*名称); `tax_code` is not a foreign key because a
 * table sync may retire a code and the product must then be flagged, not lost (tax_code_retirements).
 */
export const commodities = pgTable(
  'commodities',
  {
    id: id(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    shortName: text('short_name').notNull(),
    taxCode: text('tax_code').notNull(),
    spec: text('spec'),
    unit: text('unit'),
    /** Decimal string, up to 13 decimals (domain notes §4.4); never a float. */
    unitPrice: text('unit_price'),
    /** 'exclusive' | 'inclusive': whether unit_price includes tax. */
    pricingMode: text('pricing_mode').notNull().default('exclusive'),
    /** TaxRate of @fpy/domain (rate_13 …). */
    rate: text('rate').notNull(),
    /** PreferentialPolicy of @fpy/domain, or null. */
    policy: text('policy'),
    /** 自行编码, unique per tenant. */
    ownCode: text('own_code').notNull(),
    /** 1 enabled, 0 disabled. */
    status: integer('status').notNull().default(1),
    /** Pinyin initials of name and short name, for the search box (bjbdn). */
    initials: text('initials').notNull().default(''),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('commodities_tenant_own_code_uq').on(t.tenantId, t.ownCode),
    index('commodities_tenant_tax_code_idx').on(t.tenantId, t.taxCode),
  ],
);

/** 商品对照: an ERP product name / SKU mapped to one of the tenant's commodities; SKU unique per tenant. */
export const commoditySkuMaps = pgTable(
  'commodity_sku_maps',
  {
    id: id(),
    tenantId: tenantId(),
    productName: text('product_name').notNull(),
    sku: text('sku').notNull(),
    commodityId: integer('commodity_id').notNull(),
    remark: text('remark'),
    initials: text('initials').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('commodity_sku_maps_tenant_sku_uq').on(t.tenantId, t.sku),
    index('commodity_sku_maps_commodity_idx').on(t.commodityId),
  ],
);
