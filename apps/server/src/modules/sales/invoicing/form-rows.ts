import type { InvoiceFormInput } from '@fpy/contracts';
import type { invoiceLines, invoices } from '@fpy/db';
import type { InvoiceCalculation } from '@fpy/domain';

/**
 * The form's editable header and its computed lines as rows: shared by create and by a draft's edit, so an
 * edited draft is stored exactly as a new one would be.
 */
export function headerValues(input: InvoiceFormInput, calc: InvoiceCalculation, actorName: string) {
  const b = input.buyer;
  return {
    type: input.type,
    pricingMode: input.pricingMode,
    buyerName: b.name,
    buyerTaxNumber: b.taxNumber?.toUpperCase() || null,
    buyerAddress: b.address || null,
    buyerPhone: b.phone || null,
    buyerBank: b.bank || null,
    buyerAccount: b.account || null,
    buyerEmail: b.email || null,
    buyerNaturalPerson: b.naturalPerson ? 1 : 0,
    remarks: input.remarks || null,
    specialLabel: input.specialLabel || null,
    drawer: input.drawer || actorName,
    payee: input.payee || null,
    reviewer: input.reviewer || null,
    amountFen: calc.totals.amount,
    taxFen: calc.totals.tax,
    totalFen: calc.totals.total,
  } satisfies Partial<typeof invoices.$inferInsert>;
}

export function lineValues(
  input: InvoiceFormInput,
  calc: InvoiceCalculation,
  inv: { id: number; tenantId: number },
): (typeof invoiceLines.$inferInsert)[] {
  return calc.lines.map((l, i) => {
    const src = input.lines[i];
    return {
      tenantId: inv.tenantId,
      invoiceId: inv.id,
      lineNo: l.lineNo,
      kind: l.kind,
      name: src.name,
      taxCode: src.taxCode || null,
      spec: src.spec || null,
      unit: src.unit || null,
      quantity: l.quantity ?? null,
      unitPrice: l.unitPrice ?? null,
      unitPriceExclusive: l.unitPriceExclusive ?? null,
      rate: l.rate,
      policy: l.policy ?? null,
      amountFen: l.amount,
      taxFen: l.tax,
      amountInclusiveFen: l.amountInclusive,
      deductionFen: l.deduction ?? null,
    };
  });
}
