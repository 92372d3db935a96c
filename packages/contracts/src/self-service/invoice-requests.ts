import { REQUEST_SOURCES, REQUEST_STATES } from '@fpy/domain';
import { z } from 'zod';
import { dateOrder, DATE_ORDER_ISSUE, dateRange, idArray, pagedQuery, pageReply, text } from '../common.ts';
import { defineRoute } from '../route.ts';

/**
 * 开票申请 (issue 30 §1, /outputInvoiceManager/invoiceApply): every buyer's ask — from a scan order or a code
 * board — waiting for review or on its way. Approve (one or many) hands them to the normal issuing pipeline;
 * reject carries a reason the buyer sees. Bulk calls answer which ids moved and which were skipped (not pending
 * any more, or not the caller's); an id of another company is skipped like an unknown one.
 */
const TAG = 'self-service-requests';
const API = '/api/self-service/requests';

export const requestStateField = z.enum(REQUEST_STATES);
export type RequestState = z.infer<typeof requestStateField>;
export const requestSourceField = z.enum(REQUEST_SOURCES);

export const requestRow = z.object({
  id: z.number().int(),
  source: requestSourceField,
  sourceId: z.number().int(),
  /** The order's number or code, the board's name: what the seller recognises. */
  sourceLabel: z.string(),
  invoiceType: z.string(),
  buyerKind: z.enum(['company', 'person']),
  buyerName: z.string(),
  buyerTaxNumber: z.string().nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  amountFen: z.number().int(),
  lines: z.array(z.object({ name: z.string(), amountFen: z.number().int() })),
  state: requestStateField,
  rejectReason: z.string().nullable(),
  failReason: z.string().nullable(),
  invoiceId: z.number().int().nullable(),
  invoiceNumber: z.string().nullable(),
  reviewedByName: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type RequestRow = z.infer<typeof requestRow>;

export const listRequestsQuery = pagedQuery(['createdAt', 'amountFen'])
  .extend({
    state: requestStateField.optional(),
    source: requestSourceField.optional(),
    /** Buyer name or tax number. */
    q: z.string().trim().max(100, '搜索内容不能超过100个字符').optional(),
    ...dateRange,
  })
  .refine(dateOrder, DATE_ORDER_ISSUE);

export const listInvoiceRequests = defineRoute({
  method: 'GET',
  path: API,
  permission: 'invoiceApply',
  tag: TAG,
  summary: '开票申请列表：来源（订单、码牌）、买方抬头、金额、状态、驳回原因、发票',
  query: listRequestsQuery,
  reply: pageReply(requestRow),
});

export const bulkRequestReply = z.object({
  done: z.array(z.number().int()),
  skipped: z.array(z.number().int()),
});

export const approveInvoiceRequests = defineRoute({
  method: 'POST',
  path: `${API}/approve`,
  permission: 'invoiceApply:btn_approve',
  tag: TAG,
  summary: '审核通过（可批量）：待审核的申请交给开票流程（与控制台开票同一路径、幂等与队列）',
  body: z.object({ ids: idArray(200, { minMessage: '请选择申请', maxMessage: '一次最多200条' }) }),
  reply: bulkRequestReply,
});

export const rejectInvoiceRequests = defineRoute({
  method: 'POST',
  path: `${API}/reject`,
  permission: 'invoiceApply:btn_reject',
  tag: TAG,
  summary: '驳回（可批量）：原因展示给买方；订单码重新可用，买方可修改抬头后再次申请',
  body: z.object({
    ids: idArray(200, { minMessage: '请选择申请', maxMessage: '一次最多200条' }),
    reason: text(200, '驳回原因'),
  }),
  reply: bulkRequestReply,
});
