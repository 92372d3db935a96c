import { z } from 'zod';
import { defineRoute } from '../route.ts';

/** 首页 cards (issue 13 §5) — the registered, typed cards that replace the operator figures for company users. */
export * from './dashboard-cards.ts';

export const dashboardReply = z.object({
  /** Accounts of the tenant (every tenant for the platform super administrator). */
  users: z.number().int(),
  /** Distinct accounts that logged in during the last 7 days. */
  activeUsers: z.number().int(),
  /** Tokens issued since midnight, China time. */
  loginsToday: z.number().int(),
  requestsToday: z.number().int(),
  /** Requests answered with a status of 400 or more since midnight, China time. */
  errorsToday: z.number().int(),
  recentActivity: z.array(
    z.object({
      time: z.string(),
      username: z.string().nullable(),
      method: z.string(),
      path: z.string(),
      status: z.number().int(),
    }),
  ),
  /** The last 24 hours, oldest first, China time; hours without requests count 0. */
  requestsByHour: z.array(z.object({ hour: z.string(), count: z.number().int() })),
});
export type DashboardReply = z.infer<typeof dashboardReply>;

/**
 * The operator panel of 首页: its lines are the gate log's (who asked for which path), so it needs the gate log's
 * own code — a panel shows no data its page would refuse (issue 28 §5); the console shows it only with the code.
 */
export const getDashboard = defineRoute({
  method: 'GET',
  path: '/api/admin/dashboard',
  permission: 'gateLogManager',
  tag: 'dashboard',
  summary: '首页统计：请求与网关日志 (本企业；平台超级管理员为全部)；需网关日志权限',
  reply: dashboardReply,
});
