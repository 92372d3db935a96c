import { z } from 'zod';
import {
  blankAsAbsent,
  DATE_ORDER_ISSUE,
  dateOrder,
  dateRange,
  idArray,
  idParams,
  pagedQuery,
  pageReply,
  text,
  yuanText,
} from '../common.ts';
import { defineRoute } from '../route.ts';
import { invoiceTypeField, taxRateField } from '../sales/calculate.ts';

/**
 * 发票查询 of the purchase side (issue 31, lane CORE; page /receiptsInvoice/invoiceQuery): the invoices addressed
 * to the company's tax number, collected from the bureau (归集) or taken in from files and hand entry, one row per
 * invoice; filters, Excel export, a detail with the history of each change seen, and 立即同步.
 */
const MENU = 'invoiceQuery';
const API = '/api/purchase/received-invoices';
const TAG = 'purchase-received';

export const RECEIVED_STATES = ['normal', 'red', 'voided', 'abnormal'] as const;
export const RECEIVED_SOURCES = ['sync', 'file', 'manual'] as const;
const yuan = blankAsAbsent(yuanText);

export const receivedInvoiceFilters = z.object({
  /** 开票日期 range (yyyy-MM-dd, inclusive). */
  ...dateRange,
  /** 属期 yyyyMM. */
  period: blankAsAbsent(
    z
      .string()
      .trim()
      .regex(/^20\d{2}(0[1-9]|1[0-2])$/, '属期格式应为 yyyyMM'),
  ),
  /** 销售方: a tax number matches exactly, anything else is part of the name. */
  seller: blankAsAbsent(text(100, '销售方')),
  /** 发票号码: 20 digits exact, fewer a prefix. */
  number: blankAsAbsent(
    z
      .string()
      .trim()
      .regex(/^\d{1,20}$/, '发票号码只能是数字，最多20位'),
  ),
  type: blankAsAbsent(invoiceTypeField),
  state: blankAsAbsent(z.enum(RECEIVED_STATES, { error: '发票状态不在可选范围内' })),
  rate: blankAsAbsent(taxRateField),
  source: blankAsAbsent(z.enum(RECEIVED_SOURCES, { error: '来源不在可选范围内' })),
  /** 价税合计 range in yuan. */
  amountMin: yuan,
  amountMax: yuan,
});
export type ReceivedInvoiceFilters = z.infer<typeof receivedInvoiceFilters>;

export const RECEIVED_SORTS = ['issueDate', 'totalFen', 'taxFen'] as const;

export const receivedInvoiceRow = z.object({
  id: z.number().int(),
  invoiceKey: z.string(),
  code: z.string().nullable(),
  number: z.string(),
  invoiceType: z.string(),
  colour: z.enum(['blue', 'red']),
  sellerName: z.string(),
  sellerTaxNumber: z.string(),
  buyerName: z.string(),
  buyerTaxNumber: z.string(),
  issueDate: z.string(),
  period: z.string(),
  amountFen: z.number().int(),
  taxFen: z.number().int(),
  totalFen: z.number().int(),
  rates: z.array(z.string()),
  state: z.enum(RECEIVED_STATES),
  stateChangedAt: z.string().nullable(),
  sources: z.array(z.string()),
  blueNumber: z.string().nullable(),
  createdAt: z.string(),
});
export type ReceivedInvoiceRowView = z.infer<typeof receivedInvoiceRow>;

export const listReceivedInvoices = defineRoute({
  open: {
    operation: 'received.query',
    group: 'input-invoice',
    path: '/openapi/v1/received-invoices',
    isv: true,
    summary: { zh: '查询收到的发票列表', en: 'Query received invoices' },
  },
  method: 'GET',
  path: API,
  permission: MENU,
  tag: TAG,
  summary: '进项发票查询（销售方、属期、开票日期、类型、状态、税率、来源、金额区间；分页排序；附合计）',
  query: pagedQuery(RECEIVED_SORTS).extend(receivedInvoiceFilters.shape).refine(dateOrder, DATE_ORDER_ISSUE),
  reply: pageReply(receivedInvoiceRow).extend({
    sums: z.object({ amountFen: z.number().int(), taxFen: z.number().int(), totalFen: z.number().int() }),
  }),
});

