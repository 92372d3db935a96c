import { type Db, invoices } from '@fpy/db';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { ISSUED_STATES } from './stats-query.ts';

const SHANGHAI_MS = 8 * 3_600_000;
/** The UTC instant a 属期 yyyyMM starts at in Asia/Shanghai. */
const startOf = (period: string, deltaMonths = 0) =>
  new Date(Date.UTC(Number(period.slice(0, 4)), Number(period.slice(4)) - 1 + deltaMonths, 1) - SHANGHAI_MS);

/**
 * 销项税额 per 属期 (issue 31, lane DEDUCT's 税款测算): the tenant's issued invoices (red ones negative, so they net
 * against their blue ones) by the Asia/Shanghai month of issue, for `from`..`to` (yyyyMM, inclusive).
 */
export async function outputTaxByPeriod(
  db: Db,
  tenantId: number,
  from: string,
  to: string,
): Promise<Map<string, { count: number; amountFen: number; taxFen: number }>> {
  const month = sql<string>`to_char((${invoices.issuedAt} at time zone 'UTC') + interval '8 hours', 'YYYYMM')`;
  const rows = await db
    .select({
      period: month,
      count: sql<string>`count(*)`,
      amountFen: sql<string>`coalesce(sum(${invoices.amountFen}), 0)`,
      taxFen: sql<string>`coalesce(sum(${invoices.taxFen}), 0)`,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.tenantId, tenantId),
        inArray(invoices.status, ISSUED_STATES),
        gte(invoices.issuedAt, startOf(from)),
        lt(invoices.issuedAt, startOf(to, 1)),
      ),
    )
    .groupBy(month);
  return new Map(
    rows.map((r) => [
      r.period,
      { count: Number(r.count), amountFen: Number(r.amountFen), taxFen: Number(r.taxFen) },
    ]),
  );
}
