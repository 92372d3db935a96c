import { z } from 'zod';
import { pageQuery, text } from '../common.ts';
import { defineRoute } from '../route.ts';

/**
 * 商品和服务税收分类编码 (spec §7 "Commodity codes", under /api/billing/v1). The spec fixes the paths and the
 * short names (`bm` = code, `pid` = parent code, `spbm` = commodity code); inside we use the glossary names.
 */
const BASE = '/api/billing/v1/commodityCode';

/** A national tax code: exactly 19 digits. */
export const TAX_CODE_RE = /^\d{19}$/;
export const taxCodeField = z.string().trim().regex(TAX_CODE_RE, '税收分类编码须为19位数字');

export const taxCodeNode = z.object({
  code: z.string(),
  name: z.string(),
  shortName: z.string(),
  level: z.number().int(),
  parentCode: z.string().nullable(),
  isLeaf: z.boolean(),
  /** 汇总项: may not be used on an invoice line. */
  isSummary: z.boolean(),
  /** false once retired by a newer table. */
  enabled: z.boolean(),
  vatRates: z.string(),
});
export type TaxCodeNode = z.infer<typeof taxCodeNode>;

export const taxCodeDetail = taxCodeNode.extend({
  description: z.string(),
  keywords: z.string(),
  version: z.string(),
  /** Rates split out of vatRates, e.g. ['13%', '9%']. */
  rates: z.array(z.string()),
  /** Root-first ancestors, for the breadcrumb of the detail panel. */
  path: z.array(z.object({ code: z.string(), name: z.string() })),
  /** Usable on an invoice line: an enabled leaf that is not a summary row. */
  usable: z.boolean(),
});
export type TaxCodeDetail = z.infer<typeof taxCodeDetail>;

/** The tree is read on its own page and inside the goods-code dialogs. */
const TREE_READERS = ['taxClassCode', 'goodsCode'] as const;

export const taxCodeTree = defineRoute({
  method: 'GET',
  path: `${BASE}/tree`,
  permission: TREE_READERS,
  tag: 'billing',
  summary: '税收分类编码树（按层懒加载：带 pid 返回其子节点，不带返回第一层）',
  query: z.object({ pid: taxCodeField.optional() }),
  reply: z.array(taxCodeNode),
});

export const taxCodeListByPid = defineRoute({
  open: {
    operation: 'taxCode.children',
    group: 'electronic-invoice',
    path: '/openapi/v1/tax-codes/children',
    isv: true,
    summary: { zh: '查询下级税收分类编码', en: 'List the child tax classification codes' },
  },
  method: 'GET',
  path: `${BASE}/queryListByPid`,
  permission: TREE_READERS,
  tag: 'billing',
  summary: '子节点分页列表；带 keyword 时为全表搜索（编码前缀、名称、简称、关键字、拼音首字母）',
  query: z.object({
    pid: taxCodeField.optional(),
    keyword: text(64).optional(),
    /** Only codes usable on an invoice (enabled leaves, no summary rows). */
    usableOnly: z.enum(['true', 'false']).optional(),
    page: pageQuery.shape.page,
    limit: z.coerce
      .number()
      .int('每页条数须为整数')
      .min(1, '每页至少1条')
      .max(200, '每页最多200条')
      .default(20),
  }),
  reply: z.object({ rows: z.array(taxCodeNode), total: z.number().int() }),
});

export const taxCodeByCode = defineRoute({
  open: {
    operation: 'taxCode.get',
    group: 'electronic-invoice',
    path: '/openapi/v1/tax-codes/lookup',
    isv: true,
    summary: { zh: '按编码查询税收分类编码', en: 'Look up a tax classification code' },
  },
  method: 'GET',
  path: `${BASE}/querySpbmByBm`,
  permission: TREE_READERS,
  tag: 'billing',
  summary: '按编码查询一个税收分类编码的详情',
  query: z.object({ bm: taxCodeField }),
  reply: taxCodeDetail,
});

export const taxCodeJobReport = z.object({
  id: z.number().int(),
  kind: z.enum(['import', 'sync']),
  version: z.string(),
  fileName: z.string(),
  total: z.number().int(),
  added: z.number().int(),
  changed: z.number().int(),
  retired: z.number().int(),
  unchanged: z.number().int(),
  addedCodes: z.array(z.string()),
  changedCodes: z.array(z.object({ code: z.string(), fields: z.array(z.string()) })),
  retiredCodes: z.array(z.string()),
  createdAt: z.string(),
});
export type TaxCodeJobReport = z.infer<typeof taxCodeJobReport>;

/** Multipart: `file` = the table as CSV in the reference columns; optional field `version`. */
export const syncTaxCodes = defineRoute({
  method: 'POST',
  path: `${BASE}/tbspbm`,
  permission: 'taxClassCode:btn_sync',
  platformOnly: true,
  tag: 'billing',
  consumes: 'multipart',
  summary: '同步税收分类编码：上传新版编码表 CSV，报告新增、变更、停用的编码（停用不删除）',
  reply: taxCodeJobReport,
});

export const importTaxCodes = defineRoute({
  method: 'POST',
  path: `${BASE}/importCommodityCode`,
  permission: 'taxClassCode:btn_import',
  platformOnly: true,
  tag: 'billing',
  consumes: 'multipart',
  summary: '导入税收分类编码表（仅当编码表为空时）',
  reply: taxCodeJobReport,
});

export const taxCodeJobResult = defineRoute({
  method: 'POST',
  path: `${BASE}/spBmBatchImportResult`,
  permission: 'taxClassCode',
  tag: 'billing',
  summary: '最近一次编码导入/同步的结果',
  reply: taxCodeJobReport.nullable(),
});
