import type { DashboardFigure } from '@fpy/contracts';
import { invoices, tenants } from '@fpy/db';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { dayRange } from '../../../../data/day-range.ts';
import { type ShanghaiMonth, shanghaiMonth } from '../../../../data/shanghai-month.ts';
import { scoped } from '../../../../data/tenant-scope.ts';
import type { AuthedCtx } from '../../../../http/context.ts';
import type { DashboardCardBody } from '../../../platform/base/index.ts';
import { ISSUED_STATES } from '../stats-query.ts';
import { STATS_PATH } from './figures.ts';

/**
 * Every tenant, spelled so PostgreSQL probes invoices (tenant_id, status, issued_at) once per tenant instead of
 * reading the whole table: a platform account has no tenant condition, and no index starts with status. On a million
 * invoices (EXPLAIN ANALYZE, two months ≈ 125k rows) this took 0.26 s instead of 1.05 s for the parallel seq scan.
 */
const everyTenant = sql`${invoices.tenantId} = any(array(select ${tenants.id} from ${tenants}))`;

/** Issued in the month, by the statistics page's rules: red invoices counted and netted (stored negative). */
async function issuedIn(ctx: AuthedCtx, m: ShanghaiMonth) {
  const [r] = await ctx.db
    .select({
      count: count(),
      redCount: sql<number>`count(*) filter (where ${invoices.colour} = 'red')`.mapWith(Number),
      amountFen: sql<string>`coalesce(sum(${invoices.amountFen}), 0)`.mapWith(Number),
      taxFen: sql<string>`coalesce(sum(${invoices.taxFen}), 0)`.mapWith(Number),
    })
    .from(invoices)
    .where(
      scoped(ctx, invoices).where(
        everyTenant,
        inArray(invoices.status, ISSUED_STATES),
        dayRange(invoices.issuedAt, m.from, m.to),
      ),
    );
  return r;
}

/** A failed invoice has no issue date: it counts in the month it was created. */
async function failedIn(ctx: AuthedCtx, m: ShanghaiMonth) {
  const [r] = await ctx.db
    .select({ n: count() })
    .from(invoices)
    .where(
      scoped(ctx, invoices).where(
        and(everyTenant, eq(invoices.status, 'failed')),
        dayRange(invoices.createdAt, m.from, m.to),
      ),
    );
  return r.n;
}

/** The platform's issuing this month against last month, over every tenant, with the issues the bureau refused. */
export async function platformIssuingCard(ctx: AuthedCtx, now = new Date()): Promise<DashboardCardBody> {
  const [cur, prev] = [shanghaiMonth(now), shanghaiMonth(now, 1)];
  const [current, previous, failed, failedBefore] = await Promise.all([
    issuedIn(ctx, cur),
    issuedIn(ctx, prev),
    failedIn(ctx, cur),
    failedIn(ctx, prev),
  ]);
  const link = { path: STATS_PATH, query: { dateFrom: prev.from, dateTo: cur.to } };
  const money = (key: 'amountFen' | 'taxFen'): DashboardFigure => ({
    key,
    unit: 'fen',
    value: current[key],
    previous: previous[key],
    link,
  });
  return {
    kind: 'figures',
    period: { current: cur.key, previous: prev.key },
    figures: [
      { key: 'count', unit: 'count', value: current.count, previous: previous.count, link },
      { key: 'redCount', unit: 'count', value: current.redCount, previous: previous.redCount, link },
      money('amountFen'),
      money('taxFen'),
      { key: 'failed', unit: 'count', value: failed, previous: failedBefore, lowerIsBetter: true },
    ],
  };
}
