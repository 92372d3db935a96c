import { skuMapInput } from '@fpy/contracts';
import { defineResource } from '../../define.ts';

const input = skuMapInput.shape;

/**
 * 商品对照 (spec §2.12 /outputInvoiceManager/goodsCompare): an ERP product name / SKU → one of the tenant's
 * commodities, so ERP documents turn into invoice lines with the right tax code. The commodity's columns are
 * read through a join (server sku-map module); the write hook holds the commodity while a mapping points at
 * it. The spec's own POST paths (findData, insertProductOrSku …, packages/contracts billing/sku-map.ts) are
 * thin aliases onto this resource's handlers; their bodies' field schemas are the ones used here.
 */
export const skuMapMeta = defineResource({
  name: 'skuMaps',
  title: { zh: '商品对照', en: 'Product ↔ SKU map' },
  menuCode: 'goodsCompare',
  tenantScoped: true,
  basePath: '/api/billing/v1/productNameCorrespondSku',
  tag: 'billing',
  keyword: {
    zh: '商品名称、SKU、商品编码名称或自行编码',
    en: 'Product name, SKU, goods name or own code',
  },
  // No export: the menu catalogue (spec §2.12) gives goodsCompare no export button.
  actions: ['list', 'get', 'create', 'update', 'delete', 'deleteMany'],
  defaultSort: '-id',
  fields: {
    productName: {
      label: { zh: 'ERP商品名称', en: 'ERP product name' },
      type: 'string',
      schema: input.productName,
      sortable: true,
      width: 220,
    },
    sku: {
      label: { zh: 'SKU', en: 'SKU' },
      type: 'string',
      schema: input.sku,
      sortable: true,
      unique: { key: 'SKU_DUPLICATE', param: 'sku' },
    },
    commodityId: {
      label: { zh: '商品编码', en: 'Goods code' },
      type: 'number',
      schema: input.commodityId,
      filter: 'exact',
      list: false,
      export: false,
    },
    ownCode: { label: { zh: '自行编码', en: 'Own code' }, type: 'string' },
    printName: { label: { zh: '商品编码名称', en: 'Goods code name' }, type: 'string', width: 240 },
    commodityName: {
      label: { zh: '商品名称', en: 'Goods name' },
      type: 'string',
      list: false,
      export: false,
    },
    taxCode: { label: { zh: '税收分类编码', en: 'Tax classification code' }, type: 'string' },
    remark: { label: { zh: '备注', en: 'Remark' }, type: 'string', schema: input.remark },
    createdAt: {
      label: { zh: '创建时间', en: 'Created at' },
      type: 'datetime',
      sortable: true,
      list: false,
      export: false,
    },
    updatedAt: { label: { zh: '更新时间', en: 'Updated' }, type: 'datetime', sortable: true },
  },
});
