/**
 * One line's 金额 / 税额 / 含税金额 in fen (domain notes §4.1, §4.6). Pure bigint arithmetic; every rounding is
 * HALF_UP to the fen from the exact rational, so 金额 + 税额 = 含税金额 holds by construction.
 */
import {
  type Decimal,
  KEEP_DECIMALS,
  add,
  divide,
  formatDecimal,
  isZero,
  mul,
  parseDecimal,
  roundHalfUp,
  tryParseDecimal,
} from '../money/decimal.ts';
import { fenToDecimal, isFen, mulDivRound, mulRound, roundToFen } from '../money/fen.ts';
import { effectivePolicy, rateFraction } from './rates.ts';
import type { LineDraft, PricingMode, ReducedRateFormula } from './types.ts';
import { type Violation, violation } from './violations.ts';

/** A computed line in bigint fen, before conversion to the public LineResult. */
export interface LineFigures {
  /** The amount as entered in the pricing mode (含税金额 when inclusive). */
  entered: bigint;
  amount: bigint;
  tax: bigint;
  amountInclusive: bigint;
  expectedTax: bigint;
  quantity?: Decimal;
  unitPrice?: Decimal;
  unitPriceExclusive?: Decimal;
}

const ONE = parseDecimal('1');
const FIVE_PERCENT = parseDecimal('0.05');
/** §4.4: round2(数量×单价) must equal 金额 within ±0.01. */
export const QUANTITY_PRICE_TOLERANCE = 1n;

// At module level on purpose: a closure made per call is renamed per call by the TypeScript loader (keepNames),
// which cost more than the arithmetic around it (issue 28 §10).
const given = (v: number | undefined) => (v !== undefined && isFen(v) ? BigInt(v) : undefined);

function parseKept(text: string | undefined): Decimal | undefined | null {
  if (text === undefined || text.trim() === '') return undefined;
  const d = tryParseDecimal(text);
  return d ? roundHalfUp(d, KEEP_DECIMALS) : null;
}

/** round2(qty × price) in fen. */
export function quantityTimesPrice(qty: Decimal, price: Decimal): bigint {
  return roundToFen(mul(qty, price));
}

export function calculateLine(
  line: LineDraft,
  lineNo: number,
  mode: PricingMode,
  formula: ReducedRateFormula,
): { figures: LineFigures; violations: Violation[] } {
  const out: Violation[] = [];
  let quantity = parseKept(line.quantity);
  let unitPrice = parseKept(line.unitPrice);
  if (quantity === null)
    out.push(violation('quantity_invalid', `数量"${line.quantity}"不是有效数字`, lineNo));
  if (unitPrice === null)
    out.push(violation('unit_price_invalid', `单价"${line.unitPrice}"不是有效数字`, lineNo));
  quantity = quantity ?? undefined;
  unitPrice = unitPrice ?? undefined;
  for (const [field, label] of [
    ['amount', '金额'],
    ['tax', '税额'],
    ['deduction', '扣除额'],
  ] as const) {
    const v = line[field];
    if (v !== undefined && !isFen(v))
      out.push(violation('amount_invalid', `${label}须为以分计的整数`, lineNo));
  }

  // The entered amount: given, or round2(数量 × 单价) (§4.1 je = round2(dj × spsl)).
  let entered = given(line.amount);
  if (entered === undefined) {
    if (quantity && unitPrice) entered = quantityTimesPrice(quantity, unitPrice);
    else {
      out.push(violation('amount_undetermined', '须填写金额，或同时填写数量和单价', lineNo));
      entered = 0n;
    }
  } else if (quantity && unitPrice) {
    const diff = quantityTimesPrice(quantity, unitPrice) - entered;
    if (diff > QUANTITY_PRICE_TOLERANCE || diff < -QUANTITY_PRICE_TOLERANCE)
      out.push(violation('quantity_price_mismatch', '数量×单价与金额的误差超过±0.01元', lineNo));
  } else if (quantity && !isZero(quantity)) {
    // FAPIAOAPI derives the missing one with 13 decimals, HALF_UP (§4.4).
    unitPrice = divide(fenToDecimal(entered), quantity, KEEP_DECIMALS);
  } else if (unitPrice && !isZero(unitPrice)) {
    quantity = divide(fenToDecimal(entered), unitPrice, KEEP_DECIMALS);
  }

  const rate = rateFraction(line.rate);
  const deduction = given(line.deduction) ?? 0n;
  const policy = effectivePolicy(line.rate, line.policy);
  const legacyReduced = policy === 'simplified_5_reduced_1_5' && formula === 'legacy';
  if (legacyReduced && mode === 'exclusive')
    out.push(violation('reduced_rate_needs_inclusive', '减按1.5%计征（税控口径）须按含税金额开具', lineNo));

  const upstreamTax = given(line.tax);
  let amount: bigint;
  let tax: bigint;
  let expectedTax: bigint;
  if (legacyReduced && mode === 'inclusive') {
    // §4.6 legacy: 税额 = (含税金额 − 扣除额) ÷ (1 + 5%) × 1.5%.
    expectedTax = mulDivRound(entered - deduction, rate, add(ONE, FIVE_PERCENT));
    tax = upstreamTax ?? expectedTax;
    amount = entered - tax;
  } else if (mode === 'inclusive') {
    // §4.1: 税额 = round2(含税金额 × 税率 / (1 + 税率)), 金额 = 含税金额 − 税额; §4.6 差额 deducts first.
    tax = upstreamTax ?? mulDivRound(entered - deduction, rate, add(ONE, rate));
    amount = entered - tax;
    expectedTax = mulRound(amount - deduction, rate);
  } else {
    // §4.1: 税额 = round2(金额 × 税率); §4.6 差额: (金额 − 扣除额) × 税率.
    amount = entered;
    expectedTax = mulRound(amount - deduction, rate);
    tax = upstreamTax ?? expectedTax;
  }

  let unitPriceExclusive = mode === 'exclusive' ? unitPrice : undefined;
  if (mode === 'inclusive' && unitPrice) {
    const plain = line.deduction === undefined && !legacyReduced && upstreamTax === undefined;
    // §4.1: 不含税单价 = 含税单价 / (1 + 税率); where the tax is not that plain ratio, 金额 / 数量 keeps ±0.01.
    if (plain) unitPriceExclusive = divide(unitPrice, add(ONE, rate), KEEP_DECIMALS);
    else if (quantity && !isZero(quantity))
      unitPriceExclusive = divide(fenToDecimal(amount), quantity, KEEP_DECIMALS);
  }
  return {
    figures: {
      entered,
      amount,
      tax,
      amountInclusive: amount + tax,
      expectedTax,
      quantity,
      unitPrice,
      unitPriceExclusive,
    },
    violations: out,
  };
}

/** Emit a quantity or price with at most 13 decimals (or 8 for legacy channels, §4.4), trailing zeros dropped. */
export function emitDecimal(d: Decimal | undefined, maxDecimals = KEEP_DECIMALS): string | undefined {
  return d === undefined ? undefined : formatDecimal(d, { maxDecimals });
}
