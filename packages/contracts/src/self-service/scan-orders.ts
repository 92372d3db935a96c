import { ORDER_WINDOW_MAX_DAYS, SCAN_ORDER_ORIGINS, SCAN_ORDER_VIEW_STATES } from '@fpy/domain';
import { z } from 'zod';
import {
  dateOrder,
  DATE_ORDER_ISSUE,
  dateRange,
  fenAmount,
  faceText,
  idParams,
  importReport,
  optionalDecimalText,
  optionalText,
  pagedQuery,
  pageReply,
  text,
} from '../common.ts';
import { defineRoute } from '../route.ts';
import { taxRateField } from '../sales/calculate.ts';
import { ORDER_API } from './apply-pages-order.ts';
import { requestStateField } from './invoice-requests.ts';

export { ORDER_API } from './apply-pages-order.ts';

/**
 * 扫码开票订单 (issue 30 §1: /outputInvoiceManager/sweepCode, smallTicketRecord) and the buyer's public order calls
 * (§2). An order carries its lines and amount (integer fen) and one random code the QR and the link carry; the
 * code is single-use and bound to the amount — once asked for, it shows the request's result, never a second
 * invoice; it expires after the tenant's window; the seller can void it. The buyer never sends an amount.
 *
 * Public: the code in the path is the only credential. An unknown, foreign or malformed code answers the same
 * 404 ORDER_UNKNOWN; every public route is limited per IP, misses and submits per code by the module.
 */
const TAG = 'self-service-orders';
const API = '/api/self-service/orders';

export const orderViewStateField = z.enum(SCAN_ORDER_VIEW_STATES);
export type OrderViewState = z.infer<typeof orderViewStateField>;
export const orderOriginField = z.enum(SCAN_ORDER_ORIGINS);

/** One line of an order: tax-inclusive amount in fen, the rate, optionally the tax code and quantity. */
export const orderLineInput = z.object({
  name: faceText(100, '项目名称'),
  amountFen: fenAmount.min(1, '金额须大于0'),
  rate: taxRateField,
  taxCode: z
    .string()
    .trim()
    .regex(/^\d{19}$/, '税收分类编码须为19位数字')
    .optional(),
  quantity: optionalDecimalText('数量'),
  unit: faceText(20, '单位').optional(),
  spec: faceText(40, '规格型号').optional(),
});
export type OrderLineInput = z.infer<typeof orderLineInput>;

export const createOrderBody = z.object({
  /** The receipt's or the caller's order number: a replay with the same number answers the first order. */
  externalNo: z
    .string()
    .trim()
    .min(1, '请填写订单号')
    .max(64, '订单号不能超过64个字符')
    .regex(/^[\w.:-]+$/, '订单号只能含字母、数字和 _ . : -')
    .optional(),
  origin: z.enum(['pos', 'console', 'api']).default('console'),
  lines: z.array(orderLineInput).min(1, '订单至少须有一行明细').max(100, '订单明细不能超过100行'),
  remarks: optionalText(200, '备注'),
});
export type CreateOrderBody = z.infer<typeof createOrderBody>;

export const orderLine = z.object({
  name: z.string(),
  amountFen: z.number().int(),
  rate: z.string().optional(),
  taxCode: z.string().optional(),
  quantity: z.string().optional(),
  unit: z.string().optional(),
  spec: z.string().optional(),
});

export const orderRow = z.object({
  id: z.number().int(),
  code: z.string(),
  externalNo: z.string().nullable(),
  origin: orderOriginField,
  amountFen: z.number().int(),
  lineCount: z.number().int(),
  firstLine: z.string(),
  state: orderViewStateField,
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  /** The buyer's ask, once there is one. */
  requestId: z.number().int().nullable(),
  requestState: requestStateField.nullable(),
  buyerName: z.string().nullable(),
  invoiceId: z.number().int().nullable(),
  invoiceNumber: z.string().nullable(),
  voidReason: z.string().nullable(),
});
export type OrderRow = z.infer<typeof orderRow>;

