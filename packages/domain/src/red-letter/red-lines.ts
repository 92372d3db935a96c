import * as dec from '../money/decimal.ts';
import { type Decimal, formatDecimal, parseDecimal, tryParseDecimal } from '../money/decimal.ts';
import { formatYuan, mulRound, roundToFen } from '../money/fen.ts';
import { rateFraction, type TaxRate } from '../tax/rates.ts';
import { invoiceNature, type LineNature } from './nature.ts';

/**
 * The red-letter line rule (§6.1, domain notes §4.5–4.6), once for server and browser: the server builds and
 * checks a confirmation form's lines with it, the fill page previews the same figures while the user types.
 */
export type RedReasonCode = 'issue_error' | 'sales_return' | 'service_suspension' | 'sales_discount';

/** What the rule needs of a blue line (a 被折扣行 and its 折扣行 already folded into one, net of the discount). */
export interface RedBlueLine {
  lineNo: number;
  name: string;
  /** 不含税单价; for a discounted line the net price (金额 ÷ 数量). */
  unitPrice: string | null;
  rate: TaxRate;
  amountFen: number;
  taxFen: number;
  remainingAmountFen: number;
  remainingTaxFen: number;
  remainingQuantity: string | null;
  nature: LineNature;
}

/** One line of a form, positive: what it reverses of blue line `blueLineNo`. */
export interface RedFormLine {
  blueLineNo: number;
  name: string;
  quantity: string | null;
  amountFen: number;
  taxFen: number;
}

/** A refusal: a catalogue sub-key of RED_FORM_INVALID (packages/contracts messages) and its parameters. */
export interface RedLineProblem {
  problem:
    | 'reason_issue_error'
    | 'reason_sales_return'
    | 'reason_service_suspension'
    | 'nothing_left'
    | 'line_missing'
    | 'line_repeated'
    | 'line_nothing_left'
    | 'discount_quantity'
    | 'no_quantity'
    | 'quantity_zero'
    | 'quantity_over'
    | 'quantity_amount'
    | 'amount_missing'
    | 'amount_zero'
    | 'amount_over'
    | 'partial_issue_error';
  params: Record<string, string | number>;
}

export const hasRemainder = (l: RedBlueLine) => l.remainingAmountFen > 0 || l.remainingTaxFen > 0;
const nothingTaken = (l: RedBlueLine) =>
  l.remainingAmountFen === l.amountFen && l.remainingTaxFen === l.taxFen;

/**
 * Why `reason` cannot be used on this blue invoice, or null. 开票有误 must reverse the whole invoice, so only
 * while nothing has been reversed yet; 销货退回 needs goods, 服务中止 needs services (a mixed invoice allows both).
 */
export function redReasonProblem(
  reason: RedReasonCode,
  lines: readonly RedBlueLine[],
): RedLineProblem | null {
  const nature = invoiceNature(lines);
  if (reason === 'issue_error' && !lines.every(nothingTaken))
    return { problem: 'reason_issue_error', params: {} };
  if (reason === 'sales_return' && nature === 'services')
    return { problem: 'reason_sales_return', params: {} };
  if (reason === 'service_suspension' && nature === 'goods')
    return { problem: 'reason_service_suspension', params: {} };
  return null;
}

/** The unit price a quantity is reversed at. */
const priceOf = (l: RedBlueLine): Decimal | null => (l.unitPrice ? parseDecimal(l.unitPrice) : null);

/** quantity × 不含税单价, rounded to the fen with the engine's HALF_UP. */
const amountOfQuantity = (q: Decimal, price: Decimal) => Number(roundToFen(dec.mul(q, price)));

/**
 * The tax of reversing `amountFen` of a line: the exact remaining tax for the whole remainder, otherwise
 * round2(金额 × 税率) never above what remains.
 */
export function redTaxOf(l: RedBlueLine, amountFen: number): number {
  if (amountFen === l.remainingAmountFen) return l.remainingTaxFen;
  return Math.min(Number(mulRound(BigInt(amountFen), rateFraction(l.rate))), l.remainingTaxFen);
}

/** A remaining quantity goes with a full-line reversal only while quantity × price still gives the amount. */
function quantityForWholeLine(l: RedBlueLine, reason: RedReasonCode): string | null {
  if (reason === 'sales_discount' || !l.remainingQuantity) return null;
  const q = parseDecimal(l.remainingQuantity);
  const price = priceOf(l);
  if (dec.isZero(q) || !price) return null;
  const diff = amountOfQuantity(q, price) - l.remainingAmountFen;
  return diff >= -1 && diff <= 1 ? l.remainingQuantity : null;
}

