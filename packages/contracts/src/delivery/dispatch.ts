import { DELIVERY_STATUSES as DOMAIN_DELIVERY_STATUSES, recipientProblem } from '@fpy/domain';
import { z } from 'zod';
import { idArray, idParams, idSchema, text } from '../common.ts';
import { defineRoute } from '../route.ts';

/**
 * Delivery of issued invoices to their buyers (issue 14 §2): send one invoice by e-mail or SMS, resend, bulk
 * send with progress, one SMS link for several invoices of a buyer, and the delivery history of an invoice.
 * The buttons sit on 销项发票查询 (salesInvoiceQuery); the sending itself runs in the `delivery.send` job.
 */
const MENU = 'salesInvoiceQuery';
const BASE = '/api/delivery/v1';
const tag = 'delivery';

export const deliveryChannel = z.enum(['email', 'sms'], '请选择交付方式（email 或 sms）');
export type DeliveryChannelName = z.infer<typeof deliveryChannel>;

/** The delivery states: one list and one word each, in @fpy/domain (delivery/status.ts). */
export const DELIVERY_STATUSES = DOMAIN_DELIVERY_STATUSES;
export const deliveryStatus = z.enum(DELIVERY_STATUSES);
export type DeliveryStatus = z.infer<typeof deliveryStatus>;
/** Statuses after which nothing more happens without a user's resend (accepted still awaits its receipt). */
export const DELIVERY_FINAL_STATUSES: readonly DeliveryStatus[] = [
  'accepted',
  'delivered',
  'failed',
  'dead',
  'skipped',
];

/** auto: after issuing; manual: 交付 on the query page; resend; bulk; batch: one SMS link for several invoices; forward: the buyer's page. */
export const deliveryTrigger = z.enum(['auto', 'manual', 'resend', 'bulk', 'batch', 'forward']);

/** The recipient typed in the send dialog: checked against the channel with the rule of @fpy/domain. */
const recipientField = text(128, '收件人');

/** Refuses a recipient that does not fit the channel, naming the field (字段 recipient / mobile). */
function checkRecipient(
  channel: 'email' | 'sms',
  value: string | undefined,
  path: string,
  ctx: z.RefinementCtx,
) {
  if (!value) return;
  const problem = recipientProblem(channel, value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [path] });
}

export const deliveryEvent = z.object({
  kind: z.string(),
  code: z.string().nullable(),
  message: z.string().nullable(),
  at: z.string(),
});

