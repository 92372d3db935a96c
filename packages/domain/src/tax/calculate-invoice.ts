/**
 * calculateInvoice(draft): every line's 金额 / 税额 / 含税金额 in fen, the totals, 价税合计 in words and every
 * violation. Pure and deterministic. Domain notes §4 (rules), §1.4 / §5 (header), §4.7 (words).
 */
import { bigToFen, formatYuan, yuanIntegerDigits } from '../money/fen.ts';
import { AmountOutOfRangeError, MAX_WORDS_YUAN_DIGITS } from '../money/range.ts';
import { amountInWordsBoth } from './amount-in-words.ts';
import { checkDiscountStructure } from './discount-rules.ts';
import { checkBuyer } from './header-checks.ts';
import { invoiceTypeRules, isInvoiceType } from './invoice-types.ts';
import { type LineFigures, calculateLine, emitDecimal } from './line-calc.ts';
import {
  MAX_AMOUNT_INTEGER_DIGITS,
  checkLineFields,
  checkLineFigures,
  checkLineSigns,
} from './line-checks.ts';
import { effectivePolicy, isTaxRate } from './rates.ts';
import type { InvoiceCalculation, InvoiceDraft, LineResult } from './types.ts';
import { type Violation, violation } from './violations.ts';

/** §4.2: a line's tax may differ from round2(金额×税率) by at most 0.06. */
export const DEFAULT_LINE_TAX_TOLERANCE = 6;
/** §4.3: the invoice's summed line errors may not exceed 1.27 (configurable; 数电 enforcement UNCONFIRMED). */
export const DEFAULT_INVOICE_TAX_TOLERANCE = 127;
/** §4.8: Nuonuo accepts up to 2,000 lines including discount lines. */
export const DEFAULT_MAX_LINES = 2000;

const ZERO_FIGURES: LineFigures = { entered: 0n, amount: 0n, tax: 0n, amountInclusive: 0n, expectedTax: 0n };

/** Figures beyond a safe integer are already reported (12-digit limit); keep the result total rather than throw. */
function toFen(v: bigint): number {
  return Number.isSafeInteger(Number(v)) ? bigToFen(v) : Number(v);
}