export const orderDetail = orderRow.extend({
  lines: z.array(orderLine),
  remarks: z.string().nullable(),
  /** The short address the QR carries (/q/<code> → the buyer's page /webIndex?c=<code>). */
  url: z.string(),
  /** The buyer's page itself, for a link where a redirect does not suit. */
  pageUrl: z.string(),
  /** The QR code as an SVG document. */
  qrSvg: z.string(),
});
export type OrderDetail = z.infer<typeof orderDetail>;

export const listOrdersQuery = pagedQuery(['createdAt', 'amountFen'])
  .extend({
    state: orderViewStateField.optional(),
    origin: orderOriginField.optional(),
    /** The order number or the code. */
    q: z.string().trim().max(64, '搜索内容不能超过64个字符').optional(),
    ...dateRange,
  })
  .refine(dateOrder, DATE_ORDER_ISSUE);

const ORDER_READ = ['sweepCode', 'smallTicketRecord'] as const;

export const listScanOrders = defineRoute({
  method: 'GET',
  path: API,
  permission: ORDER_READ,
  tag: TAG,
  summary: '扫码开票订单 / 小票记录列表：状态（待开票、已过期、待审核、已开票、已作废）、金额、买方、发票',
  query: listOrdersQuery,
  reply: pageReply(orderRow),
});

export const getScanOrder = defineRoute({
  method: 'GET',
  path: `${API}/{id}`,
  permission: ORDER_READ,
  tag: TAG,
  summary: '订单详情：明细、二维码与链接、申请与发票',
  params: idParams,
  reply: orderDetail,
});

export const createScanOrder = defineRoute({
  method: 'POST',
  path: API,
  permission: 'sweepCode:btn_add',
  tag: TAG,
  summary:
    '新建扫码开票订单（控制台、收银小票或 API）：明细与金额（分），生成一次性二维码与链接；同一订单号重复提交返回首个订单',
  body: createOrderBody,
  reply: orderDetail,
});

export const voidScanOrder = defineRoute({
  method: 'POST',
  path: `${API}/{id}/void`,
  permission: 'sweepCode:btn_void',
  tag: TAG,
  summary: '作废订单：仅未开票、无待审核申请的订单；作废后买方扫码看到已作废',
  params: idParams,
  body: z.object({ reason: text(100, '作废原因') }),
  reply: orderDetail,
});

export const importScanOrders = defineRoute({
  method: 'POST',
  path: `${API}/import`,
  permission: 'sweepCode:btn_import',
  tag: TAG,
  consumes: 'multipart',
  summary:
    'Excel 导入订单：每行一条明细（订单号、项目名称、金额（元）、税率、税收分类编码、数量、单位），同一订单号的行合为一个订单',
  reply: importReport,
});

export const orderImportTemplate = defineRoute({
  method: 'GET',
  path: `${API}/import/template`,
  permission: 'sweepCode:btn_import',
  tag: TAG,
  produces: 'file',
  summary: '下载订单导入模板 (xlsx)',
});

export const orderWindow = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('days'),
      days: z
        .number({ error: '有效天数须为整数' })
        .int('有效天数须为整数')
        .min(1, '有效天数至少为1天')
        .max(ORDER_WINDOW_MAX_DAYS, `有效天数不能超过${ORDER_WINDOW_MAX_DAYS}天`),
    }),
    z.object({ kind: z.literal('month_end') }),
  ],
  { error: '有效期方式须为 days 或 month_end' },
);

export const getOrderWindow = defineRoute({
  method: 'GET',
  path: `${API}/window`,
  permission: 'sweepCode',
  tag: TAG,
  summary: '订单有效期：创建后若干天，或当月月底',
  reply: orderWindow,
});

export const saveOrderWindow = defineRoute({
  method: 'PUT',
  path: `${API}/window`,
  permission: 'sweepCode:btn_window',
  tag: TAG,
  summary: '保存订单有效期（只影响之后新建的订单）',
  body: orderWindow,
  reply: orderWindow,
});

