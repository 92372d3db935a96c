import { z } from 'zod';
import {
  blankAsNull,
  blankFaceText,
  decimalText,
  faceText,
  idArray,
  idParams,
  idSchema,
  importReport,
  okReply,
  pagedQuery,
  pageReply,
  patchOf,
  sortParam,
  text,
} from '../common.ts';
import { defineRoute } from '../route.ts';
import { policyField, taxRateField } from './calculate.ts';

/**
 * 商品编码 (the tenant's commodities, each with its national tax code) — spec §7 paths under
 * /api/billing/v1/userCommodityCode, spec §6 element codes of the goodsCode page. `spbm` / `bm` / `zxbm`
 * are the spec's names at the boundary; inside, tax code and own code (glossary).
 */
const BASE = '/api/billing/v1/userCommodityCode';
const MENU = 'goodsCode';

/** Any text that should be a tax code; the server says why it is not (20 digits, unknown, non-leaf …). */
const taxCodeInput = text(40, '税收分类编码').min(1, '请选择税收分类编码');
/** 自行编码: letters and digits, ≤ 20 (2 per level, 10 levels — domain notes §1.4). */
export const OWN_CODE_RE = /^[0-9A-Za-z]{1,20}$/;
const ownCodeField = z.string().trim().regex(OWN_CODE_RE, '自行编码须为1-20位字母或数字');
/** Unit price: ≤ 12 integer digits (§4.4), ≤ 13 decimals (kept internally, §4.4), never negative. */
const unitPriceField = blankAsNull(decimalText('单价'));

export const pricingModeField = z.enum(['exclusive', 'inclusive']);
export const commodityStatus = z.union([z.literal(0), z.literal(1)]);

export const commodityInput = z.object({
  /** Printed on invoice lines: name, 规格型号 ≤ 40, 单位 ≤ 20 (§1.4). */
  name: faceText(90, '商品名称').min(1, '商品名称不能为空'),
  taxCode: taxCodeInput,
  spec: blankFaceText(40, '规格型号'),
  unit: blankFaceText(20, '单位'),
  unitPrice: unitPriceField,
  pricingMode: pricingModeField.default('exclusive'),
  rate: taxRateField,
  policy: policyField.nullish().transform((v) => v ?? null),
  /** Left blank: the next free own code is assigned. */
  ownCode: z
    .union([z.literal(''), ownCodeField])
    .nullish()
    .transform((v) => v || null),
  status: commodityStatus.default(1),
});
export type CommodityInput = z.input<typeof commodityInput>;

export const commodityRow = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 简称 of the tax code. */
  shortName: z.string(),
  /** As printed on the invoice line: *简称*名称. */
  printName: z.string(),
  taxCode: z.string(),
  taxCodeName: z.string(),
  spec: z.string().nullable(),
  unit: z.string().nullable(),
  unitPrice: z.string().nullable(),
  pricingMode: pricingModeField,
  rate: taxRateField,
  rateLabel: z.string(),
  policy: policyField.nullable(),
  policyLabel: z.string().nullable(),
  ownCode: z.string(),
  status: commodityStatus,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CommodityRow = z.infer<typeof commodityRow>;

export const commodityFilters = z.object({
  /** Name, 简称 or pinyin initials (bjbdn), fuzzy. */
  name: text(90).optional(),
  /** Tax code prefix. */
  taxCode: text(19).optional(),
  ownCode: text(20).optional(),
  status: z.enum(['0', '1']).optional(),
  /** Any of the above at once. */
  keyword: text(90).optional(),
});

export const COMMODITY_SORTS = ['name', 'ownCode', 'taxCode', 'createdAt', 'updatedAt'] as const;

export const listCommodities = defineRoute({
  method: 'GET',
  path: `${BASE}/queryList`,
  // Also the commodity picker of the name–SKU map page and of the issuing forms.
  // And the categories picker of the code-board pages (issue 30).
  permission: [
    `${MENU}:btn_query`,
    'goodsCompare',
    'invoiceOpener',
    'preopenApplication',
    'stayOpenInvoice',
    'codeBoard',
    'allEleInvoiceCodeBoard',
    'businessCodeBoard',
  ],
  tag: 'billing',
  summary: '商品编码分页列表：按名称（含拼音首字母）、税收分类编码、自行编码、状态筛选',
  query: pagedQuery(COMMODITY_SORTS).extend(commodityFilters.shape),
  reply: pageReply(commodityRow),
});