const wholeLine = (l: RedBlueLine, reason: RedReasonCode): RedFormLine => ({
  blueLineNo: l.lineNo,
  name: l.name,
  quantity: quantityForWholeLine(l, reason),
  amountFen: l.remainingAmountFen,
  taxFen: l.remainingTaxFen,
});

export type RedLinesResult =
  | { ok: true; lines: RedFormLine[]; partial: boolean }
  | ({ ok: false } & RedLineProblem);

export interface RedLineRequest {
  blueLineNo: number;
  quantity?: string;
  amountFen?: number;
}

const fail = (problem: RedLineProblem['problem'], params: RedLineProblem['params'] = {}): RedLinesResult => ({
  ok: false,
  problem,
  params,
});

/**
 * The form's lines from the request, every figure checked against what remains (the first problem names the
 * blue line). No lines: everything that remains.
 */
export function buildRedLines(
  blue: readonly RedBlueLine[],
  input: { reason: RedReasonCode; lines?: readonly RedLineRequest[] },
): RedLinesResult {
  const reasonProblem = redReasonProblem(input.reason, blue);
  if (reasonProblem) return { ok: false, ...reasonProblem };
  const open = blue.filter(hasRemainder);
  if (!open.length) return fail('nothing_left');
  if (!input.lines) return { ok: true, lines: open.map((l) => wholeLine(l, input.reason)), partial: false };

  const seen = new Set<number>();
  const lines: RedFormLine[] = [];
  for (const req of input.lines) {
    const line = req.blueLineNo;
    const l = blue.find((b) => b.lineNo === line);
    if (!l) return fail('line_missing', { line });
    if (seen.has(l.lineNo)) return fail('line_repeated', { line });
    seen.add(l.lineNo);
    if (!hasRemainder(l)) return fail('line_nothing_left', { line });
    if (req.quantity !== undefined && input.reason === 'sales_discount')
      return fail('discount_quantity', { line });
    let quantity: string | null = null;
    let amount = req.amountFen;
    if (req.quantity !== undefined) {
      const q = parseDecimal(req.quantity);
      const price = priceOf(l);
      if (!l.remainingQuantity || !price) return fail('no_quantity', { line });
      if (dec.isZero(q)) return fail('quantity_zero', { line });
      if (dec.compare(q, parseDecimal(l.remainingQuantity)) > 0)
        return fail('quantity_over', { line, quantity: formatDecimal(q), remaining: l.remainingQuantity });
      const fromQuantity = amountOfQuantity(q, price);
      if (amount === undefined) amount = fromQuantity;
      else if (Math.abs(amount - fromQuantity) > 1)
        return fail('quantity_amount', {
          line,
          fromQuantity: formatYuan(fromQuantity),
          amount: formatYuan(amount),
        });
      quantity = formatDecimal(q);
    }
    if (amount === undefined) return fail('amount_missing', { line });
    if (amount <= 0) return fail('amount_zero', { line });
    if (amount > l.remainingAmountFen)
      return fail('amount_over', {
        line,
        amount: formatYuan(amount),
        remaining: formatYuan(l.remainingAmountFen),
      });
    if (amount === l.remainingAmountFen) {
      const whole = wholeLine(l, input.reason);
      lines.push(quantity === null ? whole : { ...whole, quantity });
      continue;
    }
    lines.push({
      blueLineNo: l.lineNo,
      name: l.name,
      quantity,
      amountFen: amount,
      taxFen: redTaxOf(l, amount),
    });
  }
  const partial = !open.every((o) => {
    const f = lines.find((x) => x.blueLineNo === o.lineNo);
    return f && f.amountFen === o.remainingAmountFen && f.taxFen === o.remainingTaxFen;
  });
  if (partial && input.reason === 'issue_error') return fail('partial_issue_error');
  return { ok: true, lines, partial };
}

/**
 * The preview of one line while the user types (yuan text or a quantity): the same figures the server will
 * compute, or null while the input gives none. Only a preview — the server recomputes and refuses by line.
 */
export function previewRedLine(
  l: RedBlueLine,
  input: { quantity?: string; amountFen?: number | null },
  reason: RedReasonCode,
): { amountFen: number; taxFen: number } | null {
  let amount = input.amountFen ?? null;
  if (amount === null && input.quantity && reason !== 'sales_discount' && l.unitPrice) {
    const q = tryParseDecimal(input.quantity);
    if (q) amount = amountOfQuantity(q, parseDecimal(l.unitPrice));
  }
  if (amount === null || amount <= 0) return null;
  return { amountFen: amount, taxFen: redTaxOf(l, amount) };
}
