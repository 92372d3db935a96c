import type { RedFormStateName } from '@fpy/contracts';
import { type Db, invoiceLines, invoices, redLetterForms } from '@fpy/db';
import {
  type Decimal,
  dec,
  formatDecimal,
  invoiceNature,
  type LineNature,
  natureOf,
  parseDecimal,
  type RedFormLine,
  type TaxRate,
} from '@fpy/domain';
import { and, asc, eq, inArray, isNull, notInArray } from 'drizzle-orm';

type Invoice = typeof invoices.$inferSelect;
export type Nature = LineNature;

/**
 * A blue line as a red invoice can reverse it. Red invoices carry normal lines only (§4.5), so a 被折扣行 and
 * its 折扣行 fold into one line under the discounted line's number, net of the discount.
 */
export interface BlueLine {
  lineNo: number;
  name: string;
  taxCode: string | null;
  spec: string | null;
  unit: string | null;
  quantity: string | null;
  /** 不含税单价; for a discounted line the net price (金额 ÷ 数量). */
  unitPrice: string | null;
  rate: TaxRate;
  policy: string | null;
  amountFen: number;
  taxFen: number;
  remainingAmountFen: number;
  remainingTaxFen: number;
  remainingQuantity: string | null;
  nature: Nature;
}

/** One line of a form, positive: what it reverses of blue line `blueLineNo`. */
export type FormLine = RedFormLine;

/** Forms whose amount is still taken from the blue invoice: being applied for, waiting, or usable and unused. */
export const OPEN_FORM_STATES: RedFormStateName[] = [
  'applying',
  'no_confirmation_needed',
  'pending_buyer',
  'pending_seller',
  'confirmed',
];
/** A red invoice in these states no longer takes anything from its blue invoice. */
const DEAD_RED_STATUSES = ['void', 'failed'];

const ZERO: Decimal = { int: 0n, scale: 0 };
const qty = (text: string | null | undefined) => (text ? parseDecimal(text) : ZERO);
const abs = (d: Decimal) => (d.int < 0n ? dec.neg(d) : d);

/**
 * The blue invoice's lines with what remains red-able: the line minus every live red invoice line referencing
 * it (in flight included) minus every open form not yet turned into a live red invoice. Callers that write hold
 * the blue invoice row FOR UPDATE, so two applications never both take the same remainder.
 */
export async function blueLinesWithRemaining(db: Db, blue: Invoice): Promise<BlueLine[]> {
  // One after the other: inside a transaction the three share one connection.
  const rows = await db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, blue.id))
    .orderBy(asc(invoiceLines.lineNo));
  const redRows = await db
    .select({
      redFormId: invoices.redFormId,
      blueLineNo: invoiceLines.blueLineNo,
      amountFen: invoiceLines.amountFen,
      taxFen: invoiceLines.taxFen,
      quantity: invoiceLines.quantity,
    })
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .where(
      and(
        eq(invoices.tenantId, blue.tenantId),
        eq(invoices.blueInvoiceId, blue.id),
        eq(invoices.colour, 'red'),
        notInArray(invoices.status, DEAD_RED_STATUSES),
      ),
    );
  const forms = await db
    .select({ id: redLetterForms.id, lines: redLetterForms.lines })
    .from(redLetterForms)
    .where(
      and(
        eq(redLetterForms.tenantId, blue.tenantId),
        eq(redLetterForms.blueInvoiceId, blue.id),
        inArray(redLetterForms.state, OPEN_FORM_STATES),
        isNull(redLetterForms.redInvoiceId),
      ),
    );
  const taken = new Map<number, { amount: number; tax: number; quantity: Decimal }>();
  const take = (no: number | null, amount: number, tax: number, quantity: Decimal) => {
    if (no === null) return;
    const t = taken.get(no) ?? { amount: 0, tax: 0, quantity: ZERO };
    taken.set(no, { amount: t.amount + amount, tax: t.tax + tax, quantity: dec.add(t.quantity, quantity) });
  };
  const formsWithLiveRed = new Set<number>();
  for (const r of redRows) {
    if (r.redFormId !== null) formsWithLiveRed.add(r.redFormId);
    take(r.blueLineNo, -r.amountFen, -r.taxFen, abs(qty(r.quantity)));
  }
  for (const f of forms) {
    if (formsWithLiveRed.has(f.id)) continue;
    for (const l of f.lines as FormLine[]) take(l.blueLineNo, l.amountFen, l.taxFen, qty(l.quantity));
  }

  const folded: BlueLine[] = [];
  for (const l of rows) {
    const prev = folded.at(-1);
    if (l.kind === 'discount' && prev) {
      prev.amountFen += l.amountFen;
      prev.taxFen += l.taxFen;
      prev.unitPrice =
        prev.quantity && !dec.isZero(qty(prev.quantity))
          ? formatDecimal(dec.divide(fenDecimal(prev.amountFen), qty(prev.quantity), 13))
          : null;
      continue;
    }
    folded.push({
      lineNo: l.lineNo,
      name: l.name,
      taxCode: l.taxCode,
      spec: l.spec,
      unit: l.unit,
      quantity: l.quantity,
      unitPrice: l.unitPriceExclusive,
      rate: l.rate as TaxRate,
      policy: l.policy,
      amountFen: l.amountFen,
      taxFen: l.taxFen,
      remainingAmountFen: 0,
      remainingTaxFen: 0,
      remainingQuantity: null,
      nature: natureOf(l.taxCode),
    });
  }
  for (const l of folded) {
    const t = taken.get(l.lineNo) ?? { amount: 0, tax: 0, quantity: ZERO };
    l.remainingAmountFen = l.amountFen - t.amount;
    l.remainingTaxFen = l.taxFen - t.tax;
    if (l.quantity) {
      const left = dec.sub(qty(l.quantity), t.quantity);
      l.remainingQuantity = formatDecimal(left.int < 0n ? ZERO : left);
    }
  }
  return folded;
}

export const fenDecimal = (fen: number): Decimal => ({ int: BigInt(fen), scale: 2 });

export { invoiceNature, natureOf };
