import type { TaxPaymentView } from '@fpy/contracts';
import { type Db, deductionSelections } from '@fpy/db';
import { type PeriodState, shiftPeriod, taxPayable } from '@fpy/domain';
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { outputTaxByPeriod } from '../../sales/invoice-stats/index.ts';
import { readPeriod } from './period.ts';

/** How many periods back the 留抵 (a negative balance carried on) is followed. */
export const CARRY_WINDOW = 12;

/**
 * 税款测算 of a period: 销项税额 of the invoices the company issued in it (the sales side's face) against the 进项税额
 * selected for it (confirmed once the period is), plus the 留抵 carried from the previous periods of the window —
 * @fpy/domain taxPayable, integer fen.
 */
export async function taxPayment(db: Db, tenantId: number, period: string): Promise<TaxPaymentView> {
  const first = shiftPeriod(period, -(CARRY_WINDOW - 1));
  const outputs = await outputTaxByPeriod(db, tenantId, first, period);
  const inputs = await db
    .select({
      period: deductionSelections.period,
      count: sql<string>`count(*)`,
      amountFen: sql<string>`coalesce(sum(${deductionSelections.amountFen}), 0)`,
      taxFen: sql<string>`coalesce(sum(${deductionSelections.taxFen}), 0)`,
    })
    .from(deductionSelections)
    .where(
      and(
        eq(deductionSelections.tenantId, tenantId),
        eq(deductionSelections.state, 'selected'),
        gte(deductionSelections.period, first),
        lte(deductionSelections.period, period),
      ),
    )
    .groupBy(deductionSelections.period);
  const inputOf = new Map(
    inputs.map((r) => [
      r.period,
      { count: Number(r.count), amountFen: Number(r.amountFen), taxFen: Number(r.taxFen) },
    ]),
  );
  const zero = { count: 0, amountFen: 0, taxFen: 0 };
  let carried = 0;
  for (let p = first; p < period; p = shiftPeriod(p, 1)) {
    carried = taxPayable({
      outputTaxFen: outputs.get(p)?.taxFen ?? 0,
      inputTaxFen: inputOf.get(p)?.taxFen ?? 0,
      carriedCreditFen: carried,
    }).carryForwardFen;
  }
  const output = outputs.get(period) ?? zero;
  const input = inputOf.get(period) ?? zero;
  const row = await readPeriod(db, tenantId, period);
  const state = (row?.state ?? 'open') as PeriodState;
  const due = taxPayable({
    outputTaxFen: output.taxFen,
    inputTaxFen: input.taxFen,
    carriedCreditFen: carried,
  });
  return {
    period,
    periodState: state,
    output,
    input,
    inputConfirmed: state === 'confirmed',
    carriedCreditFen: carried,
    payableFen: due.payableFen,
    carryForwardFen: due.carryForwardFen,
  };
}
