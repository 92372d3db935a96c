import {
  DEFAULT_STATS_DAYS,
  type DeliveryFigures,
  type DeliveryGroupRow,
  type DeliveryStatsGroup,
  type DeliveryStatsReply,
  local,
  MAX_STATS_DAYS,
} from '@fpy/contracts';
import { deliveries, messageProviders, tenants } from '@fpy/db';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { dayRange } from '../../../data/day-range.ts';
import { tenantCondition } from '../../../data/tenant-scope.ts';
import type { AuthedCtx } from '../../../http/context.ts';
import { badRequest } from '../../../lib/errors.ts';
import { SANDBOX_NAME, SANDBOX_PROVIDER_ID } from '../providers/index.ts';

const DAY_MS = 86_400_000;

// China has no daylight saving: a Shanghai day is UTC + 8 h all year (PGlite carries no time-zone data).
const shanghaiDay = sql<string>`to_char((${deliveries.createdAt} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;

/** The figures of contracts delivery-stats.ts, counted in one pass. */
const figures = {
  total: sql<string>`count(*)`,
  sent: sql<string>`count(${deliveries.acceptedAt})`,
  delivered: sql<string>`count(*) filter (where ${deliveries.status} = 'delivered')`,
  failed: sql<string>`count(*) filter (where ${deliveries.status} in ('failed', 'dead'))`,
  skipped: sql<string>`count(*) filter (where ${deliveries.status} = 'skipped')`,
  units: sql<string>`coalesce(sum(${deliveries.units}), 0)`,
};

// Aggregates arrive as text from node-postgres (bigint); the counts fit a JS number.
const toFigures = (r: Record<string, unknown>): DeliveryFigures => ({
  total: Number(r.total ?? 0),
  sent: Number(r.sent ?? 0),
  delivered: Number(r.delivered ?? 0),
  failed: Number(r.failed ?? 0),
  skipped: Number(r.skipped ?? 0),
  units: Number(r.units ?? 0),
});
const ZERO = toFigures({});

const shanghaiToday = (now = new Date()) =>
  new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** The range counted: the given days, else the last DEFAULT_STATS_DAYS days up to today (Shanghai). */
export function resolveRange(q: { dateFrom?: string; dateTo?: string }, now = new Date()) {
  const dateTo =
    q.dateTo ?? (q.dateFrom && q.dateFrom > shanghaiToday(now) ? q.dateFrom : shanghaiToday(now));
  const dateFrom = q.dateFrom ?? addDays(dateTo, -(DEFAULT_STATS_DAYS - 1));
  const span = (Date.parse(dateTo) - Date.parse(dateFrom)) / DAY_MS + 1;
  if (span > MAX_STATS_DAYS) {
    const problem = local(
      `统计区间不能超过${MAX_STATS_DAYS}天`,
      `The range must not exceed ${MAX_STATS_DAYS} days`,
    );
    throw badRequest('VALIDATION_FAILED', { field: 'dateFrom', problem }, { field: 'dateFrom' });
  }
  return { dateFrom, dateTo };
}

function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to && out.length <= MAX_STATS_DAYS; d = addDays(d, 1)) out.push(d);
  return out;
}

async function groupRows(ctx: AuthedCtx, where: SQL | undefined, groupBy: DeliveryStatsGroup) {
  if (groupBy === 'provider') {
    const rows = await ctx.db
      .select({
        id: deliveries.providerId,
        name: sql<string | null>`max(${messageProviders.name})`,
        ...figures,
      })
      .from(deliveries)
      .leftJoin(messageProviders, eq(messageProviders.id, deliveries.providerId))
      .where(where)
      .groupBy(deliveries.providerId);
    // No provider: refused by a control or given up before any provider was tried. A deleted provider keeps its id.
    return rows.map((r) => ({
      key: r.id === null ? 'none' : String(r.id),
      label: r.id === null ? '' : (r.name ?? (r.id === SANDBOX_PROVIDER_ID ? SANDBOX_NAME : `#${r.id}`)),
      ...toFigures(r),
    }));
  }
  const rows = await ctx.db
    .select({ id: deliveries.tenantId, name: sql<string | null>`max(${tenants.name})`, ...figures })
    .from(deliveries)
    .leftJoin(tenants, eq(tenants.id, deliveries.tenantId))
    .where(where)
    .groupBy(deliveries.tenantId);
  return rows.map((r) => ({ key: String(r.id), label: r.name ?? `#${r.id}`, ...toFigures(r) }));
}

/**
 * Deliveries of one channel per day (Asia/Shanghai, by the day they were requested) and per provider or
 * tenant. A tenant's users count only their own (the tenant scope); platform accounts count every tenant.
 */
export async function deliveryStats(
  ctx: AuthedCtx,
  channel: 'sms' | 'email',
  groupBy: DeliveryStatsGroup,
  q: { dateFrom?: string; dateTo?: string },
): Promise<DeliveryStatsReply> {
  const { dateFrom, dateTo } = resolveRange(q);
  const where = and(
    tenantCondition(ctx, deliveries.tenantId),
    eq(deliveries.channel, channel),
    dayRange(deliveries.createdAt, dateFrom, dateTo),
  );
  const [perDay, rows, [totals]] = await Promise.all([
    ctx.db
      .select({ day: shanghaiDay, ...figures })
      .from(deliveries)
      .where(where)
      .groupBy(shanghaiDay),
    groupRows(ctx, where, groupBy),
    ctx.db.select(figures).from(deliveries).where(where),
  ]);
  const byDay = new Map(perDay.map((r) => [r.day, toFigures(r)]));
  return {
    channel,
    groupBy,
    dateFrom,
    dateTo,
    days: daysBetween(dateFrom, dateTo).map((day) => ({ day, ...(byDay.get(day) ?? ZERO) })),
    rows: rows.sort(
      (a: DeliveryGroupRow, b: DeliveryGroupRow) => b.total - a.total || a.key.localeCompare(b.key),
    ),
    totals: toFigures(totals),
  };
}
