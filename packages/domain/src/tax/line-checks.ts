/** Per-line checks (domain notes §1.4, §3.2, §4.1, §4.2, §4.4, §4.5, §4.6). Discount structure is in discount-rules.ts. */
import { sign } from '../money/decimal.ts';
import { formatYuan, yuanIntegerDigits } from '../money/fen.ts';
import type { InvoiceTypeRules } from './invoice-types.ts';
import type { LineFigures } from './line-calc.ts';
import { type CodeRatesLookup, codeRateProblem } from './code-rates.ts';
import { isPreferentialPolicy, isTaxRate, ratePolicyProblem } from './rates.ts';
import type { InvoiceColour, LineDraft } from './types.ts';
import { type Violation, violation } from './violations.ts';

/** §4.4 "金额整数部分不能超过12位". */
export const MAX_AMOUNT_INTEGER_DIGITS = 12;

/** Fields whose inputs must make sense before any figure is computed: rate, policy, names, lengths (§1.4, §3). */
export function checkLineFields(
  line: LineDraft,
  lineNo: number,
  rules: InvoiceTypeRules,
  codeRates?: CodeRatesLookup,
): Violation[] {
  const out: Violation[] = [];
  if (!isTaxRate(line.rate))
    out.push(violation('rate_invalid', `税率"${String(line.rate)}"不在支持范围内`, lineNo));
  if (line.policy !== undefined && !isPreferentialPolicy(line.policy))
    out.push(violation('rate_invalid', `优惠政策"${String(line.policy)}"不在支持范围内`, lineNo));
  if (isTaxRate(line.rate) && (line.policy === undefined || isPreferentialPolicy(line.policy))) {
    const problem = ratePolicyProblem(line.rate, line.policy);
    if (problem) out.push(violation('rate_policy_mismatch', problem, lineNo));
    // Issue 28 §7: the rate must be one the line's tax code allows, or a levy/preferential one with its flag.
    const rates = codeRates && line.taxCode ? codeRates(line.taxCode) : undefined;
    const notAllowed = !problem && rates ? codeRateProblem(rates, line.rate, line.policy) : null;
    if (notAllowed) out.push(violation('rate_not_allowed', notAllowed, lineNo));
  }
  const name = line.name?.trim() ?? '';
  if (!name) out.push(violation('line_name_required', '商品名称不能为空', lineNo));
  // §1.4: 商品名称 ≤ 90 on legacy channels; 规格型号 ≤ 40; 单位 ≤ 20 (NUONUO-BILL, FAPIAOAPI-DOC).
  const limits: [string | undefined, number, string][] = [
    [rules.family === 'legacy' ? name : undefined, 90, '商品名称'],
    [line.spec, 40, '规格型号'],
    [line.unit, 20, '单位'],
  ];
  for (const [value, max, label] of limits)
    if (value !== undefined && value.length > max)
      out.push(violation('line_field_too_long', `${label}不能超过${max}个字符`, lineNo));
  if (line.taxCode !== undefined && line.taxCode !== '' && !/^\d{19}$/.test(line.taxCode))
    out.push(violation('tax_code_invalid', '税收分类编码须为19位数字', lineNo));
  return out;
}

/**
 * Signs and zeros (§4.1 red: amounts and quantities negative, unit price positive; §4.4 blue lines non-zero;
 * §4.5 blue: discount line negative, discounted/discount quantities positive/negative).
 */
export function checkLineSigns(
  line: LineDraft,
  f: LineFigures,
  lineNo: number,
  colour: InvoiceColour,
): Violation[] {
  const out: Violation[] = [];
  const kind = line.kind ?? 'normal';
  const amountSign = f.entered > 0n ? 1 : f.entered < 0n ? -1 : 0;
  const qtySign = f.quantity ? sign(f.quantity) : undefined;
  if (f.unitPrice && sign(f.unitPrice) < 0) out.push(violation('unit_price_sign', '单价不能为负数', lineNo));
  if (colour === 'red') {
    if (amountSign >= 0) out.push(violation('line_amount_sign', '红字发票的金额须为负数', lineNo));
    if (qtySign !== undefined && qtySign >= 0)
      out.push(violation('quantity_sign', '红字发票的数量须为负数', lineNo));
    return out;
  }
  if (amountSign === 0) out.push(violation('line_amount_zero', '蓝字发票的金额不能为零', lineNo));
  if (kind === 'discount') {
    if (amountSign > 0) out.push(violation('discount_amount_sign', '折扣行金额须为负数', lineNo));
    if (qtySign !== undefined && qtySign >= 0)
      out.push(violation('discount_quantity_sign', '折扣行如填写数量须为负数', lineNo));
  } else {
    if (amountSign < 0)
      out.push(violation('line_amount_sign', '蓝字发票的金额须为正数（负数只能出现在折扣行）', lineNo));
    if (qtySign !== undefined && qtySign <= 0)
      out.push(violation('quantity_sign', '蓝字发票的数量须为正数', lineNo));
  }
  return out;
}

/** §4.2 ±0.06 per line; §3.2 a 0% line carries no tax; §4.4 ≤ 12 integer digits; §4.6 差额 deduction bounds. */
export function checkLineFigures(
  line: LineDraft,
  f: LineFigures,
  lineNo: number,
  lineTolerance: bigint,
): Violation[] {
  const out: Violation[] = [];
  const error = f.tax - f.expectedTax;
  if (error > lineTolerance || error < -lineTolerance)
    out.push(
      violation(
        'line_tax_tolerance',
        `税额${formatYuan(f.tax)}与金额×税率${formatYuan(f.expectedTax)}的误差超过±${formatYuan(lineTolerance)}元`,
        lineNo,
      ),
    );
  if (line.rate === 'rate_0' && f.tax !== 0n)
    out.push(violation('zero_rate_tax', '税率为0%时税额须为0', lineNo));
  for (const [value, label] of [
    [f.amount, '金额'],
    [f.tax, '税额'],
    [f.amountInclusive, '含税金额'],
  ] as const)
    if (yuanIntegerDigits(value) > MAX_AMOUNT_INTEGER_DIGITS)
      out.push(violation('amount_too_many_digits', `${label}整数部分不能超过12位`, lineNo));
  if (line.deduction !== undefined) {
    const d = BigInt(Number.isSafeInteger(line.deduction) ? line.deduction : 0);
    // The deduction lies between 0 and the entered amount, with the amount's sign (red: both negative).
    const inRange = f.entered >= 0n ? d >= 0n && d <= f.entered : d <= 0n && d >= f.entered;
    if (!inRange) out.push(violation('margin_deduction_invalid', '扣除额须在0与金额之间', lineNo));
  }
  return out;
}
