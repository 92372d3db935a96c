import { z } from 'zod';
import {
  DATE_ORDER_ISSUE,
  dateOrder,
  dateRange,
  idArray,
  idParams,
  optionalQueryId,
  pagedQuery,
  pageReply,
  text,
} from '../common.ts';
import { defineRoute } from '../route.ts';

/**
 * Issue 32 §2 webhooks (lane HOOKS; server modules/open-platform/webhooks): the events the platform announces to
 * the apps that subscribed (open_apps.callback_url + webhook_events), their deliveries with every attempt, and
 * manual redelivery. The delivery log is a tab of /developerOptions/openPlatForm: a company sees the deliveries
 * of its own events, the platform every one.
 */
const tag = 'open-platform-webhooks';
const BASE = '/api/open-platform/webhooks';

/** Every event type, in the order the docs list them. */
export const WEBHOOK_EVENTS = [
  'invoice.issued',
  'invoice.failed',
  'invoice.red_lettered',
  'invoice.voided',
  'invoice.delivered',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What each event means (docs page, delivery log). */
export const WEBHOOK_EVENT_TEXTS: Record<WebhookEvent, { zh: string; en: string }> = {
  'invoice.issued': { zh: '蓝字发票开具成功', en: 'A blue invoice was issued' },
  'invoice.failed': { zh: '发票开具失败（税局拒绝）', en: 'Issuing failed (refused by the bureau)' },
  'invoice.red_lettered': {
    zh: '红字发票开具成功（蓝字发票部分或全部红冲）',
    en: 'A red invoice was issued (the blue one partly or fully reversed)',
  },
  'invoice.voided': { zh: '纸质发票已作废', en: 'A paper invoice was voided' },
  'invoice.delivered': {
    zh: '发票已交付给购买方（短信或邮件已被服务商接收）',
    en: 'The invoice was sent to its buyer (SMS or e-mail accepted by the provider)',
  },
};

/**
 * pending (first attempt due) → delivered | retrying (backoff, up to 24 h) → … → dead (the dead letter) |
 * failed (refused for good: an address the guard refuses, an app disabled or without its URL).
 */
export const WEBHOOK_DELIVERY_STATES = ['pending', 'retrying', 'delivered', 'failed', 'dead'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];
/** The states a delivery can be redelivered from. */
export const WEBHOOK_REDELIVERABLE: readonly WebhookDeliveryState[] = ['failed', 'dead'];

const blankAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

export const webhookDeliveryQuery = pagedQuery(['id', 'createdAt', 'attempts'])
  .extend({
    eventType: blankAbsent(z.enum(WEBHOOK_EVENTS, { message: '事件类型不存在' })),
    state: blankAbsent(z.enum(WEBHOOK_DELIVERY_STATES, { message: '投递状态不存在' })),
    appId: optionalQueryId,
    /** An event id (evt_…) exactly. */
    eventId: blankAbsent(
      z
        .string()
        .trim()
        .regex(/^evt_[0-9a-f]{32}$/, '事件ID格式不正确'),
    ),
    /** Created, yyyy-MM-dd in Asia/Shanghai, inclusive. */
    ...dateRange,
  })
  .refine(dateOrder, DATE_ORDER_ISSUE);
export type WebhookDeliveryQuery = z.input<typeof webhookDeliveryQuery>;

export const webhookDeliveryRow = z.object({
  id: z.number().int(),
  eventId: z.string(),
  eventType: z.enum(WEBHOOK_EVENTS),
  tenantId: z.number().int(),
  tenantName: z.string().nullable(),
  appId: z.number().int(),
  appName: z.string().nullable(),
  url: z.string(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  lastStatus: z.number().int().nullable(),
  lastCode: z.string().nullable(),
  lastError: z.string().nullable(),
  nextAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDeliveryRow = z.infer<typeof webhookDeliveryRow>;

export const webhookAttempt = z.object({
  id: z.number().int(),
  n: z.number().int(),
  url: z.string(),
  requestHeaders: z.record(z.string(), z.string()),
  requestBody: z.string(),
  responseStatus: z.number().int().nullable(),
  /** The first 2,000 characters. */
  responseBody: z.string().nullable(),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
  latencyMs: z.number().int(),
  manual: z.boolean(),
  startedAt: z.string(),
});
export type WebhookAttempt = z.infer<typeof webhookAttempt>;

export const webhookDeliveryDetail = webhookDeliveryRow.extend({
  /** The event's body exactly as sent. */
  body: z.string(),
  attemptLog: z.array(webhookAttempt),
});
export type WebhookDeliveryDetail = z.infer<typeof webhookDeliveryDetail>;

export const WEBHOOK_BULK_MAX = 200;
export const webhookBulkBody = z.object({
  ids: idArray(WEBHOOK_BULK_MAX, { min: 1, minMessage: '请选择要重新投递的记录' }),
});
export const webhookBulkReply = z.object({
  redelivered: z.array(z.number().int()),
  /** Not found, not the company's, or not failed / dead. */
  skipped: z.array(z.number().int()),
});

/** The apps whose deliveries the caller may see (the log's filter). */
export const webhookAppsReply = z.object({
  rows: z.array(z.object({ id: z.number().int(), name: z.string(), appKey: z.string() })),
});

/** The docs pages and the delivery log share the open platform page's code. */
const VIEW = 'openPlatForm';

export const listWebhookDeliveries = defineRoute({
  method: 'GET',
  path: `${BASE}/deliveries`,
  permission: VIEW,
  tag,
  summary: 'Webhook 投递记录（按事件、应用、状态、事件ID、创建日期筛选）',
  query: webhookDeliveryQuery,
  reply: pageReply(webhookDeliveryRow),
});

export const getWebhookDelivery = defineRoute({
  method: 'GET',
  path: `${BASE}/deliveries/{id}`,
  permission: VIEW,
  tag,
  summary: 'Webhook 投递详情：请求体与每次尝试（请求头、响应、耗时）',
  params: idParams,
  reply: webhookDeliveryDetail,
});

export const redeliverWebhook = defineRoute({
  method: 'POST',
  path: `${BASE}/deliveries/{id}/redeliver`,
  permission: `${VIEW}:btn_redeliver`,
  tag,
  summary: '重新投递一条失败或已放弃的 Webhook（投往应用当前的回调地址，新一轮重试）',
  params: idParams,
  reply: webhookDeliveryRow,
});

export const redeliverWebhooks = defineRoute({
  method: 'POST',
  path: `${BASE}/deliveries/redeliver`,
  permission: `${VIEW}:btn_redeliver`,
  tag,
  summary: '批量重新投递所选 Webhook（只有失败或已放弃的会被投递）',
  body: webhookBulkBody,
  reply: webhookBulkReply,
});

export const listWebhookApps = defineRoute({
  method: 'GET',
  path: `${BASE}/apps`,
  permission: VIEW,
  tag,
  summary: '可查看投递记录的应用（筛选用）',
  query: z.object({ q: blankAbsent(text(64, '关键字')) }),
  reply: webhookAppsReply,
});
