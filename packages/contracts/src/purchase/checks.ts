import {
  DIGITAL_INVOICE_NUMBER,
  LEGACY_INVOICE_CODE,
  LEGACY_INVOICE_NUMBER,
  legacyCheckElement,
} from '@fpy/domain';
import { z } from 'zod';
import {
  calendarDay,
  DATE_ORDER_ISSUE,
  dateOrder,
  dateRange,
  fenAmount,
  idParams,
  pageQuery,
  pageReply,
} from '../common.ts';
import { defineRoute } from '../route.ts';

/**
 * 查验 of received invoices (issue 31, lane CHECK; domain notes §7.1, §8): one invoice typed or scanned, a batch
 * pasted or uploaded, and the record of every check made (who, when, the request, the bureau's reply as it came).
 * Pages /receiptsInvoice/intelligentCheck (智能查验), /receiptsInvoice/solaCheck (扫码查验) and
 * /receiptsInvoice/checkRecord (查验记录). A genuine invoice addressed to the company's tax number is recorded as
 * received (lane CORE's recordReceived) in the same transaction as its check record.
 */
const TAG = 'purchase-checks';
const API = '/api/purchase/checks';

export const CHECK_RESULTS = ['match', 'mismatch', 'not_found', 'failed'] as const;
export type CheckResult = (typeof CHECK_RESULTS)[number];
export const CHECK_CHANNELS = ['single', 'batch', 'scan', 'intake'] as const;
export const VERIFIED_STATES = ['normal', 'red', 'voided', 'abnormal'] as const;
/** A batch is checked at once, one bureau call per row: bounded. */
export const MAX_CHECK_BATCH = 100;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** 查验 elements (§7.1): 数电 number + date + 价税合计; legacy code + number + date + 金额 or 校验码后 6 位. */
const checkElementsShape = z.object({
  code: z.preprocess(
    blankToUndefined,
    z.string().trim().regex(LEGACY_INVOICE_CODE, '发票代码须为10位或12位数字').optional(),
  ),
  number: z.string().trim().max(20, '发票号码须为20位（数电）或8位数字').regex(/^\d+$/, '发票号码只能是数字'),
  issueDate: calendarDay,
  /** 价税合计, 数电. */
  totalFen: fenAmount.optional(),
  /** 开具金额（不含税）, legacy 专票. */
  amountFen: fenAmount.optional(),
  checkCodeLast6: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^\d{6}$/, '校验码后6位须为6位数字')
      .optional(),
  ),
});

function refineElements(v: z.infer<typeof checkElementsShape>, ctx: z.RefinementCtx) {
  if (!v.code) {
    if (!DIGITAL_INVOICE_NUMBER.test(v.number))
      ctx.addIssue({
        code: 'custom',
        path: ['number'],
        message: '数电发票号码须为20位数字；税控发票请同时填写发票代码',
      });
    if (v.totalFen === undefined)
      ctx.addIssue({ code: 'custom', path: ['totalFen'], message: '数电发票查验须填写价税合计' });
    return;
  }
  if (!LEGACY_INVOICE_NUMBER.test(v.number))
    ctx.addIssue({ code: 'custom', path: ['number'], message: '税控发票号码须为8位数字' });
  const need = legacyCheckElement(v.code);
  if (need === 'amount' && v.amountFen === undefined)
    ctx.addIssue({ code: 'custom', path: ['amountFen'], message: '专用发票查验须填写开具金额（不含税）' });
  if (need === 'checkCode' && !v.checkCodeLast6)
    ctx.addIssue({ code: 'custom', path: ['checkCodeLast6'], message: '普通发票查验须填写校验码后6位' });
  if (need === 'either' && v.amountFen === undefined && !v.checkCodeLast6)
    ctx.addIssue({ code: 'custom', path: ['amountFen'], message: '请填写开具金额（不含税）或校验码后6位' });
}
export const checkElements = checkElementsShape.superRefine(refineElements);
export type CheckElements = z.infer<typeof checkElements>;

/** The bureau's invoice as a matching check answered it. */
export const checkedInvoice = z.object({
  code: z.string().nullable(),
  number: z.string(),
  type: z.string(),
  colour: z.string(),
  sellerName: z.string(),
  sellerCreditCode: z.string(),
  buyerName: z.string(),
  buyerTaxNumber: z.string().nullable(),
  state: z.enum(VERIFIED_STATES),
  amountFen: z.number().int(),
  taxFen: z.number().int(),
  totalFen: z.number().int(),
  issueDate: z.string(),
});
export type CheckedInvoice = z.infer<typeof checkedInvoice>;

