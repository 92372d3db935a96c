import type {
  ReceivedStatsFigures,
  ReceivedStatsGroup,
  ReceivedStatsQuery,
  ReceivedStatsReply,
  ReceivedStatsRow,
} from '@fpy/contracts';
import { receivedInvoices } from '@fpy/db';
import {
  INVOICE_TYPE_RULES,
  type InvoiceType,
  isInvoiceType,
  isTaxRate,
  rateFractionText,
  rateLabel,
  type TaxRate,
} from '@fpy/domain';
import { type SQL, sql } from 'drizzle-orm';
import { likePattern } from '../../../data/paging.ts';
import type { AuthedCtx } from '../../../http/context.ts';
import { badRequest } from '../../../lib/errors.ts';

const ri = receivedInvoices;
const TAX_NUMBER = /^[0-9A-Z]{15,20}$/;
/** Grouped by seller, the largest this many by 价税合计 (the totals still cover every seller). */
export const SELLER_ROWS_MAX = 500;

const TYPES = Object.keys(INVOICE_TYPE_RULES) as InvoiceType[];
const SPECIAL_TYPES = TYPES.filter((t) => INVOICE_TYPE_RULES[t].special);
const DIGITAL_TYPES = TYPES.filter((t) => INVOICE_TYPE_RULES[t].family === 'digital');
const inList = (values: string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const isSpecial = sql`${ri.invoiceType} in (${inList(SPECIAL_TYPES)})`;
const isDigital = sql`${ri.invoiceType} in (${inList(DIGITAL_TYPES)})`;

export const STATE_ZH: Record<string, string> = {
  normal: '正常',
  red: '已红冲',
  voided: '已作废',
  abnormal: '异常',
};
const STATE_ORDER = ['normal', 'red', 'voided', 'abnormal'];

function ownTenant(ctx: AuthedCtx): number {
  if (ctx.actor.tenantId === null) throw badRequest('TENANT_REQUIRED');
  return ctx.actor.tenantId;
}

/** The filters as one condition, always scoped to the caller's company (its own tax numbers' invoices only). */
function whereOf(tenantId: number, q: ReceivedStatsQuery): SQL {
  const c: SQL[] = [sql`${ri.tenantId} = ${tenantId}`];
  if (q.periodFrom) c.push(sql`${ri.period} >= ${q.periodFrom}`);
  if (q.periodTo) c.push(sql`${ri.period} <= ${q.periodTo}`);
  if (q.seller) {
    const s = q.seller.trim();
    c.push(
      TAX_NUMBER.test(s.toUpperCase())
        ? sql`${ri.sellerTaxNumber} = ${s.toUpperCase()}`
        : sql`${ri.sellerName} ilike ${likePattern(s)}`,
    );
  }
  if (q.type) c.push(sql`${ri.invoiceType} = ${q.type}`);
  if (q.category === 'special') c.push(isSpecial);
  if (q.category === 'ordinary') c.push(sql`not (${isSpecial})`);
  if (q.state) c.push(sql`${ri.state} = ${q.state}`);
  return sql.join(c, sql` and `);
}

/**
 * The aggregate columns over one set of rows. `amount` / `tax` are the money columns summed (the invoice's, or a
 * line's when grouped by rate); `distinct` counts invoices once when lines multiply them.
 */
function figuresSql(amount: SQL, tax: SQL, distinct: boolean): SQL {
  const n = (cond?: SQL) =>
    distinct
      ? cond
        ? sql`count(distinct ${ri.id}) filter (where ${cond})`
        : sql`count(distinct ${ri.id})`
      : cond
        ? sql`count(*) filter (where ${cond})`
        : sql`count(*)`;
  const s = (v: SQL, cond?: SQL) =>
    cond ? sql`coalesce(sum(${v}) filter (where ${cond}), 0)` : sql`coalesce(sum(${v}), 0)`;
  const notSpecial = sql`not (${isSpecial})`;
  const notDigital = sql`not (${isDigital})`;
  const state = (st: string) => sql`${ri.state} = ${st}`;
  return sql.join(
    [
      sql`${n()} as "count"`,
      sql`${s(amount)} as "amountFen"`,
      sql`${s(tax)} as "taxFen"`,
      sql`${n(isSpecial)} as "specialCount"`,
      sql`${s(amount, isSpecial)} as "specialAmountFen"`,
      sql`${s(tax, isSpecial)} as "specialTaxFen"`,
      sql`${n(notSpecial)} as "ordinaryCount"`,
      sql`${s(amount, notSpecial)} as "ordinaryAmountFen"`,
      sql`${s(tax, notSpecial)} as "ordinaryTaxFen"`,
      sql`${n(isDigital)} as "digitalCount"`,
      sql`${s(amount, isDigital)} as "digitalAmountFen"`,
      sql`${s(tax, isDigital)} as "digitalTaxFen"`,
      sql`${n(notDigital)} as "legacyCount"`,
      sql`${s(amount, notDigital)} as "legacyAmountFen"`,
      sql`${s(tax, notDigital)} as "legacyTaxFen"`,
      ...STATE_ORDER.map((st) => sql`${n(state(st))} as ${sql.raw(`"state_${st}"`)}`),
      sql`${s(tax, sql`${isSpecial} and ${state('normal')}`)} as "deductibleTaxFen"`,
    ],
    sql`, `,
  );
}

// Aggregates arrive as text (bigint / numeric); integers of fen fit a JS number.
const num = (v: unknown) => Number(v ?? 0);
function toFigures(r: Record<string, unknown>): ReceivedStatsFigures {
  const part = (p: string) => ({
    count: num(r[`${p}Count`]),
    amountFen: num(r[`${p}AmountFen`]),
    taxFen: num(r[`${p}TaxFen`]),
  });
  const amountFen = num(r.amountFen);
  const taxFen = num(r.taxFen);
  return {
    count: num(r.count),
    amountFen,
    taxFen,
    totalFen: amountFen + taxFen,
    special: part('special'),
    ordinary: part('ordinary'),
    digital: part('digital'),
    legacy: part('legacy'),
    states: {
      normal: num(r.state_normal),
      red: num(r.state_red),
      voided: num(r.state_voided),
      abnormal: num(r.state_abnormal),
    },
    deductibleTaxFen: num(r.deductibleTaxFen),
  };
}

const ZERO = toFigures({});

async function rowsOf(ctx: AuthedCtx, q: SQL): Promise<Record<string, unknown>[]> {
  const res = (await ctx.db.execute(q)) as unknown as { rows: Record<string, unknown>[] };
  return res.rows;
}

const periodLabel = (p: string) => `${p.slice(0, 4)}-${p.slice(4)}`;

function labelOf(groupBy: ReceivedStatsGroup, key: string, extra: unknown): string {
  if (groupBy === 'period') return periodLabel(key);
  if (groupBy === 'seller') return String(extra ?? key);
  if (groupBy === 'rate') return isTaxRate(key) ? rateLabel(key) : '未知税率';
  if (groupBy === 'type') return isInvoiceType(key) ? INVOICE_TYPE_RULES[key].label : key;
  return STATE_ZH[key] ?? key;
}

async function groupedRows(ctx: AuthedCtx, groupBy: ReceivedStatsGroup, where: SQL) {
  if (groupBy === 'rate') {
    // Each line under its own rate; an invoice without lines (a hand entry that gave none) under `none`.
    const amount = sql`coalesce((l.value->>'amountFen')::bigint, ${ri.amountFen})`;
    const tax = sql`coalesce((l.value->>'taxFen')::bigint, ${ri.taxFen})`;
    return rowsOf(
      ctx,
      sql`select coalesce(l.value->>'rate', 'none') as "key", null as "extra", ${figuresSql(amount, tax, true)}
          from ${ri} left join lateral jsonb_array_elements(${ri.lines}) l on true
          where ${where} group by 1`,
    );
  }
  const key =
    groupBy === 'period'
      ? sql`${ri.period}`
      : groupBy === 'seller'
        ? sql`${ri.sellerTaxNumber}`
        : groupBy === 'type'
          ? sql`${ri.invoiceType}`
          : sql`${ri.state}`;
  // The name as last seen for a tax number (a supplier may have been renamed meanwhile).
  const extra = groupBy === 'seller' ? sql`max(${ri.sellerName})` : sql`null`;
  const tail =
    groupBy === 'seller' ? sql` order by sum(${ri.totalFen}) desc, 1 limit ${SELLER_ROWS_MAX}` : sql``;
  return rowsOf(
    ctx,
    sql`select ${key} as "key", ${extra} as "extra", ${figuresSql(sql`${ri.amountFen}`, sql`${ri.taxFen}`, false)}
        from ${ri} where ${where} group by 1${tail}`,
  );
}

/** Every 属期 between the two (inclusive), so the chart shows quiet months as zero. */
export function periodsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(4));
  const ty = Number(to.slice(0, 4));
  const tm = Number(to.slice(4));
  while ((y < ty || (y === ty && m <= tm)) && out.length < 120) {
    out.push(`${y}${String(m).padStart(2, '0')}`);
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
  return out;
}

