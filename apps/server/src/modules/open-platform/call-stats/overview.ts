import { openContracts, openErrorCatalogue } from '@fpy/contracts';
import { type Db, openApps, openCallLogs, openInterfaces, openRateLimits, tenants } from '@fpy/db';
import { gte, sql } from 'drizzle-orm';
import { shanghaiDayStart } from '../../../data/day-range.ts';
import { groupName, shanghaiDay } from './reads.ts';

const DAY_MS = 86_400_000;
const p95 = sql<number>`coalesce(percentile_cont(0.95) WITHIN GROUP (ORDER BY ${openCallLogs.latencyMs}), 0)::float8`;
const round1 = (v: number) => Math.round(v * 10) / 10;

/** The open path of a contract (its declaration, or the console path under /openapi/v1). */
const openPath = (c: ReturnType<typeof openContracts>[number]) =>
  c.open.path ?? c.path.replace(/^\/api\//, '/openapi/v1/');

/** 接口管理: every declared open API, its group and state (open_interfaces), its calls today and this week. */
export async function openApis(db: Db, lang: 'zh' | 'en', now = new Date()) {
  const today = shanghaiDayStart(shanghaiDay(now));
  const weekStart = new Date(today.getTime() - 6 * DAY_MS);
  const [states, calls] = await Promise.all([
    db.select().from(openInterfaces),
    db
      .select({
        operation: openCallLogs.operation,
        todayCalls: sql<number>`(count(*) FILTER (WHERE ${openCallLogs.at} >= ${today}))::int`,
        todayErrors: sql<number>`(count(*) FILTER (WHERE ${openCallLogs.at} >= ${today} AND ${openCallLogs.code} <> 'OK'))::int`,
        todayP95: sql<number>`coalesce(percentile_cont(0.95) WITHIN GROUP (ORDER BY ${openCallLogs.latencyMs}) FILTER (WHERE ${openCallLogs.at} >= ${today}), 0)::float8`,
        weekCalls: sql<number>`count(*)::int`,
        weekErrors: sql<number>`(count(*) FILTER (WHERE ${openCallLogs.code} <> 'OK'))::int`,
        weekP95: p95,
        last: sql<Date>`max(${openCallLogs.at})`,
      })
      .from(openCallLogs)
      .where(gte(openCallLogs.at, weekStart))
      .groupBy(openCallLogs.operation),
  ]);
  const stateOf = new Map(states.map((s) => [s.operation, s]));
  const callsOf = new Map(calls.map((c) => [c.operation, c]));
  return {
    rows: openContracts().map((c) => {
      const s = stateOf.get(c.open.operation);
      const k = callsOf.get(c.open.operation);
      return {
        operation: c.open.operation,
        group: c.open.group,
        groupName: groupName(c.open.group, lang),
        method: c.method,
        path: openPath(c),
        consolePath: c.path,
        name: (lang === 'zh' ? s?.nameZh : s?.nameEn) ?? c.open.summary[lang],
        isv: c.open.isv,
        state: s?.state ?? 'enabled',
        today: { calls: k?.todayCalls ?? 0, errors: k?.todayErrors ?? 0, p95Ms: round1(k?.todayP95 ?? 0) },
        week: { calls: k?.weekCalls ?? 0, errors: k?.weekErrors ?? 0, p95Ms: round1(k?.weekP95 ?? 0) },
        lastCallAt: k?.last ? new Date(k.last).toISOString() : null,
      };
    }),
  };
}

export const GATEWAY_DAYS = 7;

/** 网关管理: the last week by auth mode, refusals by code, 429s per day, and the configured limits with their hits. */
export async function gateway(db: Db, lang: 'zh' | 'en', now = new Date()) {
  const since = new Date(shanghaiDayStart(shanghaiDay(now)).getTime() - (GATEWAY_DAYS - 1) * DAY_MS);
  const recent = gte(openCallLogs.at, since);
  const [modes, refusals, limitedDays, limits] = await Promise.all([
    db
      .select({
        mode: sql<string>`coalesce(${openCallLogs.authMode}, 'none')`,
        calls: sql<number>`count(*)::int`,
        errors: sql<number>`(count(*) FILTER (WHERE ${openCallLogs.code} <> 'OK'))::int`,
      })
      .from(openCallLogs)
      .where(recent)
      .groupBy(sql`1`)
      .orderBy(sql`2 DESC`),
    db
      .select({
        code: openCallLogs.code,
        httpStatus: sql<number>`max(${openCallLogs.httpStatus})::int`,
        count: sql<number>`count(*)::int`,
      })
      .from(openCallLogs)
      .where(sql`${recent} AND ${openCallLogs.code} <> 'OK'`)
      .groupBy(openCallLogs.code)
      .orderBy(sql`3 DESC`),
    db
      .select({
        day: sql<string>`to_char(${openCallLogs.at} AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD')`,
        count: sql<number>`count(*)::int`,
      })
      .from(openCallLogs)
      .where(sql`${recent} AND ${openCallLogs.httpStatus} = 429`)
      .groupBy(sql`1`),
    db.select().from(openRateLimits),
  ]);
  const byDay = new Map(limitedDays.map((d) => [d.day, d.count]));
  const days = Array.from({ length: GATEWAY_DAYS }, (_, i) =>
    shanghaiDay(new Date(since.getTime() + i * DAY_MS)),
  );
  const texts = new Map(openErrorCatalogue.map((e) => [e.code as string, e]));
  // A limit's hits: the 429s of calls it governs (its app, enterprise or API) this week.
  const hitsOf = async (l: (typeof limits)[number]) => {
    const cond = [sql`${openCallLogs.httpStatus} = 429`, recent];
    if (l.appId) cond.push(sql`${openCallLogs.appId} = ${l.appId}`);
    if (l.tenantId) cond.push(sql`${openCallLogs.tenantId} = ${l.tenantId}`);
    if (l.operation) cond.push(sql`${openCallLogs.operation} = ${l.operation}`);
    const [r] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(openCallLogs)
      .where(sql.join(cond, sql` AND `));
    return r.n;
  };
  const names = await targetNames(db, limits);
  return {
    days: GATEWAY_DAYS,
    authModes: modes,
    refusals: refusals.map((r) => {
      return { ...r, message: texts.get(r.code)?.message[lang] ?? r.code };
    }),
    limited: {
      total: [...byDay.values()].reduce((a, b) => a + b, 0),
      byDay: days.map((day) => ({ day, count: byDay.get(day) ?? 0 })),
    },
    limits: await Promise.all(
      limits.map(async (l) => ({
        scope: l.scope,
        target:
          l.operation ??
          (l.appId ? names.apps.get(l.appId) : l.tenantId ? names.tenants.get(l.tenantId) : null) ??
          '*',
        points: l.points,
        windowSeconds: l.windowSeconds,
        state: l.state,
        hits: await hitsOf(l),
      })),
    ),
  };
}

async function targetNames(db: Db, limits: { appId: number | null; tenantId: number | null }[]) {
  const appIds = limits.map((l) => l.appId).filter((v): v is number => v !== null);
  const tenantIds = limits.map((l) => l.tenantId).filter((v): v is number => v !== null);
  const apps = appIds.length
    ? await db
        .select({ id: openApps.id, name: openApps.name })
        .from(openApps)
        .where(sql`${openApps.id} = ANY(${sql.param(appIds)}::int[])`)
    : [];
  const ts = tenantIds.length
    ? await db
        .select({ id: tenants.id, name: tenants.name })
        .from(tenants)
        .where(sql`${tenants.id} = ANY(${sql.param(tenantIds)}::int[])`)
    : [];
  return { apps: new Map(apps.map((a) => [a.id, a.name])), tenants: new Map(ts.map((t) => [t.id, t.name])) };
}

/** 服务管理: per interface group, the server modules whose handlers answer its APIs and their health this hour. */
export async function services(db: Db, lang: 'zh' | 'en', now = new Date()) {
  const since = new Date(now.getTime() - 3600_000);
  const [states, hour] = await Promise.all([
    db.select({ operation: openInterfaces.operation, state: openInterfaces.state }).from(openInterfaces),
    db
      .select({
        operation: openCallLogs.operation,
        calls: sql<number>`count(*)::int`,
        errors: sql<number>`(count(*) FILTER (WHERE ${openCallLogs.code} <> 'OK'))::int`,
        serverErrors: sql<number>`(count(*) FILTER (WHERE ${openCallLogs.httpStatus} >= 500))::int`,
        p95,
      })
      .from(openCallLogs)
      .where(gte(openCallLogs.at, since))
      .groupBy(openCallLogs.operation),
  ]);
  const stateOf = new Map(states.map((s) => [s.operation, s.state]));
  const hourOf = new Map(hour.map((h) => [h.operation, h]));
  const groups = new Map<
    string,
    {
      modules: Set<string>;
      apis: number;
      enabled: number;
      calls: number;
      errors: number;
      serverErrors: number;
      p95: number;
    }
  >();
  for (const c of openContracts()) {
    const g = groups.get(c.open.group) ?? {
      modules: new Set(),
      apis: 0,
      enabled: 0,
      calls: 0,
      errors: 0,
      serverErrors: 0,
      p95: 0,
    };
    g.modules.add(c.tag);
    g.apis += 1;
    if ((stateOf.get(c.open.operation) ?? 'enabled') === 'enabled') g.enabled += 1;
    const h = hourOf.get(c.open.operation);
    if (h) {
      g.calls += h.calls;
      g.errors += h.errors;
      g.serverErrors += h.serverErrors;
      g.p95 = Math.max(g.p95, h.p95);
    }
    groups.set(c.open.group, g);
  }
  return [...groups.entries()].map(([group, g]) => ({
    group,
    name: groupName(group, lang),
    modules: [...g.modules].sort(),
    apis: g.apis,
    enabledApis: g.enabled,
    hour: { calls: g.calls, errors: g.errors, p95Ms: round1(g.p95) },
    health: (g.calls === 0 ? 'idle' : g.serverErrors / g.calls >= 0.05 ? 'degraded' : 'up') as
      | 'up'
      | 'degraded'
      | 'idle',
  }));
}
