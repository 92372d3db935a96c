import {
  type CallStatsGroup,
  type callLogQuery,
  type callStatsQuery,
  OPEN_GROUP_TEXTS,
} from '@fpy/contracts';
import { type Db, openApps, openCallLogs, tenants } from '@fpy/db';
import { and, asc, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { dayRange, shanghaiDayStart } from '../../../data/day-range.ts';

const DAY_MS = 86_400_000;
/** yyyy-MM-dd of a moment in Asia/Shanghai. */
export const shanghaiDay = (t: Date) => new Date(t.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

type Filters = Pick<
  z.infer<typeof callStatsQuery>,
  'dateFrom' | 'dateTo' | 'appId' | 'tenantId' | 'operation'
>;

/** The window: the dates asked for, or the last 7 days (today included). */
export function windowOf(q: Filters, now = new Date()) {
  const dateTo = q.dateTo ?? shanghaiDay(now);
  const dateFrom = q.dateFrom ?? shanghaiDay(new Date(shanghaiDayStart(dateTo).getTime() - 6 * DAY_MS));
  return { dateFrom, dateTo };
}

function filterSql(q: Filters, w: { dateFrom: string; dateTo: string }): SQL | undefined {
  return and(
    dayRange(openCallLogs.at, w.dateFrom, w.dateTo),
    q.appId ? eq(openCallLogs.appId, q.appId) : undefined,
    q.tenantId ? eq(openCallLogs.tenantId, q.tenantId) : undefined,
    q.operation ? eq(openCallLogs.operation, q.operation) : undefined,
  );
}

/** The figures every statistic shows, as SQL aggregates over open_call_logs. */
const FIGURES = {
  calls: sql<number>`count(*)::int`,
  errors: sql<number>`(count(*) FILTER (WHERE ${openCallLogs.code} <> 'OK'))::int`,
  limited: sql<number>`(count(*) FILTER (WHERE ${openCallLogs.httpStatus} = 429))::int`,
  avgMs: sql<number>`coalesce(round(avg(${openCallLogs.latencyMs})::numeric, 1), 0)::float8`,
  p95Ms: sql<number>`coalesce(percentile_cont(0.95) WITHIN GROUP (ORDER BY ${openCallLogs.latencyMs}), 0)::float8`,
};

const withRate = <T extends { calls: number; errors: number; p95Ms: number }>(r: T) => ({
  ...r,
  p95Ms: Math.round(r.p95Ms * 10) / 10,
  errorRate: r.calls ? Math.round((r.errors / r.calls) * 10_000) / 10_000 : 0,
});

const GROUP_KEY: Record<CallStatsGroup, SQL> = {
  day: sql`to_char(${openCallLogs.at} AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD')`,
  app: sql`coalesce(${openCallLogs.appId}::text, '')`,
  tenant: sql`coalesce(${openCallLogs.tenantId}::text, '')`,
  operation: sql`coalesce(${openCallLogs.operation}, '')`,
};

export async function callStats(
  db: Db,
  q: z.infer<typeof callStatsQuery>,
  lang: 'zh' | 'en',
  now = new Date(),
) {
  const w = windowOf(q, now);
  const where = filterSql(q, w);
  const [totals] = await db.select(FIGURES).from(openCallLogs).where(where);
  const key = GROUP_KEY[q.groupBy];
  const grouped = await db
    .select({ key: sql<string>`${key}`, ...FIGURES })
    .from(openCallLogs)
    .where(where)
    .groupBy(key)
    .orderBy(q.groupBy === 'day' ? asc(key) : desc(sql`count(*)`))
    .limit(500);
  const labels = await labelsFor(
    db,
    q.groupBy,
    grouped.map((r) => r.key),
    lang,
  );
  let rows = grouped.map((r) => withRate({ ...r, label: labels.get(r.key) ?? (r.key || '—') }));
  if (q.groupBy === 'day') {
    // Every day of the window, a day without calls as zeros, so the chart's axis has no gaps.
    const byDay = new Map(rows.map((r) => [r.key, r]));
    rows = [];
    for (
      let t = shanghaiDayStart(w.dateFrom).getTime();
      t <= shanghaiDayStart(w.dateTo).getTime();
      t += DAY_MS
    ) {
      const day = shanghaiDay(new Date(t));
      rows.push(
        byDay.get(day) ??
          withRate({ key: day, label: day, calls: 0, errors: 0, limited: 0, avgMs: 0, p95Ms: 0 }),
      );
    }
  }
  return { ...w, totals: withRate(totals), rows };
}

async function labelsFor(db: Db, groupBy: CallStatsGroup, keys: string[], lang: 'zh' | 'en') {
  const out = new Map<string, string>();
  const unknown = lang === 'zh' ? '（认证前被拒绝）' : '(refused before auth)';
  out.set('', unknown);
  const ids = keys.filter(Boolean).map(Number);
  if (groupBy === 'app' && ids.length)
    for (const a of await db
      .select({ id: openApps.id, name: openApps.name })
      .from(openApps)
      .where(sql`${openApps.id} = ANY(${sql.param(ids)}::int[])`))
      out.set(String(a.id), a.name);
  if (groupBy === 'tenant' && ids.length)
    for (const t of await db
      .select({ id: tenants.id, name: tenants.name })
      .from(tenants)
      .where(sql`${tenants.id} = ANY(${sql.param(ids)}::int[])`))
      out.set(String(t.id), t.name);
  return out;
}

const SORT_COLUMNS = {
  at: openCallLogs.at,
  latencyMs: openCallLogs.latencyMs,
  httpStatus: openCallLogs.httpStatus,
};

export function logWhere(q: z.infer<typeof callLogQuery>) {
  const w = q.dateFrom || q.dateTo ? { dateFrom: q.dateFrom, dateTo: q.dateTo } : {};
  return and(
    w.dateFrom || w.dateTo ? dayRange(openCallLogs.at, w.dateFrom, w.dateTo) : undefined,
    q.appId ? eq(openCallLogs.appId, q.appId) : undefined,
    q.tenantId ? eq(openCallLogs.tenantId, q.tenantId) : undefined,
    q.operation ? eq(openCallLogs.operation, q.operation) : undefined,
    q.requestId ? eq(openCallLogs.requestId, q.requestId) : undefined,
    q.httpStatus ? eq(openCallLogs.httpStatus, q.httpStatus) : undefined,
    q.code ? eq(openCallLogs.code, q.code) : undefined,
    q.failedOnly === 'true' ? ne(openCallLogs.code, 'OK') : undefined,
    q.q
      ? sql`(strpos(${openCallLogs.path}, ${q.q}) > 0 OR strpos(coalesce(${openCallLogs.ip}, ''), ${q.q}) > 0)`
      : undefined,
  );
}

export async function callLogs(db: Db, q: z.infer<typeof callLogQuery>, max?: number) {
  const where = logWhere(q);
  const sortKey = (q.sort?.replace(/^-/, '') ?? 'at') as keyof typeof SORT_COLUMNS;
  const dir = !q.sort || q.sort.startsWith('-') ? desc : asc;
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(openCallLogs).where(where);
  const rows = await db
    .select({
      log: openCallLogs,
      appName: openApps.name,
      tenantName: tenants.name,
    })
    .from(openCallLogs)
    .leftJoin(openApps, eq(openApps.id, openCallLogs.appId))
    .leftJoin(tenants, eq(tenants.id, openCallLogs.tenantId))
    .where(where)
    .orderBy(dir(SORT_COLUMNS[sortKey]), desc(openCallLogs.id))
    .limit(max ?? q.limit)
    .offset(max ? 0 : (q.page - 1) * q.limit);
  return {
    total,
    rows: rows.map(({ log, appName, tenantName }) => ({
      id: log.id,
      at: log.at.toISOString(),
      appId: log.appId,
      appKey: log.appKey,
      appName,
      tenantId: log.tenantId,
      tenantName,
      operation: log.operation,
      method: log.method,
      path: log.path,
      httpStatus: log.httpStatus,
      code: log.code,
      latencyMs: log.latencyMs,
      requestId: log.requestId,
      ip: log.ip,
      authMode: log.authMode,
    })),
  };
}

export const groupName = (code: string, lang: 'zh' | 'en') =>
  (OPEN_GROUP_TEXTS as Record<string, { zh: string; en: string }>)[code]?.[lang] ?? code;