const rateOrder = (k: string) => (isTaxRate(k) ? Number(rateFractionText(k as TaxRate)) : -1);

function sortRows(groupBy: ReceivedStatsGroup, rows: ReceivedStatsRow[]) {
  if (groupBy === 'period') return rows.sort((a, b) => a.key.localeCompare(b.key));
  if (groupBy === 'rate') return rows.sort((a, b) => rateOrder(b.key) - rateOrder(a.key));
  if (groupBy === 'state')
    return rows.sort((a, b) => STATE_ORDER.indexOf(a.key) - STATE_ORDER.indexOf(b.key));
  if (groupBy === 'type')
    return rows.sort((a, b) => TYPES.indexOf(a.key as InvoiceType) - TYPES.indexOf(b.key as InvoiceType));
  return rows.sort((a, b) => b.totalFen - a.totalFen || a.key.localeCompare(b.key));
}

/** The grouped figures and the totals, two grouped queries over received_invoices (no rows loaded). */
export async function receivedStats(ctx: AuthedCtx, q: ReceivedStatsQuery): Promise<ReceivedStatsReply> {
  const where = whereOf(ownTenant(ctx), q);
  const [grouped, [totals]] = await Promise.all([
    groupedRows(ctx, q.groupBy, where),
    rowsOf(
      ctx,
      sql`select ${figuresSql(sql`${ri.amountFen}`, sql`${ri.taxFen}`, false)} from ${ri} where ${where}`,
    ),
  ]);
  const rows: ReceivedStatsRow[] = grouped.map((r) => ({
    key: String(r.key),
    label: labelOf(q.groupBy, String(r.key), r.extra),
    ...toFigures(r),
  }));
  if (q.groupBy === 'period' && q.periodFrom && q.periodTo) {
    const have = new Set(rows.map((r) => r.key));
    for (const p of periodsBetween(q.periodFrom, q.periodTo))
      if (!have.has(p)) rows.push({ key: p, label: periodLabel(p), ...ZERO });
  }
  return { groupBy: q.groupBy, rows: sortRows(q.groupBy, rows), totals: toFigures(totals ?? {}) };
}
