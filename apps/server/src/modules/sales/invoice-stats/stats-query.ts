import type { StatsGroup, StatsReply, StatsRow, statsQuery } from '@fpy/contracts';
import { invoiceLines, invoices } from '@fpy/db';
import {
  INVOICE_TYPE_RULES,
  ISSUED_STATUSES,
  isInvoiceType,
  isTaxRate,
  rateFractionText,
  rateLabel,
  type TaxRate,
} from '@fpy/domain';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { scoped } from '../../../data/tenant-scope.ts';
import type { AuthedCtx } from '../../../http/context.ts';
import { dayRange } from '../../../data/day-range.ts';

type StatsQuery = z.output<typeof statsQuery>;

/** States of an invoice that was issued: a red-flushed blue invoice still counts, its red invoice offsets it. */
export const ISSUED_STATES = [...ISSUED_STATUSES];

const shanghaiMonth = sql<string>`to_char((${invoices.issuedAt} at time zone 'UTC') + interval '8 hours', 'YYYY-MM')`;

const isRed = sql`(case when ${invoices.colour} = 'red' then 1 else 0 end)`;

type Money = SQL | AnyPgColumn;
const figures = (amount: Money, tax: Money, total: Money, distinct: boolean) => ({
  count: distinct ? sql<string>`count(distinct ${invoices.id})` : sql<string>`count(*)`,
  redCount: distinct
    ? sql<string>`count(distinct case when ${invoices.colour} = 'red' then ${invoices.id} end)`
    : sql<string>`sum(${isRed})`,
  // Red invoices are stored negative (red-letter flow), so plain sums net them against their blue ones.
  amountFen: sql<string>`coalesce(sum(${amount}), 0)`,
  taxFen: sql<string>`coalesce(sum(${tax}), 0)`,
  totalFen: sql<string>`coalesce(sum(${total}), 0)`,
});

// Aggregates arrive as text from node-postgres (bigint/numeric); integers of fen fit a JS number.
const num = (v: unknown) => Number(v ?? 0);
const toFigures = (r: Record<string, unknown>) => ({
  count: num(r.count),
  redCount: num(r.redCount),
  amountFen: num(r.amountFen),
  taxFen: num(r.taxFen),
  totalFen: num(r.totalFen),
});

function whereOf(ctx: AuthedCtx, q: StatsQuery) {
  return scoped(ctx, invoices).where(
    inArray(invoices.status, ISSUED_STATES),
    dayRange(invoices.issuedAt, q.dateFrom, q.dateTo),
  );
}

const labelOf: Record<StatsGroup, (key: string, extra: string | null) => string> = {
  month: (key) => key,
  type: (key) => (isInvoiceType(key) ? INVOICE_TYPE_RULES[key].label : key),
  rate: (key) => (isTaxRate(key) ? rateLabel(key) : key),
  buyer: (_key, name) => name ?? '',
};

/** Highest rate first (13% … 0%); months in order; types and buyers by 价税合计, largest first. */
function sortRows(groupBy: StatsGroup, rows: StatsRow[]) {
  if (groupBy === 'month') return rows.sort((a, b) => a.key.localeCompare(b.key));
  if (groupBy === 'rate') {
    const frac = (k: string) => (isTaxRate(k) ? Number(rateFractionText(k as TaxRate)) : -1);
    return rows.sort((a, b) => frac(b.key) - frac(a.key));
  }
  return rows.sort((a, b) => b.totalFen - a.totalFen || a.key.localeCompare(b.key));
}

/** Every month between the two dates (inclusive), so the chart shows quiet months as zero. */
function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.slice(0, 7).split('-').map(Number);
  const [ty, tm] = to.slice(0, 7).split('-').map(Number);
  while ((y < ty || (y === ty && m <= tm)) && out.length < 120) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
  return out;
}

async function groupedRows(ctx: AuthedCtx, q: StatsQuery, where: SQL | undefined): Promise<StatsRow[]> {
  if (q.groupBy === 'rate') {
    const rows = await ctx.db
      .select({
        key: invoiceLines.rate,
        extra: sql<string | null>`null`,
        ...figures(invoiceLines.amountFen, invoiceLines.taxFen, invoiceLines.amountInclusiveFen, true),
      })
      .from(invoiceLines)
      .innerJoin(invoices, eq(invoiceLines.invoiceId, invoices.id))
      .where(where)
      .groupBy(invoiceLines.rate);
    return rows.map((r) => ({ key: r.key, label: labelOf.rate(r.key, null), ...toFigures(r) }));
  }
  const key =
    q.groupBy === 'month'
      ? shanghaiMonth
      : q.groupBy === 'type'
        ? sql<string>`${invoices.type}`
        : sql<string>`coalesce(nullif(${invoices.buyerTaxNumber}, ''), ${invoices.buyerName})`;
  const rows = await ctx.db
    .select({
      key,
      // The name as last written for a tax number (a buyer may have been renamed meanwhile).
      extra: q.groupBy === 'buyer' ? sql<string>`max(${invoices.buyerName})` : sql<null>`null`,
      ...figures(invoices.amountFen, invoices.taxFen, invoices.totalFen, false),
    })
    .from(invoices)
    .where(where)
    .groupBy(key);
  return rows.map((r) => ({ key: r.key, label: labelOf[q.groupBy](r.key, r.extra), ...toFigures(r) }));
}

export async function invoiceStats(ctx: AuthedCtx, q: StatsQuery): Promise<StatsReply> {
  const where = whereOf(ctx, q);
  const [rows, [totals]] = await Promise.all([
    groupedRows(ctx, q, where),
    ctx.db
      .select(figures(invoices.amountFen, invoices.taxFen, invoices.totalFen, false))
      .from(invoices)
      .where(where),
  ]);
  if (q.groupBy === 'month' && q.dateFrom && q.dateTo) {
    const have = new Set(rows.map((r) => r.key));
    for (const m of monthsBetween(q.dateFrom, q.dateTo))
      if (!have.has(m))
        rows.push({ key: m, label: m, count: 0, redCount: 0, amountFen: 0, taxFen: 0, totalFen: 0 });
  }
  return { groupBy: q.groupBy, rows: sortRows(q.groupBy, rows), totals: toFigures(totals) };
}