export const commodityByOwnCode = defineRoute({
  method: 'GET',
  path: `${BASE}/queryUserSpbmByBm`,
  permission: MENU,
  tag: 'billing',
  summary: '按自行编码查询一个商品编码',
  query: z.object({ bm: ownCodeField }),
  reply: commodityRow,
});

export const rateOption = z.object({
  rate: taxRateField,
  policy: policyField.nullable(),
  /** "13%", "免税", "3%（按3%简易征收）". */
  label: z.string(),
  /** A 征收率 of the simplified method (small-scale taxpayers), not a general rate. */
  levy: z.boolean(),
});
export type RateOption = z.infer<typeof rateOption>;

export const allowedRates = defineRoute({
  method: 'GET',
  path: `${BASE}/yhzcsl`,
  // The issuing forms' rate select offers what the line's code allows (issue 28 §7).
  permission: [MENU, 'invoiceOpener', 'preopenApplication', 'stayOpenInvoice'],
  tag: 'billing',
  summary: '一个税收分类编码可用的税率/征收率与优惠政策',
  query: z.object({ spbm: taxCodeInput }),
  reply: z.object({
    taxCode: z.string(),
    name: z.string(),
    shortName: z.string(),
    vatRates: z.string(),
    options: z.array(rateOption),
  }),
});

export const nextOwnCode = defineRoute({
  method: 'GET',
  path: `${BASE}/getZxbm`,
  permission: MENU,
  tag: 'billing',
  summary: '本企业下一个可用的自行编码',
  reply: z.object({ ownCode: z.string() }),
});

export const deleteCommodity = defineRoute({
  method: 'GET',
  path: `${BASE}/deleteUserSpbm`,
  permission: `${MENU}:btn_del`,
  tag: 'billing',
  summary: '删除一个商品编码（被商品对照引用时不能删除）',
  query: z.object({ id: idSchema }),
  reply: okReply,
});

export const createCommodity = defineRoute({
  method: 'POST',
  path: BASE,
  permission: `${MENU}:btn_addSave`,
  tag: 'billing',
  summary: '新增商品编码',
  body: commodityInput,
  reply: commodityRow,
});

export const updateCommodity = defineRoute({
  method: 'PUT',
  path: `${BASE}/{id}`,
  permission: `${MENU}:btn_editSave`,
  tag: 'billing',
  summary: '修改商品编码（只改所给字段）',
  params: idParams,
  body: patchOf(commodityInput.shape),
  reply: commodityRow,
});

export const removeCommodities = defineRoute({
  method: 'POST',
  path: `${BASE}/removeCommodityCodeList`,
  permission: `${MENU}:btn_del`,
  tag: 'billing',
  summary: '批量删除商品编码（全部删除或全部不删）',
  body: z.object({
    ids: idArray(500, { min: 1, minMessage: '请选择要删除的商品', maxMessage: '一次最多删除500条' }),
  }),
  reply: z.object({ deleted: z.number().int() }),
});

export const commodityImportReport = importReport.extend({
  /** Rows identical to a commodity already kept (same name, spec, unit and tax code): not added again. */
  skipped: z.number().int(),
});
export type CommodityImportReport = z.infer<typeof commodityImportReport>;

/** Multipart: `file` = xlsx with 商品名称, 规格型号, 单位, 单价, 税率, 税收分类编码 (the template). */
export const importCommodities = defineRoute({
  method: 'POST',
  path: `${BASE}/importInvoiceInfo`,
  permission: `${MENU}:btn_addSave`,
  tag: 'billing',
  consumes: 'multipart',
  summary: '从历史发票明细 Excel 导入商品编码（逐行校验，出错的行不写入）',
  reply: commodityImportReport,
});

export const commodityImportTemplate = defineRoute({
  method: 'GET',
  path: `${BASE}/importInvoiceInfo/template`,
  permission: MENU,
  tag: 'billing',
  produces: 'file',
  summary: '下载商品编码导入模板 (xlsx)',
});

export const exportCommodities = defineRoute({
  method: 'GET',
  path: `${BASE}/export`,
  permission: `${MENU}:btn_query`,
  tag: 'billing',
  produces: 'file',
  summary: '按当前筛选条件导出商品编码 (xlsx)',
  query: commodityFilters.extend({ sort: sortParam(COMMODITY_SORTS) }),
});
