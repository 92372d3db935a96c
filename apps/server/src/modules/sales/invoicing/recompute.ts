import { codeWithName, rateChoicesText, rateChoiceText, violationText } from '@fpy/contracts';
import type { InvoiceFormInput } from '@fpy/contracts';
import {
  type CodeRatesLookup,
  calculateInvoice,
  formatYuan,
  type InvoiceCalculation,
  invoiceTypeRules,
  type Violation,
} from '@fpy/domain';
import { badRequest } from '../../../lib/errors.ts';
import { refuseOutOfRange } from '../invoice-calc/index.ts';

/**
 * Issue 28 §7: a line whose rate its tax code does not allow is refused naming the line's field
 * (`lines.2.rate`), the code and what it allows, in the user's language.
 */
function rateNotAllowed(body: InvoiceFormInput, codeRates: CodeRatesLookup, v: Violation, all: Violation[]) {
  const index = (v.lineNo ?? 1) - 1;
  const line = body.lines[index];
  const rates = codeRates(line.taxCode ?? '')!;
  const field = `lines.${index}.rate`;
  return badRequest(
    'RATE_NOT_ALLOWED.line',
    {
      line: index + 1,
      given: rateChoiceText(line.rate, line.policy),
      code: codeWithName(rates.code, rates.name),
      options: rateChoicesText(rates.choices),
      field,
    },
    {
      part: 'body',
      issues: [{ path: field, message: violationText(v) }],
      violations: all.map((x) => ({ code: x.code, lineNo: x.lineNo ?? null, message: x.message })),
    },
  );
}

/**
 * The server's own figures: calculateInvoice on the submitted draft (never the client's money), with the tax-code
 * catalogue so each line's rate is one its code allows. Engine errors → 400 naming the line (the engine's message
 * reads 第N行：…); client totals that differ → 400 with the expected figures in details.
 */
export function recompute(body: InvoiceFormInput, codeRates: CodeRatesLookup): InvoiceCalculation {
  const calc = refuseOutOfRange(() =>
    calculateInvoice({
      type: body.type,
      pricingMode: body.pricingMode,
      colour: 'blue',
      buyer: body.buyer,
      lines: body.lines,
      codeRates,
    }),
  );
  const errors = calc.violations.filter((v) => v.severity === 'error');
  const rateError = errors.find((v) => v.code === 'rate_not_allowed');
  if (rateError) throw rateNotAllowed(body, codeRates, rateError, errors);
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
