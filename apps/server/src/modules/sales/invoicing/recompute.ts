import { violationText } from '@fpy/contracts';
import type { InvoiceFormInput } from '@fpy/contracts';
import { calculateInvoice, formatYuan, type InvoiceCalculation, invoiceTypeRules } from '@fpy/domain';
import { badRequest } from '../../../lib/errors.ts';
import { refuseOutOfRange } from '../invoice-calc/index.ts';

/**
 * The server's own figures: calculateInvoice on the submitted draft (never the client's money). Engine errors
 * → 400 naming the line (the engine's message reads 第N行：…); client totals that differ → 400 with the
 * expected figures in details.
 */
export function recompute(body: InvoiceFormInput): InvoiceCalculation {
  const calc = refuseOutOfRange(() =>
    calculateInvoice({
      type: body.type,
      pricingMode: body.pricingMode,
      colour: 'blue',
      buyer: body.buyer,
      lines: body.lines,
    }),
  );
  const errors = calc.violations.filter((v) => v.severity === 'error');
  if (errors.length)
    throw badRequest(
      'INVOICE_INVALID',
      { problem: violationText(errors[0]) },
      {
        violations: errors.map((v) => ({ code: v.code, lineNo: v.lineNo ?? null, message: v.message })),
      },
    );
  // §1.4: 备注 ≤ 200 on 数电, 230 on legacy.
  const remarkMax = invoiceTypeRules(body.type).remarkMaxLength;
  if (body.remarks && body.remarks.length > remarkMax)
    throw badRequest('INVOICE_INVALID.remarks', { max: remarkMax });
  const expected = { amountFen: calc.totals.amount, taxFen: calc.totals.tax, totalFen: calc.totals.total };
  const sent = body.totals ?? {};
  const differs = (Object.keys(expected) as (keyof typeof expected)[]).filter(
    (k) => sent[k] !== undefined && sent[k] !== expected[k],
  );
  if (differs.length)
    throw badRequest(
      'INVOICE_TOTALS_MISMATCH',
      {
        total: formatYuan(expected.totalFen),
        amount: formatYuan(expected.amountFen),
        tax: formatYuan(expected.taxFen),
      },
      {
        fields: differs,
        expected,
        lines: calc.lines.map((l) => ({
          lineNo: l.lineNo,
          amountFen: l.amount,
          taxFen: l.tax,
          amountInclusiveFen: l.amountInclusive,
        })),
      },
    );
  return calc;
}
