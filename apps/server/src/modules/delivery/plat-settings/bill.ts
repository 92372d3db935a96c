import type { BillMonth, BillReply } from '@fpy/contracts';
import { deliveries, smsBalances, smsRecharges } from '@fpy/db';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AuthedCtx } from '../../../http/context.ts';
import { ownCompany } from './parameters.ts';

// Asia/Shanghai has no daylight saving: its calendar month is the UTC timestamp shifted by 8 hours.
const monthOf = (col: PgColumn) =>
  sql<string>`to_char((${col} at time zone 'UTC') + interval '8 hours', 'YYYY-MM')`;
const yearStart = (y: number) => new Date(`${y}-01-01T00:00:00+08:00`);

const n = (expr: ReturnType<typeof sql>) => sql<number>`${expr}`.mapWith(Number);
const ch = (channel: 'sms' | 'email', cond = sql`true`) =>
  n(sql`count(*) filter (where ${deliveries.channel} = ${channel} and ${cond})`);
const failed = sql`${deliveries.status} in ('failed', 'dead')`;

type Usage = Omit<BillMonth, 'month'>;
const ZERO: Usage = {
  smsTotal: 0,
  smsAccepted: 0,
  smsDelivered: 0,
  smsFailed: 0,
  smsUnits: 0,
  emailTotal: 0,
  emailAccepted: 0,
  emailDelivered: 0,
  emailFailed: 0,
  rechargeAmount: 0,
  rechargePaidFen: 0,
};

/** This year in Asia/Shanghai. */
export const currentYear = (now = new Date()) => new Date(now.getTime() + 8 * 3_600_000).getUTCFullYear();

/**
 * 账单: the company's deliveries and recharges per month of `year`. Every delivery record counts as a request;
 * accepted = a provider took it; SMS units are the segments charged against the quota (deliveries.units).
 */
export async function loadBill(ctx: AuthedCtx, year: number): Promise<BillReply> {
  const tenantId = ownCompany(ctx);
  const from = yearStart(year);
  const to = yearStart(year + 1);
  const dMonth = monthOf(deliveries.createdAt);
  const rMonth = monthOf(smsRecharges.createdAt);
  const [usage, recharges, [balance]] = await Promise.all([
    ctx.db
      .select({
        month: dMonth,
        smsTotal: ch('sms'),
        smsAccepted: ch('sms', sql`${deliveries.acceptedAt} is not null`),
        smsDelivered: ch('sms', sql`${deliveries.status} = 'delivered'`),
        smsFailed: ch('sms', failed),
        smsUnits: n(sql`coalesce(sum(${deliveries.units}) filter (where ${deliveries.channel} = 'sms'), 0)`),
        emailTotal: ch('email'),
        emailAccepted: ch('email', sql`${deliveries.acceptedAt} is not null`),
        emailDelivered: ch('email', sql`${deliveries.status} = 'delivered'`),
        emailFailed: ch('email', failed),
      })
      .from(deliveries)
      .where(
        and(eq(deliveries.tenantId, tenantId), gte(deliveries.createdAt, from), lt(deliveries.createdAt, to)),
      )
      .groupBy(dMonth),
    ctx.db
      .select({
        month: rMonth,
        rechargeAmount: n(sql`coalesce(sum(${smsRecharges.amount}), 0)`),
        rechargePaidFen: n(sql`coalesce(sum(${smsRecharges.paidFen}), 0)`),
      })
      .from(smsRecharges)
      .where(
        and(
          eq(smsRecharges.tenantId, tenantId),
          gte(smsRecharges.createdAt, from),
          lt(smsRecharges.createdAt, to),
        ),
      )
      .groupBy(rMonth),
    ctx.db
      .select({ balance: smsBalances.balance, used: smsBalances.used, warnBelow: smsBalances.warnBelow })
      .from(smsBalances)
      .where(eq(smsBalances.tenantId, tenantId)),
  ]);
  const byMonth = new Map<string, Usage>();
  const at = (m: string) => byMonth.get(m) ?? byMonth.set(m, { ...ZERO }).get(m)!;
  for (const { month, ...u } of usage) Object.assign(at(month), u);
  for (const { month, ...r } of recharges) Object.assign(at(month), r);
  const months = Array.from({ length: 12 }, (_, i) => {
    const month = `${year}-${String(i + 1).padStart(2, '0')}`;
    return { month, ...(byMonth.get(month) ?? ZERO) };
  });
  const totals = { ...ZERO };
  for (const m of months) for (const k of Object.keys(ZERO) as (keyof Usage)[]) totals[k] += m[k];
  return { year, months, totals, balance: balance ?? null };
}
