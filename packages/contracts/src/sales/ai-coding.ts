import { z } from 'zod';
import { idSchema, text } from '../common.ts';
import { defineRoute } from '../route.ts';
import { policyField, taxRateField } from './calculate.ts';
import { taxCodeField } from './tax-codes.ts';

/**
 * 智能赋码 (AI-assisted coding): a product name as written on an order → the 3 likeliest usable tax codes.
 * Spec §6 gives `goodsCode:btn_addznfm`; the goods-code page does not exist yet, so these routes ask for the
 * tax-code menu until it does (switch the permission here when goodsCode ships).
 */
const BASE = '/api/billing/v1/userCommodityCode';
// Used from the goods-code add dialog (spec §6 btn_addznfm) and from the tax-code page's coding tools.
const PERMISSION = ['goodsCode:btn_addznfm', 'taxClassCode'] as const;
/** Teaching the coder (confirmations, batch jobs and their acceptance) changes tenant data: 智能赋码 only. */
const TEACH = 'goodsCode:btn_addznfm';

export const productName = text(200, '商品名称').min(1, '商品名称不能为空');

export const codingSuggestion = z.object({
  code: z.string(),
  name: z.string(),
  shortName: z.string(),
  vatRates: z.string(),
  /**
   * The rate a line under this code takes by default, with its policy: the code's first allowed choice
   * (`@fpy/domain` codeRates, issue 28 §7) — 6…不征税 codes get 0% 不征税, never a bare 0%. Optional: batch
   * results stored before it was added lack it.
   */
  rate: taxRateField.optional(),
  policy: policyField.nullable().optional(),
  /** 0–1, calibrated: about that share of suggestions at this value are right. A tenant's own confirmation is 1. */
  confidence: z.number(),
  /** The words of the product name that led here (synonyms shown as 词→类别). */
  matched: z.array(z.string()),
  /** Where it came from: this tenant's confirmations, or the ranking over the national table. */
  source: z.enum(['memory', 'ranking']),
});
export type CodingSuggestion = z.infer<typeof codingSuggestion>;

export const aiCoding = defineRoute({
  open: {
    operation: 'coding.ai',
    group: 'electronic-invoice',
    path: '/openapi/v1/tax-codes/ai-coding',
    isv: true,
    summary: {
      zh: '智能赋码（按商品名称推荐税收分类编码）',
      en: 'AI coding: suggest tax classification codes for an item name',
    },
  },
  method: 'GET',
  path: `${BASE}/aiCoding`,
  // The issuing forms and the scan-to-invoice order form suggest codes for a typed line name too.
  permission: [...PERMISSION, 'invoiceOpener', 'preopenApplication', 'stayOpenInvoice', 'sweepCode'],
  tag: 'billing',
  summary: '智能赋码：按商品名称推荐前3个税收分类编码（叶子、非汇总项），附置信度和命中词',
  query: z.object({ name: productName }),
  reply: z.object({
    name: z.string(),
    words: z.array(z.string()),
    suggestions: z.array(codingSuggestion),
    /** The top suggestion is weak or close to the runner-up: ask the user to check it. */
    lowConfidence: z.boolean(),
  }),
});

export const confirmAiCoding = defineRoute({
  method: 'POST',
  path: `${BASE}/aiCoding/confirm`,
  permission: TEACH,
  tag: 'billing',
  summary: '确认或更正一个商品名称的编码，记入本企业的赋码记忆',
  body: z.object({ name: productName, code: taxCodeField }),
  reply: z.object({ name: z.string(), code: z.string(), confirmations: z.number().int() }),
});

/** Multipart: `file` = xlsx with a 商品名称 column (see the template). */
export const batchAiCoding = defineRoute({
  method: 'POST',
  path: `${BASE}/batchAiCoding`,
  permission: TEACH,
  tag: 'billing',
  consumes: 'multipart',
  summary: '批量智能赋码：上传商品名称 Excel，后台任务逐行推荐编码',
  reply: z.object({ jobId: z.number().int(), total: z.number().int() }),
});

export const batchAiCodingTemplate = defineRoute({
  method: 'GET',
  path: `${BASE}/batchAiCoding/template`,
  permission: PERMISSION,
  tag: 'billing',
  produces: 'file',
  summary: '下载批量智能赋码模板 (xlsx)',
});

export const batchRow = z.object({
  id: z.number().int(),
  rowNumber: z.number().int(),
  name: z.string(),
  suggestions: z.array(codingSuggestion).nullable(),
  /** Coded, but the top suggestion is weak: the row should be reviewed before it is accepted. */
  lowConfidence: z.boolean(),
  acceptedCode: z.string().nullable(),
});
export type BatchRow = z.infer<typeof batchRow>;

export const batchAiCodingResult = defineRoute({
  method: 'POST',
  path: `${BASE}/batchAiCodingResult`,
  permission: PERMISSION,
  tag: 'billing',
  summary: '批量智能赋码任务的进度；完成后附每行的前3个推荐',
  body: z.object({ jobId: idSchema }),
  reply: z.object({
    jobId: z.number().int(),
    fileName: z.string(),
    status: z.enum(['queued', 'running', 'done', 'failed']),
    total: z.number().int(),
    processed: z.number().int(),
    error: z.string().nullable(),
    rows: z.array(batchRow),
  }),
});

export const batchAiCodingExport = defineRoute({
  method: 'GET',
  path: `${BASE}/batchAiCodingResult/export`,
  permission: PERMISSION,
  tag: 'billing',
  produces: 'file',
  summary: '下载批量智能赋码结果 (xlsx)',
  query: z.object({ jobId: idSchema }),
});

export const acceptBatchAiCoding = defineRoute({
  method: 'POST',
  path: `${BASE}/batchAiCodingResult/accept`,
  permission: TEACH,
  tag: 'billing',
  summary: '批量采纳推荐：每行的编码记入本企业的赋码记忆',
  body: z.object({
    jobId: idSchema,
    rows: z
      .array(z.object({ id: idSchema, code: taxCodeField }))
      .min(1, '请选择要采纳的行')
      .max(5000, '一次最多采纳5000行'),
  }),
  reply: z.object({ accepted: z.number().int() }),
});
