import type { DocLimitsReply } from '@fpy/contracts';
import { type Db, openApps, openCallLogs, openLicenses, openRateLimits } from '@fpy/db';
import { and, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import { defaultOpenLimits } from '../gateway/index.ts';

const DAY_MS = 86_400_000;
/** Midnight in Asia/Shanghai (no daylight saving: a fixed +8 h). */
const shanghaiMidnight = (now: Date) => {
  const local = now.getTime() + 8 * 3_600_000;
  return new Date(local - (local % DAY_MS) - 8 * 3_600_000);
};

/**
 * 当前限流: the limits that apply to the caller's company — per app (its own apps and the ISV apps it licensed),
 * per enterprise and per API, an operator's row where one exists, else the built-in default — and the usage the
 * call log shows (last minute, hour, today, refusals today). The platform (no company) sees the operator rows
 * and the defaults, usage over every app.
 */
export async function docLimits(db: Db, tenantId: number | null, perSecond: number): Promise<DocLimitsReply> {
  const defaults = defaultOpenLimits(perSecond);
  const appRows = await db
    .select({ id: openApps.id, name: openApps.name })
    .from(openApps)
    .where(
      tenantId === null
        ? undefined
        : or(
            eq(openApps.tenantId, tenantId),
            inArray(
              openApps.id,
              db
                .select({ id: openLicenses.appId })
                .from(openLicenses)
                .where(and(eq(openLicenses.tenantId, tenantId), eq(openLicenses.state, 'active'))),
            ),
          ),
    )
    .limit(200);
  const appIds = appRows.map((a) => a.id);
  const names = new Map(appRows.map((a) => [a.id, a.name]));
  const rows = await db
    .select()
    .from(openRateLimits)
    .where(
      and(
        eq(openRateLimits.state, 'enabled'),
        or(isNull(openRateLimits.appId), appIds.length ? inArray(openRateLimits.appId, appIds) : sql`false`),
        tenantId === null
          ? undefined
          : or(isNull(openRateLimits.tenantId), eq(openRateLimits.tenantId, tenantId)),
      ),
    );
  const limits: DocLimitsReply['limits'] = rows.map((r) => ({
    scope: r.scope as 'app' | 'enterprise' | 'api',
    appId: r.appId,
    appName: r.appId ? (names.get(r.appId) ?? null) : null,
    operation: r.operation,
    points: r.points,
    windowSeconds: r.windowSeconds,
    source: 'configured',
  }));
  // The built-in defaults, for every scope an operator row does not cover generally.
  for (const scope of ['app', 'enterprise', 'api'] as const)
    if (
      !rows.some((r) => r.scope === scope && r.appId === null && r.tenantId === null && r.operation === null)
    )
      limits.push({
        scope,
        appId: null,
        appName: null,
        operation: null,
        ...defaults[scope],
        source: 'default',
      });
  const now = new Date();
  const usage = appIds.length
    ? await db
        .select({
          appId: openCallLogs.appId,
          lastMinute: sql<number>`count(*) filter (where ${openCallLogs.at} >= ${new Date(now.getTime() - 60_000)})`,
          lastHour: sql<number>`count(*) filter (where ${openCallLogs.at} >= ${new Date(now.getTime() - 3_600_000)})`,
          today: sql<number>`count(*)`,
          refusedToday: sql<number>`count(*) filter (where ${openCallLogs.httpStatus} = 429)`,
        })
        .from(openCallLogs)
        .where(
          and(
            inArray(openCallLogs.appId, appIds),
            tenantId === null ? undefined : eq(openCallLogs.tenantId, tenantId),
            gte(openCallLogs.at, shanghaiMidnight(now)),
          ),
        )
        .groupBy(openCallLogs.appId)
    : [];
  const byApp = new Map(usage.map((u) => [u.appId, u]));
  return {
    tenantId,
    limits,
    usage: appRows.map((a) => {
      const u = byApp.get(a.id);
      return {
        appId: a.id,
        appName: a.name,
        lastMinute: Number(u?.lastMinute ?? 0),
        lastHour: Number(u?.lastHour ?? 0),
        today: Number(u?.today ?? 0),
        refusedToday: Number(u?.refusedToday ?? 0),
      };
    }),
    headers: ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After'],
  };
}