export const receivedInvoiceChange = z.object({
  id: z.number().int(),
  kind: z.enum(['created', 'state', 'fields', 'source']),
  fromState: z.string().nullable(),
  toState: z.string().nullable(),
  source: z.string(),
  detail: z.unknown(),
  happenedAt: z.string().nullable(),
  createdAt: z.string(),
});

export const getReceivedInvoice = defineRoute({
  open: {
    operation: 'received.get',
    group: 'input-invoice',
    path: '/openapi/v1/received-invoices/{id}',
    isv: true,
    summary: { zh: '查询单张收到的发票', en: 'Get one received invoice' },
  },
  method: 'GET',
  path: `${API}/{id}`,
  permission: MENU,
  tag: TAG,
  summary: '一张进项发票：明细行与每次变化的记录（红冲、作废、异常、来源）',
  params: idParams,
  reply: receivedInvoiceRow.extend({
    lines: z.array(
      z.object({ name: z.string(), amountFen: z.number(), taxFen: z.number(), rate: z.string() }),
    ),
    changes: z.array(receivedInvoiceChange),
    /** The company's bookkeeping codes of each coded line (入账编码, /receiptsInvoice/codeUpdate); lineNo is 0-based. */
    lineCodes: z.array(
      z.object({
        lineNo: z.number().int(),
        subjectCode: z.string(),
        subjectName: z.string(),
        materialCode: z.string().nullable(),
      }),
    ),
  }),
});

export const RECEIVED_EXPORT_MAX_ROWS = 50_000;

export const exportReceivedInvoices = defineRoute({
  method: 'GET',
  path: `${API}/export`,
  permission: `${MENU}:btn_export`,
  tag: TAG,
  summary: `导出进项发票（Excel，最多${RECEIVED_EXPORT_MAX_ROWS}条）`,
  query: receivedInvoiceFilters
    .extend({ sort: pagedQuery(RECEIVED_SORTS).shape.sort })
    .refine(dateOrder, DATE_ORDER_ISSUE),
  produces: 'file',
});

export const syncReceivedInvoices = defineRoute({
  method: 'POST',
  path: `${API}/sync`,
  permission: `${MENU}:btn_sync`,
  tag: TAG,
  summary: '立即从税局归集本公司的进项发票（新开具与状态变化）',
  reply: z.object({
    seen: z.number().int(),
    created: z.number().int(),
    changed: z.number().int(),
    lastRunAt: z.string().nullable(),
  }),
});

export const receivedSyncStatus = defineRoute({
  method: 'GET',
  path: `${API}/sync`,
  permission: MENU,
  tag: TAG,
  summary: '归集状态（上次同步时间与结果）',
  reply: z.object({
    lastRunAt: z.string().nullable(),
    seen: z.number().int(),
    created: z.number().int(),
    changed: z.number().int(),
  }),
});

export const RECEIVED_ZIP_MAX = 200;

export const zipReceivedInvoices = defineRoute({
  method: 'POST',
  path: `${API}/zip`,
  permission: `${MENU}:btn_download`,
  tag: TAG,
  summary: `打包下载所选进项发票的版式文件（PDF、XML；最多${RECEIVED_ZIP_MAX}张）`,
  body: z.object({
    ids: idArray(RECEIVED_ZIP_MAX, {
      min: 1,
      minMessage: '请选择发票',
      maxMessage: `一次最多打包${RECEIVED_ZIP_MAX}张发票`,
    }),
    formats: z
      .array(z.enum(['pdf', 'xml'], { error: '文件格式只能是 pdf 或 xml' }))
      .min(1, '请至少选择一种文件格式')
      .max(2)
      .default(['pdf', 'xml']),
  }),
  produces: 'file',
});
