import { z } from 'zod';
import { calendarDay, DATE_ORDER_ISSUE, dateOrder } from '../common.ts';
import { defineRoute } from '../route.ts';

/**
 * Delivery statistics (issue 14 §3): deliveries per day and per provider or tenant over a date range, by the
 * day a delivery was requested in Asia/Shanghai. Tenant users count only their own deliveries. Figures:
 *  total      deliveries requested
 *  sent       accepted by a provider (never counted unless a provider accepted it)
 *  delivered  the provider's receipt said delivered
 *  failed     failed at or after the provider, or given up by the queue (dead)
 *  skipped    refused by a control (blacklist, frequency limit, no balance) before any provider was called
 *  units      SMS segments charged against the balance (0 for e-mail)
 */
const tag = 'delivery-stats';
const BASE = '/api/admin/delivery/stats';

/** The longest range one request may cover (a year and a day: a leap year, both ends inclusive). */
export const MAX_STATS_DAYS = 366;
/** Without dates the statistics cover the last 30 days, today included. */
export const DEFAULT_STATS_DAYS = 30;

const spanDays = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;

const rangeShape = { dateFrom: calendarDay.optional(), dateTo: calendarDay.optional() };
const rangeChecks = <T extends z.ZodType<{ dateFrom?: string; dateTo?: string }>>(s: T) =>
  s
    .refine(dateOrder, DATE_ORDER_ISSUE)
    .refine((q) => !q.dateFrom || !q.dateTo || spanDays(q.dateFrom, q.dateTo) <= MAX_STATS_DAYS, {
      message: `统计区间不能超过${MAX_STATS_DAYS}天`,
      path: ['dateTo'],
    });

export const DELIVERY_STATS_GROUPS = ['provider', 'tenant'] as const;
export type DeliveryStatsGroup = (typeof DELIVERY_STATS_GROUPS)[number];

/** The SMS pages fix the grouping by their menu; the e-mail page picks it. */
export const deliveryStatsQuery = rangeChecks(z.object(rangeShape));
export const emailStatsQuery = rangeChecks(
  z.object({ ...rangeShape, groupBy: z.enum(DELIVERY_STATS_GROUPS).default('provider') }),
);

export const deliveryFigures = z.object({
  total: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  units: z.number().int(),
});
export type DeliveryFigures = z.infer<typeof deliveryFigures>;

export const deliveryDay = deliveryFigures.extend({ day: z.string() });
export const deliveryGroupRow = deliveryFigures.extend({
  /** The provider's or tenant's id as text; 'none' for deliveries no provider was tried for. */
  key: z.string(),
  label: z.string(),
});
export type DeliveryGroupRow = z.infer<typeof deliveryGroupRow>;

export const deliveryStatsReply = z.object({
  channel: z.enum(['sms', 'email']),
  groupBy: z.enum(DELIVERY_STATS_GROUPS),
  /** The range actually counted (the defaults filled in). */
  dateFrom: z.string(),
  dateTo: z.string(),
  /** Every day of the range, quiet days as zeros. */
  days: z.array(deliveryDay),
  /** Per provider or tenant, most deliveries first. */
  rows: z.array(deliveryGroupRow),
  totals: deliveryFigures,
});
export type DeliveryStatsReply = z.infer<typeof deliveryStatsReply>;

/** smsFacilitatorStatistic: SMS per day and per provider. */
export const getSmsProviderStats = defineRoute({
  method: 'GET',
  path: `${BASE}/sms-providers`,
  permission: 'smsFacilitatorStatistic',
  tag,
  summary: '短信服务商统计：每日及各服务商的发送、成功、失败条数',
  query: deliveryStatsQuery,
  reply: deliveryStatsReply,
});
export const exportSmsProviderStats = defineRoute({
  method: 'GET',
  path: `${BASE}/sms-providers/export`,
  permission: 'smsFacilitatorStatistic:btn_export',
  tag,
  summary: '短信服务商统计：导出 Excel',
  query: deliveryStatsQuery,
  produces: 'file',
});

/** enterpriseSmsStatistic: SMS per day and per tenant. */
export const getSmsTenantStats = defineRoute({
  method: 'GET',
  path: `${BASE}/sms-tenants`,
  permission: 'enterpriseSmsStatistic',
  tag,
  summary: '企业短信统计：每日及各企业的发送、成功、失败条数',
  query: deliveryStatsQuery,
  reply: deliveryStatsReply,
});
export const exportSmsTenantStats = defineRoute({
  method: 'GET',
  path: `${BASE}/sms-tenants/export`,
  permission: 'enterpriseSmsStatistic:btn_export',
  tag,
  summary: '企业短信统计：导出 Excel',
  query: deliveryStatsQuery,
  produces: 'file',
});

/** emailStatistic: e-mail per day, and per provider or tenant. */
export const getEmailStats = defineRoute({
  method: 'GET',
  path: `${BASE}/email`,
  permission: 'emailStatistic',
  tag,
  summary: '邮件统计：每日及各服务商或各企业的发送、成功、失败封数',
  query: emailStatsQuery,
  reply: deliveryStatsReply,
});
export const exportEmailStats = defineRoute({
  method: 'GET',
  path: `${BASE}/email/export`,
  permission: 'emailStatistic:btn_export',
  tag,
  summary: '邮件统计：导出 Excel',
  query: emailStatsQuery,
  produces: 'file',
});
