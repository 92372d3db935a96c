import { getDashboard, getDashboardCards } from '@fpy/contracts';
import { accessTokens, gateLogs, users } from '@fpy/db';
import { and, count, countDistinct, desc, gte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { tenantCondition } from '../../../../data/tenant-scope.ts';
import { route } from '../../../../http/route.ts';
import { audienceOf, loadDashboardCards } from './registry.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
// China has no daylight saving, so "today" in Asia/Shanghai is a fixed +8 h shift of UTC.
const SHANGHAI_OFFSET_MS = 8 * HOUR_MS;
const ACTIVE_WINDOW_MS = 7 * DAY_MS;

export const shanghaiDayStart = (now: number) =>
  new Date(Math.floor((now + SHANGHAI_OFFSET_MS) / DAY_MS) * DAY_MS - SHANGHAI_OFFSET_MS);
const shanghaiHour = (hourIndex: number) =>
  String(new Date(hourIndex * HOUR_MS + SHANGHAI_OFFSET_MS).getUTCHours()).padStart(2, '0');

/**
 * Every figure is one aggregate query over an index: gate_logs (tenant_id, created_at) / (created_at),
 * access_tokens (tenant_id, created_at) / (created_at), users (tenant_id). Hours are bucketed by epoch so
 * the database session's time zone cannot shift them.
 */
export function registerDashboardRoutes(app: FastifyInstance) {
  // 首页 cards (issue 13 §5): whatever the areas registered (registry.ts), filtered by audience and permission.
  route(app, getDashboardCards, async (ctx) => ({
    audience: audienceOf(ctx),
    cards: await loadDashboardCards(ctx),
  }));
  route(app, getDashboard, async (ctx) => {
    const now = Date.now();
    const dayStart = shanghaiDayStart(now);
    const firstHour = Math.floor(now / HOUR_MS) - 23;
    const gateScope = tenantCondition(ctx, gateLogs.tenantId);
    const tokenScope = tenantCondition(ctx, accessTokens.tenantId);
    const hourBucket = sql<number>`floor(extract(epoch from ${gateLogs.createdAt}) / 3600)::int`;

    const [[u], [active], [logins], [reqs], recent, hours] = await Promise.all([
      ctx.db.select({ n: count() }).from(users).where(tenantCondition(ctx, users.tenantId)),
      ctx.db
        .select({ n: countDistinct(accessTokens.userId) })
        .from(accessTokens)
        .where(and(tokenScope, gte(accessTokens.createdAt, new Date(now - ACTIVE_WINDOW_MS)))),
      ctx.db
        .select({ n: count() })
        .from(accessTokens)
        .where(and(tokenScope, gte(accessTokens.createdAt, dayStart))),
      ctx.db
        .select({
          n: count(),
          errors: sql<number>`count(*) filter (where ${gateLogs.status} >= 400)`.mapWith(Number),
        })
        .from(gateLogs)
        .where(and(gateScope, gte(gateLogs.createdAt, dayStart))),
      ctx.db
        .select({
          time: gateLogs.createdAt,
          username: gateLogs.username,
          method: gateLogs.method,
          path: gateLogs.path,
          status: gateLogs.status,
        })
        .from(gateLogs)
        .where(gateScope)
        .orderBy(desc(gateLogs.createdAt))
        .limit(10),
      ctx.db
        .select({ bucket: hourBucket.mapWith(Number), n: count() })
        .from(gateLogs)
        .where(and(gateScope, gte(gateLogs.createdAt, new Date(firstHour * HOUR_MS))))
        .groupBy(hourBucket),
    ]);

    const byBucket = new Map(hours.map((h) => [h.bucket, h.n]));
    return {
      users: u.n,
      activeUsers: active.n,
      loginsToday: logins.n,
      requestsToday: reqs.n,
      errorsToday: reqs.errors,
      recentActivity: recent.map((r) => ({ ...r, time: r.time.toISOString() })),
      requestsByHour: Array.from({ length: 24 }, (_, i) => ({
        hour: shanghaiHour(firstHour + i),
        count: byBucket.get(firstHour + i) ?? 0,
      })),
    };
  });
}
