import { z } from 'zod';
import { blankText, idArray, idSchema, pageQuery, pageReply, patchOf, text } from '../common.ts';
import { defineRoute } from '../route.ts';

/**
 * 商品对照: an ERP product name / SKU → one of the tenant's commodities, so ERP documents turn into invoice
 * lines with the right tax code. Spec §7 paths (all POST) under /api/billing/v1/productNameCorrespondSku.
 */
const BASE = '/api/billing/v1/productNameCorrespondSku';
const MENU = 'goodsCompare';

export const skuMapInput = z.object({
  productName: text(200, '商品名称').min(1, '商品名称不能为空'),
  sku: text(64, 'SKU').min(1, 'SKU不能为空'),
  commodityId: idSchema,
  remark: blankText(255, '备注'),
});

export const skuMapRow = z.object({
  id: z.number().int(),
  productName: z.string(),
  sku: z.string(),
  commodityId: z.number().int(),
  commodityName: z.string(),
  printName: z.string(),
  ownCode: z.string(),
  taxCode: z.string(),
  remark: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SkuMapRow = z.infer<typeof skuMapRow>;

export const findSkuMaps = defineRoute({
  method: 'POST',
  path: `${BASE}/findData`,
  permission: MENU,
  tag: 'billing',
  summary: '商品对照分页查询（商品名称、SKU、商品编码名称或自行编码，模糊）',
  body: pageQuery.extend({
    keyword: text(200).optional(),
    commodityId: idSchema.optional(),
  }),
  reply: pageReply(skuMapRow),
});

export const insertSkuMap = defineRoute({
  method: 'POST',
  path: `${BASE}/insertProductOrSku`,
  permission: `${MENU}:btn_add`,
  tag: 'billing',
  summary: '新增商品对照（SKU 在本企业内唯一）',
  body: skuMapInput,
  reply: skuMapRow,
});

export const updateSkuMap = defineRoute({
  method: 'POST',
  path: `${BASE}/updateProductOrSku`,
  permission: `${MENU}:btn_edit`,
  tag: 'billing',
  summary: '修改商品对照（只改所给字段）',
  body: patchOf(skuMapInput.shape).extend({ id: idSchema }),
  reply: skuMapRow,
});

export const deleteSkuMaps = defineRoute({
  method: 'POST',
  path: `${BASE}/deleteProductOrSku`,
  permission: `${MENU}:btn_del`,
  tag: 'billing',
  summary: '删除商品对照（可多条）',
  body: z.object({
    ids: idArray(500, { min: 1, minMessage: '请选择要删除的对照', maxMessage: '一次最多删除500条' }),
  }),
  reply: z.object({ deleted: z.number().int() }),
});