export const deliveryRow = z.object({
  id: z.number().int(),
  invoiceId: z.number().int(),
  /** The invoices a batch SMS link opens (the first is invoiceId); null for one invoice. */
  invoiceIds: z.array(z.number().int()).nullable(),
  channel: deliveryChannel,
  recipient: z.string(),
  seq: z.number().int(),
  trigger: deliveryTrigger,
  status: deliveryStatus,
  attempts: z.number().int(),
  providerKind: z.string().nullable(),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
  /** While retrying: when the next attempt is due (ISO). */
  nextAttemptAt: z.string().nullable(),
  /** The provider account that sent it (or refused it last). */
  providerId: z.number().int().nullable(),
  /** The accounts the last attempt tried before it ended, with their reasons (failover; every one when given up). */
  tried: z.array(
    z.object({
      providerId: z.number().int().nullable(),
      providerKind: z.string().nullable(),
      /** The account's name (null when it was deleted since). */
      providerName: z.string().nullable(),
      code: z.string(),
      message: z.string(),
    }),
  ),
  subject: z.string().nullable(),
  body: z.string().nullable(),
  /** The buyer's short link (absolute URL) this delivery carries. */
  link: z.string().nullable(),
  /** SMS segments charged; 0 for e-mail. */
  units: z.number().int(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  acceptedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  failedAt: z.string().nullable(),
  events: z.array(deliveryEvent),
});
export type DeliveryRow = z.infer<typeof deliveryRow>;

export const sendInvoiceBody = z
  .object({
    channel: deliveryChannel,
    /** Another address than the buyer's on the invoice; absent = the buyer's e-mail / mobile. */
    recipient: recipientField.optional(),
  })
  .superRefine((b, ctx) => checkRecipient(b.channel, b.recipient || undefined, 'recipient', ctx));

export const sendInvoiceDelivery = defineRoute({
  open: {
    operation: 'invoice.deliver',
    group: 'output-invoice',
    path: '/openapi/v1/invoices/{id}/deliveries',
    isv: true,
    summary: { zh: '交付发票（邮件、短信）', en: 'Deliver an invoice (e-mail, SMS)' },
  },
  method: 'POST',
  path: `${BASE}/invoices/{id}/deliveries`,
  permission: `${MENU}:btn_deliver`,
  tag,
  summary:
    '交付一张发票（邮件附PDF/XML，或短信发送短链接）；同一发票、方式、收件人重复请求返回已有记录（existing=true），再次发送请用重发',
  params: idParams,
  body: sendInvoiceBody,
  reply: z.object({ delivery: deliveryRow, existing: z.boolean() }),
});

export const resendDelivery = defineRoute({
  method: 'POST',
  path: `${BASE}/deliveries/{id}/resend`,
  permission: `${MENU}:btn_resend`,
  tag,
  summary: '重新交付：同一方式再发一次（可改收件人），记录操作人',
  params: idParams,
  body: z.object({ recipient: recipientField.optional() }),
  reply: deliveryRow,
});

/** At most this many given-up records are resent by one call; the answer says whether more are left. */
export const RESEND_GIVEN_UP_MAX = 1000;

/**
 * 批量重发 on a records page (发送记录): every given-up record the page's filters match is resent, not only the
 * page on screen. `filters` are the records list's own query parameters (createdAtFrom, recipient, errorCode …),
 * checked by that list's schema; its `status` is replaced by `statuses`. A record already resent (a later
 * record to the same recipient exists) is not resent again.
 */
export const resendGivenUpBody = z.object({
  channel: deliveryChannel,
  /** Which given-up states: 多次重试失败 (dead) by default; 发送失败 (failed) on request. */
  statuses: z
    .array(z.enum(['dead', 'failed'], '只能重发多次重试失败或发送失败的记录'))
    .min(1, '请选择要重发的状态')
    .max(2)
    .default(['dead']),
  filters: z.record(z.string().max(64), text(200, '筛选条件')).optional(),
});

export const resendGivenUpDeliveries = defineRoute({
  method: 'POST',
  path: `${BASE}/deliveries/resend-given-up`,
  permission: `${MENU}:btn_resend`,
  tag,
  summary: `批量重发：按发送记录的筛选条件重发全部已放弃的记录（每次最多${RESEND_GIVEN_UP_MAX}条）`,
  body: resendGivenUpBody,
  reply: z.object({
    /** New records queued. */
    resent: z.number().int(),
    /** Records that could not be resent (invoice voided, recipient no longer valid …). */
    refused: z.number().int(),
    /** More matching records are left: call again. */
    more: z.boolean(),
  }),
});

export const BULK_DELIVERY_MAX = 500;

export const bulkDeliveryBody = z.object({
  ids: idArray(BULK_DELIVERY_MAX, {
    min: 1,
    minMessage: '请选择发票',
    maxMessage: `一次最多交付${BULK_DELIVERY_MAX}张发票`,
  }),
  /** E-mail to the buyer's address and/or SMS to the buyer's mobile, as on each invoice. */
  channels: z.array(deliveryChannel).min(1, '请选择交付方式').max(2),
});

export const bulkDeliveryTaskId = z.string().regex(/^[A-Za-z0-9]{16,32}$/, '任务编号格式不正确');

export const bulkSendDeliveries = defineRoute({
  method: 'POST',
  path: `${BASE}/deliveries/bulk`,
  permission: `${MENU}:btn_deliver`,
  tag,
  summary: `批量交付所选发票（最多${BULK_DELIVERY_MAX}张）到各自购买方的邮箱/手机；返回任务编号，进度另查`,
  body: bulkDeliveryBody,
  reply: z.object({ taskId: z.string() }),
});

export const bulkDeliveryProgress = z.object({
  taskId: z.string(),
  /** Invoices chosen, and how many of them the task has handled so far. */
  invoices: z.number().int(),
  processed: z.number().int(),
  /** Invoices × channels without a usable address (nothing sent), or not deliverable (not issued). */
  noRecipient: z.number().int(),
  notIssued: z.number().int(),
  /** Deliveries requested (existing ones included) and how many stand in each status now. */
  deliveries: z.number().int(),
  byStatus: z.record(deliveryStatus, z.number().int()),
  /** Deliveries in a final status (accepted, delivered, failed, dead, skipped). */
  done: z.number().int(),
  finished: z.boolean(),
});
export type BulkDeliveryProgress = z.infer<typeof bulkDeliveryProgress>;

export const getBulkDeliveryProgress = defineRoute({
  method: 'GET',
  path: `${BASE}/deliveries/bulk/{taskId}`,
  permission: `${MENU}:btn_deliver`,
  tag,
  summary: '批量交付进度',
  params: z.object({ taskId: bulkDeliveryTaskId }),
  reply: bulkDeliveryProgress,
});

export const BATCH_SMS_LINK_MAX = 50;

export const batchSmsLinkBody = z
  .object({
    ids: idArray(BATCH_SMS_LINK_MAX, {
      min: 1,
      minMessage: '请选择发票',
      maxMessage: `一条短信最多包含${BATCH_SMS_LINK_MAX}张发票`,
    }),
    mobile: text(20, '手机号码'),
  })
  .superRefine((b, ctx) => checkRecipient('sms', b.mobile, 'mobile', ctx));

export const sendBatchSmsLink = defineRoute({
  method: 'POST',
  path: `${BASE}/deliveries/batch-sms-link`,
  permission: `${MENU}:btn_batchSms`,
  tag,
  summary: `批量短信链接：同一购买方的多张发票（最多${BATCH_SMS_LINK_MAX}张）用一条短信、一个短链接发送`,
  body: batchSmsLinkBody,
  reply: deliveryRow,
});

export const listInvoiceDeliveries = defineRoute({
  method: 'GET',
  path: `${BASE}/invoices/{id}/deliveries`,
  permission: MENU,
  tag,
  summary: '发票的交付记录（邮件/短信、状态、回执、重发），最新在前',
  params: idParams,
  reply: z.object({ rows: z.array(deliveryRow) }),
});

/** The id of a delivery in paths (re-exported for tests and the web). */
export const deliveryIdSchema = idSchema;