// ---------------------------------------------------------------------------------------------------------
// The buyer's public calls

/** Any short text: a code of the wrong shape is simply unknown (the same 404), not a validation error. */
const codeParams = z.object({ code: z.string().max(64, '码不能超过64个字符') });

export const buyerRequestView = z.object({
  token: z.string(),
  state: requestStateField,
  rejectReason: z.string().nullable(),
  /** The delivery short code of the issued invoice: its face and files at /smsDetail?c=<resultCode>. */
  resultCode: z.string().nullable(),
  buyerName: z.string(),
  invoiceType: z.string(),
});
export type BuyerRequestView = z.infer<typeof buyerRequestView>;

export const buyerOrderView = z.object({
  state: orderViewStateField,
  sellerName: z.string(),
  amountFen: z.number().int(),
  lines: z.array(z.object({ name: z.string(), amountFen: z.number().int() })),
  expiresAt: z.string().nullable(),
  /** The ask made on this order (its result), once there is one and it is not rejected-and-reopened. */
  request: buyerRequestView.nullable(),
  /** The last rejection, while the order is open again: the buyer sees why and may ask again. */
  lastRejection: z.string().nullable(),
});
export type BuyerOrderView = z.infer<typeof buyerOrderView>;

export const getBuyerOrder = defineRoute({
  ...ORDER_API.order,
  method: 'GET',
  permission: 'public',
  rateLimited: true,
  poll: true,
  tag: TAG,
  summary: '买方扫码查看订单：开票方、金额、明细、状态；已申请则返回申请结果。未知或他人订单码一律 404',
  params: codeParams,
  reply: buyerOrderView,
});

export const buyerTitleInput = z.object({
  kind: z.enum(['company', 'person'], { error: '抬头类型须为单位或个人' }),
  name: z.string().max(200, '名称不能超过200个字符'),
  taxNumber: z.string().max(40, '税号不能超过40个字符').optional(),
  address: z.string().max(200, '地址不能超过200个字符').optional(),
  phone: z.string().max(40, '电话不能超过40个字符').optional(),
  bank: z.string().max(200, '开户银行不能超过200个字符').optional(),
  account: z.string().max(60, '银行账号不能超过60个字符').optional(),
  email: z.string().max(128, '邮箱不能超过128个字符').optional(),
  mobile: z.string().max(20, '手机号不能超过20个字符').optional(),
  remarks: z.string().max(200, '备注不能超过200个字符').optional(),
});

export const submitOrderBody = z.object({
  invoiceType: z.string().max(40, '发票类型无效'),
  title: buyerTitleInput,
});

export const submitBuyerOrder = defineRoute({
  ...ORDER_API.submit,
  method: 'POST',
  permission: 'public',
  rateLimited: true,
  tag: TAG,
  summary:
    '买方提交开票申请：抬头与发票类型（金额与明细取自订单，买方不能改）；一个订单码只开一次票，重复提交返回同一申请',
  params: codeParams,
  body: submitOrderBody,
  reply: buyerRequestView,
});

export const openOrderShortLink = defineRoute({
  ...ORDER_API.short,
  method: 'GET',
  permission: 'public',
  rateLimited: true,
  tag: TAG,
  produces: 'file',
  summary: '订单短链接：302 跳转到扫码开票页 /webIndex?c=<code>（不查询数据库，订单码是否有效由该页判断）',
  params: codeParams,
});

export const getBuyerRequest = defineRoute({
  ...ORDER_API.request,
  method: 'GET',
  permission: 'public',
  rateLimited: true,
  poll: true,
  tag: TAG,
  summary: '买方查询开票申请进度（凭申请令牌）：待审核、已驳回（原因）、开具中、已开具（发票链接）',
  params: z.object({ token: z.string().max(64, '令牌不能超过64个字符') }),
  reply: buyerRequestView,
});
