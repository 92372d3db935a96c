import { z } from 'zod';
import { invoiceTypeField } from '../sales/calculate.ts';
import { invoiceStatusField } from '../sales/invoices.ts';
import { defineRoute } from '../route.ts';

/**
 * 首页 (issue 13 §5): the dashboard is a list of typed cards. Each product area registers its cards on the server
 * (modules/platform/base/dashboard/registry.ts); the web renders each card by its `kind` and finds every label by
 * convention under `dashboard.card.<id>` — so a new area's card needs its server registration and locale text only.
 * Money is integer fen; dates are ISO instants (shown in Asia/Shanghai).
 */

/** Who a card is for: a company's users, or the platform's own accounts (who belong to no company). */
export const DASHBOARD_AUDIENCES = ['tenant', 'platform'] as const;
export type DashboardAudience = (typeof DASHBOARD_AUDIENCES)[number];

/** A console page, with the filter it should open with (only pages that read it apply it). */
export const dashboardLink = z.object({
  path: z.string(),
  query: z.record(z.string(), z.string()).optional(),
});
export type DashboardLink = z.infer<typeof dashboardLink>;

/** How a value is shown: a plain count, or money in fen. */
export const dashboardUnit = z.enum(['count', 'fen']);
export type DashboardUnit = z.infer<typeof dashboardUnit>;

/** normal: nothing to do; warning: needs attention soon; danger: something failed or runs out. */
export const dashboardTone = z.enum(['normal', 'warning', 'danger']);

const cardBase = {
  /** Stable id, kebab-case: the locale keys live under dashboard.card.<id>. */
  id: z.string(),
  /** Product area (sales, platform, delivery …): groups and orders cards. */
  area: z.string(),
};

export const dashboardFigure = z.object({
  /** Label key: dashboard.card.<cardId>.<key>. */
  key: z.string(),
  unit: dashboardUnit,
  value: z.number().int(),
  /** The same figure for the comparison period (last month); null when the card compares nothing. */
  previous: z.number().int().nullable(),
  /** A rise is bad news (failures, errors): the change is coloured the other way round. */
  lowerIsBetter: z.boolean().optional(),
  link: dashboardLink.optional(),
});
export type DashboardFigure = z.infer<typeof dashboardFigure>;

export const figuresCard = z.object({
  ...cardBase,
  kind: z.literal('figures'),
  /** The periods compared, yyyy-MM (Asia/Shanghai); absent for figures of "now". */
  period: z.object({ current: z.string(), previous: z.string() }).optional(),
  figures: z.array(dashboardFigure),
});

export const todoEntry = z.object({
  /** What the entry is (a form or invoice number), shown as is. */
  label: z.string(),
  /** When it must be handled by (ISO instant), if it has a deadline. */
  deadline: z.string().nullable(),
});

export const todoItem = z.object({
  /** Label key: dashboard.card.<cardId>.<key>. */
  key: z.string(),
  unit: dashboardUnit,
  value: z.number().int(),
  tone: dashboardTone,
  /** The earliest deadline among the items waiting, if they have one. */
  deadline: z.string().nullable().optional(),
  /** The first few waiting items, nearest deadline first. */
  entries: z.array(todoEntry).optional(),
  /** Where the item is handled. */
  link: dashboardLink.optional(),
});
export type TodoItem = z.infer<typeof todoItem>;

export const todosCard = z.object({
  ...cardBase,
  kind: z.literal('todos'),
  items: z.array(todoItem),
});

export const recentInvoice = z.object({
  id: z.number().int(),
  number: z.string().nullable(),
  type: invoiceTypeField,
  colour: z.enum(['blue', 'red']),
  status: invoiceStatusField,
  buyerName: z.string(),
  amountFen: z.number().int(),
  totalFen: z.number().int(),
  issuedAt: z.string(),
});
export type RecentInvoice = z.infer<typeof recentInvoice>;

export const invoicesCard = z.object({
  ...cardBase,
  kind: z.literal('invoices'),
  rows: z.array(recentInvoice),
  /** The page listing them all. */
  link: dashboardLink,
});

export const trendCard = z.object({
  ...cardBase,
  kind: z.literal('trend'),
  granularity: z.enum(['day', 'month']),
  unit: dashboardUnit,
  /** yyyy-MM-dd or yyyy-MM (Asia/Shanghai), oldest first; quiet periods included as 0. */
  categories: z.array(z.string()),
  /** Each series has one value per category; label key dashboard.card.<cardId>.<key>. */
  series: z.array(z.object({ key: z.string(), values: z.array(z.number().int()) })),
  link: dashboardLink.optional(),
});

export const dashboardCard = z.discriminatedUnion('kind', [figuresCard, todosCard, invoicesCard, trendCard]);
export type DashboardCard = z.infer<typeof dashboardCard>;
export type DashboardCardKind = DashboardCard['kind'];

export const dashboardCardsReply = z.object({
  audience: z.enum(DASHBOARD_AUDIENCES),
  /** Only the cards the caller may see, in display order. */
  cards: z.array(dashboardCard),
});
export type DashboardCardsReply = z.infer<typeof dashboardCardsReply>;

export const getDashboardCards = defineRoute({
  method: 'GET',
  path: '/api/admin/dashboard/cards',
  permission: 'authenticated',
  tag: 'dashboard',
  summary: '首页卡片：本企业的开票概况、待办、最近发票、趋势 (平台账号为全平台概况)；按权限返回',
  reply: dashboardCardsReply,
});