export const checkRecordView = z.object({
  id: z.number().int(),
  channel: z.enum(CHECK_CHANNELS),
  batchId: z.string().nullable(),
  invoiceKey: z.string(),
  code: z.string().nullable(),
  number: z.string(),
  issueDate: z.string(),
  result: z.enum(CHECK_RESULTS),
  /** Fields the bureau found different (mismatch). */
  mismatch: z.array(z.string()),
  state: z.enum(VERIFIED_STATES).nullable(),
  invoice: checkedInvoice.nullable(),
  /** The invoice is addressed to the company's own tax number. */
  ownInvoice: z.boolean(),
  /** The received invoice it was recorded as (lane CORE), when it was. */
  receivedInvoiceId: z.number().int().nullable(),
  checkedByName: z.string(),
  createdAt: z.string(),
});
export type CheckRecordView = z.infer<typeof checkRecordView>;

export const checkInvoice = defineRoute({
  method: 'POST',
  path: API,
  permission: ['intelligentCheck:btn_check', 'solaCheck:btn_check'],
  tag: TAG,
  summary:
    '查验一张发票（数电：号码+日期+价税合计；税控：代码+号码+日期+金额或校验码后6位），记录请求与税局答复',
  body: checkElementsShape
    .extend({
      channel: z.enum(['single', 'scan'], { error: '查验方式须为 single 或 scan' }).default('single'),
    })
    .superRefine(refineElements),
  reply: checkRecordView,
});

/** One row of a batch: the elements, or the reason it could not be sent. */
export const checkBatchRowResult = z.object({
  row: z.number().int(),
  record: checkRecordView.nullable(),
  /** Why the row was not checked (input problem), in the caller's language. */
  error: z.string().nullable(),
  field: z.string().nullable(),
});
export const checkBatchReply = z.object({
  batchId: z.string(),
  rows: z.array(checkBatchRowResult),
  counts: z.object({
    match: z.number(),
    mismatch: z.number(),
    not_found: z.number(),
    failed: z.number(),
    invalid: z.number(),
  }),
});
export type CheckBatchReply = z.infer<typeof checkBatchReply>;

/** A pasted list: each line `发票代码,发票号码,开票日期,金额,校验码后6位` (code empty for 数电; amount in 元). */
export const checkBatch = defineRoute({
  method: 'POST',
  path: `${API}/batch`,
  permission: 'intelligentCheck:btn_batch',
  tag: TAG,
  summary: `批量查验（粘贴的清单，每行一张，最多${MAX_CHECK_BATCH}行；逐行给出结果，错误行不影响其他行）`,
  body: z.object({
    text: z
      .string()
      .max(MAX_CHECK_BATCH * 120, '清单过长')
      .refine((s) => !s.includes('\0'), '不能包含空字符（\\0）'),
  }),
  reply: checkBatchReply,
});

export const checkBatchFile = defineRoute({
  method: 'POST',
  path: `${API}/batch-file`,
  permission: 'intelligentCheck:btn_batch',
  tag: TAG,
  consumes: 'multipart',
  summary: `批量查验 Excel（发票代码、发票号码、开票日期、金额、校验码后6位；最多${MAX_CHECK_BATCH}行）`,
  reply: checkBatchReply,
});

export const checkBatchTemplate = defineRoute({
  method: 'GET',
  path: `${API}/batch-file/template`,
  permission: 'intelligentCheck:btn_batch',
  tag: TAG,
  produces: 'file',
  summary: '下载批量查验模板 (xlsx)',
});

const filterShape = {
  result: z.enum(CHECK_RESULTS, { error: '查验结果不在可选范围内' }).optional(),
  channel: z.enum(CHECK_CHANNELS, { error: '查验方式不在可选范围内' }).optional(),
  number: z.preprocess(
    blankToUndefined,
    z.string().trim().max(20, '发票号码最多20位').regex(/^\d+$/, '发票号码只能是数字').optional(),
  ),
  batchId: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(40, '批次号过长')
      .regex(/^[\w-]+$/, '批次号格式不正确')
      .optional(),
  ),
  ...dateRange,
};
export const checkRecordFilters = z.object(filterShape).refine(dateOrder, DATE_ORDER_ISSUE);

export const listCheckRecords = defineRoute({
  method: 'GET',
  path: `${API}/records`,
  permission: 'checkRecord',
  tag: TAG,
  summary: '查验记录（每次查验：谁、何时、请求与税局答复）',
  query: pageQuery.extend(filterShape).refine(dateOrder, DATE_ORDER_ISSUE),
  reply: pageReply(checkRecordView),
});

export const getCheckRecord = defineRoute({
  method: 'GET',
  path: `${API}/records/{id}`,
  permission: 'checkRecord',
  tag: TAG,
  summary: '一条查验记录，含原始请求与税局答复',
  params: idParams,
  reply: checkRecordView.extend({ request: z.unknown(), reply: z.unknown() }),
});

export const exportCheckRecords = defineRoute({
  method: 'GET',
  path: `${API}/records/export`,
  permission: 'checkRecord:btn_export',
  tag: TAG,
  produces: 'file',
  summary: '按当前筛选条件导出查验记录 (xlsx)',
  query: checkRecordFilters,
});
