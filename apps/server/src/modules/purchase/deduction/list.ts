import type { DeductionRowView } from '@fpy/contracts';
import { deductionSelections, receivedInvoices } from '@fpy/db';
import { EARLIEST_SELECTABLE_ISSUE_DATE, INVOICE_TYPE_RULES, periodBounds } from '@fpy/domain';
import { and, count, desc, eq, gt, gte, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { likePattern, offsetOf } from '../../../data/paging.ts';
import type { AuthedCtx } from '../../../http/context.ts';
import { ownTenant } from '../checks/index.ts';
import { holdersOf } from '../reimbursements/index.ts';
import { closedReason, readPeriod } from './period.ts';
import { whyNot } from './selectable.ts';

export const DEDUCTIBLE_TYPES = Object.entries(INVOICE_TYPE_RULES)
  .filter(([, r]) => r.special)
  .map(([t]) => t);

export interface DeductionFilter {
  period: string;
  seller?: string;
  rate?: string;
  view?: 'selectable' | 'selected' | 'all';
}

/** The conditions of a deduction list (always the tenant's own deductible-type invoices). */
export function deductionWhere(tenantId: number, q: DeductionFilter): SQL {
  const { last } = periodBounds(q.period);
  const conds: (SQL | undefined)[] = [
    eq(receivedInvoices.tenantId, tenantId),
    inArray(receivedInvoices.invoiceType, DEDUCTIBLE_TYPES),
  ];
  if (q.seller) {
    conds.push(
      /^[0-9A-Z]{15,20}$/.test(q.seller)
        ? eq(receivedInvoices.sellerTaxNumber, q.seller)
        : ilike(receivedInvoices.sellerName, likePattern(q.seller)),
    );
  }
  if (q.rate) conds.push(sql`${receivedInvoices.rates} @> ${JSON.stringify([q.rate])}::jsonb`);
  const view = q.view ?? 'selectable';
  if (view === 'selected') {
    conds.push(
      eq(deductionSelections.period, q.period),
      inArray(deductionSelections.state, ['selecting', 'selected', 'undoing']),
    );
  } else {
    conds.push(lte(receivedInvoices.issueDate, last));
    if (view === 'selectable') {
      conds.push(
        eq(receivedInvoices.colour, 'blue'),
        eq(receivedInvoices.state, 'normal'),
        gte(receivedInvoices.issueDate, EARLIEST_SELECTABLE_ISSUE_DATE),
        gt(receivedInvoices.taxFen, 0),
        or(isNull(deductionSelections.id), inArray(deductionSelections.state, ['refused', 'undone'])),
      );
    }
  }
  return and(...conds)!;
}

export async function listDeductionRows(
  ctx: AuthedCtx,
  q: DeductionFilter & { page: number; limit: number },
): Promise<{ rows: DeductionRowView[]; total: number }> {
  const tenantId = ownTenant(ctx.actor);
  const where = deductionWhere(tenantId, q);
  const on = and(
    eq(deductionSelections.tenantId, receivedInvoices.tenantId),
    eq(deductionSelections.receivedInvoiceId, receivedInvoices.id),
  );
  const [rows, [{ n }]] = await Promise.all([
    ctx.db
      .select({ inv: receivedInvoices, sel: deductionSelections })
      .from(receivedInvoices)
      .leftJoin(deductionSelections, on)
      .where(where)
      .orderBy(desc(receivedInvoices.issueDate), desc(receivedInvoices.id))
      .limit(q.limit)
      .offset(offsetOf(q)),
    ctx.db.select({ n: count() }).from(receivedInvoices).leftJoin(deductionSelections, on).where(where),
  ]);
  const period = await readPeriod(ctx.db, tenantId, q.period);
  const closed = closedReason(period?.state ?? 'open', q.period);
  const holders = await holdersOf(
    ctx.db,
    tenantId,
    rows.map((r) => r.inv.invoiceKey),
  );
  const claimOf = new Map(holders.map((h) => [h.invoiceKey, h.claimNo]));
  return {
    total: n,
    rows: rows.map(({ inv, sel }) => ({
      id: inv.id,
      number: inv.number,
      code: inv.code,
      invoiceType: inv.invoiceType,
      sellerName: inv.sellerName,
      sellerTaxNumber: inv.sellerTaxNumber,
      issueDate: inv.issueDate,
      amountFen: inv.amountFen,
      taxFen: inv.taxFen,
      totalFen: inv.totalFen,
      rates: inv.rates,
      state: inv.state,
      selection: sel
        ? {
            state: sel.state as NonNullable<DeductionRowView['selection']>['state'],
            period: sel.period,
            reason: sel.reason,
            flag: sel.flag,
            actorName: sel.actorName,
            updatedAt: sel.updatedAt.toISOString(),
          }
        : null,
      notSelectable: closed ?? whyNot(inv, sel ?? undefined, q.period),
      reimbursedIn: claimOf.get(inv.invoiceKey) ?? null,
    })),
  };
}

/** The ids a bulk 勾选 by filter takes: selectable now, oldest first, at most `max`. */
export async function selectableIds(ctx: AuthedCtx, q: DeductionFilter, max: number): Promise<number[]> {
  const tenantId = ownTenant(ctx.actor);
  const rows = await ctx.db
    .select({ id: receivedInvoices.id })
    .from(receivedInvoices)
    .leftJoin(
      deductionSelections,
      and(
        eq(deductionSelections.tenantId, receivedInvoices.tenantId),
        eq(deductionSelections.receivedInvoiceId, receivedInvoices.id),
      ),
    )
    .where(deductionWhere(tenantId, { ...q, view: 'selectable' }))
    .orderBy(receivedInvoices.issueDate, receivedInvoices.id)
    .limit(max);
  return rows.map((r) => r.id);
}
