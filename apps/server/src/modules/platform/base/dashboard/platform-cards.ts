import { accessTokens, gateLogs, tenants, users } from '@fpy/db';
import { count, countDistinct, gte, sql } from 'drizzle-orm';
import { dayRange } from '../../../../data/day-range.ts';
import { shanghaiMonth } from '../../../../data/shanghai-month.ts';
import { registerDashboardCard } from './registry.ts';
import { shanghaiDayStart } from './routes.ts';

const ACTIVE_WINDOW_MS = 7 * 86_400_000;

/**
 * The platform's own cards (audience 'platform': accounts that belong to no company): tenants and accounts, and
 * today's traffic and errors through the gate. Invoice volume across tenants is registered by the sales area.
 * Platform accounts are not tenant-scoped, so these count over every tenant, each through an index
 * (gate_logs (created_at), access_tokens (created_at)); tenants and users are small tables.
 */
export function registerPlatformDashboardCards() {
  registerDashboardCard({
    id: 'platform-tenants',
    area: 'platform',
    audience: 'platform',
    permission: 'tenantManager',
    order: 10,
    async load(ctx) {
      const now = new Date();
      const [thisMonth, lastMonth] = [shanghaiMonth(now), shanghaiMonth(now, 1)];
      const newIn = (m: typeof thisMonth) =>
        sql<number>`count(*) filter (where ${dayRange(tenants.createdAt, m.from, m.to)})`.mapWith(Number);
      const [[t], [u], [active]] = await Promise.all([
        ctx.db.select({ n: count(), current: newIn(thisMonth), previous: newIn(lastMonth) }).from(tenants),
        ctx.db.select({ n: count() }).from(users),
        ctx.db
          .select({ n: countDistinct(accessTokens.userId) })
          .from(accessTokens)
          .where(gte(accessTokens.createdAt, new Date(now.getTime() - ACTIVE_WINDOW_MS))),
      ]);
      const link = { path: '/baseManager/tenantManager' };
      return {
        kind: 'figures',
        period: { current: thisMonth.key, previous: lastMonth.key },
        figures: [
          { key: 'tenants', unit: 'count', value: t.n, previous: null, link },
          { key: 'newTenants', unit: 'count', value: t.current, previous: t.previous, link },
          { key: 'users', unit: 'count', value: u.n, previous: null },
          { key: 'activeUsers', unit: 'count', value: active.n, previous: null },
        ],
      };
    },
  });

  registerDashboardCard({
    id: 'platform-requests',
    area: 'platform',
    audience: 'platform',
    permission: 'gateLogManager',
    order: 30,
    async load(ctx) {
      const dayStart = shanghaiDayStart(Date.now());
      const [[reqs], [logins]] = await Promise.all([
        ctx.db
          .select({
            n: count(),
            errors: sql<number>`count(*) filter (where ${gateLogs.status} >= 400)`.mapWith(Number),
            serverErrors: sql<number>`count(*) filter (where ${gateLogs.status} >= 500)`.mapWith(Number),
          })
          .from(gateLogs)
          .where(gte(gateLogs.createdAt, dayStart)),
        ctx.db.select({ n: count() }).from(accessTokens).where(gte(accessTokens.createdAt, dayStart)),
      ]);
      const link = { path: '/baseManager/gateLogManager' };
      return {
        kind: 'figures',
        figures: [
          { key: 'requestsToday', unit: 'count', value: reqs.n, previous: null, link },
          { key: 'errorsToday', unit: 'count', value: reqs.errors, previous: null, link },
          { key: 'serverErrorsToday', unit: 'count', value: reqs.serverErrors, previous: null, link },
          { key: 'loginsToday', unit: 'count', value: logins.n, previous: null },
        ],
      };
    },
  });
}