export function calculateInvoice(draft: InvoiceDraft): InvoiceCalculation {
  // An unknown type (untyped JSON input) is reported; the lines are still computed with 数电普票 rules.
  const typeKnown = isInvoiceType(draft.type);
  const rules = invoiceTypeRules(typeKnown ? draft.type : 'digital_ordinary');
  const opts = draft.options ?? {};
  const formula = opts.reducedRateFormula ?? (rules.family === 'digital' ? 'digital' : 'legacy');
  const lineTolerance = BigInt(opts.lineTaxTolerance ?? DEFAULT_LINE_TAX_TOLERANCE);
  const violations: Violation[] = typeKnown
    ? checkBuyer(draft.type, draft.buyer)
    : [violation('invoice_type_invalid', `发票类型"${String(draft.type)}"不在支持范围内`)];
  const lines = draft.lines;
  if (lines.length === 0) violations.push(violation('no_lines', '发票至少须有一行明细'));
  const maxLines = opts.maxLines ?? DEFAULT_MAX_LINES;
  if (lines.length > maxLines)
    violations.push(violation('too_many_lines', `明细行（含折扣行）不能超过${maxLines}行`));

  const figures: LineFigures[] = [];
  lines.forEach((line, i) => {
    const no = i + 1;
    const fieldProblems = checkLineFields(line, no, rules, draft.codeRates);
    violations.push(...fieldProblems);
    if (!isTaxRate(line.rate)) {
      figures.push(ZERO_FIGURES);
      return;
    }
    const { figures: f, violations: calcProblems } = calculateLine(line, no, draft.pricingMode, formula);
    figures.push(f);
    violations.push(...calcProblems, ...checkLineSigns(line, f, no, draft.colour));
    violations.push(...checkLineFigures(line, f, no, lineTolerance));
  });
  violations.push(...checkDiscountStructure(lines, figures, draft.colour));
  // §4.6 差额征税: a deduction is allowed on a one-line invoice only.
  if (lines.length > 1 && lines.some((l) => l.deduction !== undefined))
    violations.push(violation('margin_single_line', '差额征税发票只能有一行明细'));

  // §4.1 totals. Exclusive: 合计金额 = Σ金额, 价税合计 = 合计金额 + 合计税额; inclusive: 价税合计 = Σ含税金额,
  // 合计金额 = 价税合计 − 合计税额. Each line has 金额 + 税额 = 含税金额 exactly, so both orders give the same figures.
  const sum = (pick: (f: LineFigures) => bigint) => figures.reduce((acc, f) => acc + pick(f), 0n);
  const tax = sum((f) => f.tax);
  const total =
    draft.pricingMode === 'inclusive' ? sum((f) => f.amountInclusive) : sum((f) => f.amount) + tax;
  const amount = total - tax;
  const taxError = sum((f) => f.tax - f.expectedTax);
  violations.push(...checkTotals(draft, amount, tax, total, taxError));
  // Up to 16 digits the figures are computed and the 12-digit rule reports them; beyond, 价税合计 cannot even be
  // written in words, so the draft is refused as a whole (callers answer 400, never 500).
  if (yuanIntegerDigits(total) > MAX_WORDS_YUAN_DIGITS)
    throw new AmountOutOfRangeError(
      `价税合计超出范围：整数部分不能超过${MAX_AMOUNT_INTEGER_DIGITS}位，请检查数量、单价和金额`,
    );

  // Properties assigned in order rather than spread from temporary objects: this runs for every line of every
  // calculation (issue 28 §10).
  const resultLines: LineResult[] = figures.map((f, i) => {
    const line = lines[i];
    const policy = isTaxRate(line.rate) ? effectivePolicy(line.rate, line.policy) : line.policy;
    const r: LineResult = {
      lineNo: i + 1,
      kind: line.kind ?? 'normal',
      rate: line.rate,
    } as LineResult;
    if (policy) r.policy = policy;
    if (f.quantity) r.quantity = emitDecimal(f.quantity);
    if (f.unitPrice) r.unitPrice = emitDecimal(f.unitPrice);
    if (f.unitPriceExclusive) r.unitPriceExclusive = emitDecimal(f.unitPriceExclusive);
    r.amount = toFen(f.amount);
    r.tax = toFen(f.tax);
    r.amountInclusive = toFen(f.amountInclusive);
    if (line.deduction !== undefined) r.deduction = line.deduction;
    r.expectedTax = toFen(f.expectedTax);
    r.taxError = toFen(f.tax - f.expectedTax);
    return r;
  });
  return {
    ok: !violations.some((v) => v.severity === 'error'),
    lines: resultLines,
    totals: { amount: toFen(amount), tax: toFen(tax), total: toFen(total), taxError: toFen(taxError) },
    amountInWords: amountInWordsBoth(total),
    listRequired: rules.maxFaceLines !== null && lines.length > rules.maxFaceLines,
    violations,
  };
}

function checkTotals(
  draft: InvoiceDraft,
  amount: bigint,
  tax: bigint,
  total: bigint,
  taxError: bigint,
): Violation[] {
  const out: Violation[] = [];
  const opts = draft.options ?? {};
  const limit = opts.invoiceTaxTolerance ?? DEFAULT_INVOICE_TAX_TOLERANCE;
  if (limit !== false && (taxError > BigInt(limit) || taxError < -BigInt(limit)))
    out.push(
      violation(
        'invoice_tax_tolerance',
        `整张发票明细行税额误差之和${formatYuan(taxError)}元超过±${formatYuan(limit)}元，请拆分或调整后开具`,
      ),
    );
  for (const [value, label] of [
    [amount, '合计金额'],
    [tax, '合计税额'],
    [total, '价税合计'],
  ] as const)
    if (((value < 0n ? -value : value) / 100n).toString().length > MAX_AMOUNT_INTEGER_DIGITS)
      out.push(violation('amount_too_many_digits', `${label}整数部分不能超过12位`));
  // §4.4 (dxhy 107080): a blue invoice's 价税合计 is positive; a red one is negative (§4.1).
  if (draft.lines.length > 0) {
    if (draft.colour === 'blue' && total <= 0n)
      out.push(violation('total_sign', '蓝字发票的价税合计须大于0'));
    if (draft.colour === 'red' && total >= 0n) out.push(violation('total_sign', '红字发票的价税合计须小于0'));
  }
  // §4.9: the device's 单张发票开票限额 applies to 价税合计.
  const cap = opts.maxInvoiceTotal;
  if (cap !== undefined && (total < 0n ? -total : total) > BigInt(cap))
    out.push(violation('invoice_limit_exceeded', `价税合计超过单张发票开票限额${formatYuan(cap)}元`));
  return out;
}
