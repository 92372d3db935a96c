import type { DeductionPeriodView } from '@fpy/contracts';
import { type Db, deductionSelections, purchasePeriods } from '@fpy/db';
import { currentSelectionPeriod, type PeriodState, selectionDeadline, whyPeriodClosed } from '@fpy/domain';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../../../lib/write/index.ts';

export type PeriodRow = typeof purchasePeriods.$inferSelect;

/** yyyy-MM-dd in China time (the bureau's calendar). */
export const chinaToday = (now = new Date()) =>
  new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

export const currentPeriod = (now = new Date()) => currentSelectionPeriod(chinaToday(now));

/** The period row, created open on first use, locked for the rest of the transaction. */
export async function lockPeriod(tx: Tx, tenantId: number, period: string): Promise<PeriodRow> {
  await tx.insert(purchasePeriods).values({ tenantId, period }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(purchasePeriods)
    .where(and(eq(purchasePeriods.tenantId, tenantId), eq(purchasePeriods.period, period)))
    .for('update');
  return row;
}

export async function readPeriod(db: Db, tenantId: number, period: string): Promise<PeriodRow | null> {
  const [row] = await db
    .select()
    .from(purchasePeriods)
    .where(and(eq(purchasePeriods.tenantId, tenantId), eq(purchasePeriods.period, period)));
  return row ?? null;
}

/** Why selections of the period cannot change today, or null. */
export function closedReason(state: string, period: string, now = new Date()) {
  return whyPeriodClosed({ period, state: state as PeriodState, today: chinaToday(now) });
}

/** Totals of what the period holds: selected (and on the way), pending at the bureau, flagged afterwards. */
export async function periodFigures(db: Db, tenantId: number, period: string) {
  const [row] = await db
    .select({
      count: sql<number>`count(*) filter (where ${deductionSelections.state} = 'selected')::int`,
      amountFen: sql<number>`coalesce(sum(${deductionSelections.amountFen}) filter (where ${deductionSelections.state} = 'selected'), 0)::bigint`,
      taxFen: sql<number>`coalesce(sum(${deductionSelections.taxFen}) filter (where ${deductionSelections.state} = 'selected'), 0)::bigint`,
      pending: sql<number>`count(*) filter (where ${deductionSelections.state} in ('selecting', 'undoing'))::int`,
      flagged: sql<number>`count(*) filter (where ${deductionSelections.state} = 'selected' and ${isNotNull(deductionSelections.flag)})::int`,
    })
    .from(deductionSelections)
    .where(
      and(
        eq(deductionSelections.tenantId, tenantId),
        eq(deductionSelections.period, period),
        inArray(deductionSelections.state, ['selected', 'selecting', 'undoing']),
      ),
    );
  return {
    selected: {
      count: Number(row?.count ?? 0),
      amountFen: Number(row?.amountFen ?? 0),
      taxFen: Number(row?.taxFen ?? 0),
    },
    pending: Number(row?.pending ?? 0),
    flagged: Number(row?.flagged ?? 0),
  };
}

export async function periodView(
  db: Db,
  tenantId: number,
  period: string,
  now = new Date(),
): Promise<DeductionPeriodView> {
  const row = await readPeriod(db, tenantId, period);
  const state = (row?.state ?? 'open') as PeriodState;
  const figures = await periodFigures(db, tenantId, period);
  return {
    period,
    state,
    deadline: selectionDeadline(period),
    closedReason: closedReason(state, period, now),
    ...figures,
    stats:
      row && state !== 'open' ? { count: row.count, amountFen: row.amountFen, taxFen: row.taxFen } : null,
    statsAppliedAt: row?.statsAppliedAt?.toISOString() ?? null,
    confirmedAt: row?.confirmedAt?.toISOString() ?? null,
    confirmedByName: row?.confirmedByName ?? null,
  };
}
