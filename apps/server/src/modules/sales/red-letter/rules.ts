import type { ApplyRedFormBody, RedReason } from '@fpy/contracts';
import {
  type Decimal,
  dec,
  formatDecimal,
  formatYuan,
  mulRound,
  parseDecimal,
  rateFraction,
  roundToFen,
} from '@fpy/domain';
import { badRequest } from '../../../lib/errors.ts';
import { type BlueLine, type FormLine, invoiceNature } from './blue-lines.ts';

export const REASON_LABEL: Record<RedReason, string> = {
  issue_error: '开票有误',
  sales_return: '销货退回',
  service_suspension: '服务中止',
  sales_discount: '销售折让',
};

const refuse = (message: string) => badRequest('RED_FORM_INVALID', message);
const nothingTaken = (l: BlueLine) => l.remainingAmountFen === l.amountFen && l.remainingTaxFen === l.taxFen;
const hasRemainder = (l: BlueLine) => l.remainingAmountFen > 0 || l.remainingTaxFen > 0;

/**
 * Why `reason` cannot be used on this blue invoice (§6.1), or null. 开票有误 must reverse the whole invoice, so
 * only while nothing has been reversed yet; 销货退回 needs goods, 服务中止 needs services (first digit of the
 * 税收分类编码, see blue-lines.ts natureOf — a mixed invoice allows both).
 */
export function reasonProblem(reason: RedReason, lines: BlueLine[]): string | null {
  const nature = invoiceNature(lines);
  if (reason === 'issue_error' && !lines.every(nothingTaken))
    return '开票有误须全额红冲，该蓝字发票已部分红冲或有未完成的确认单，请选择其他红冲原因';
  if (reason === 'sales_return' && nature === 'services') return '蓝字发票明细均为服务，不能以销货退回红冲';
  if (reason === 'service_suspension' && nature === 'goods')
    return '蓝字发票明细均为货物，不能以服务中止红冲';
  return null;
}

/** The unit price a quantity is reversed at: the line's 不含税单价 (net of discount when it had one). */
const priceOf = (l: BlueLine): Decimal | null => (l.unitPrice ? parseDecimal(l.unitPrice) : null);

/** A remaining quantity goes with a full-line reversal only while quantity × price still gives the amount. */
function quantityForWholeLine(l: BlueLine, reason: RedReason): string | null {
  if (reason === 'sales_discount' || !l.remainingQuantity) return null;
  const q = parseDecimal(l.remainingQuantity);
  const price = priceOf(l);
  if (dec.isZero(q) || !price) return null;
  const diff = roundToFen(dec.mul(q, price)) - BigInt(l.remainingAmountFen);
  return diff >= -1n && diff <= 1n ? l.remainingQuantity : null;
}

const wholeLine = (l: BlueLine, reason: RedReason): FormLine => ({
  blueLineNo: l.lineNo,
  name: l.name,
  quantity: quantityForWholeLine(l, reason),
  amountFen: l.remainingAmountFen,
  taxFen: l.remainingTaxFen,
});

/**
 * The form's lines from the request, every figure checked against what remains (a precise 400 naming the blue
 * line otherwise). No lines: everything that remains. Tax of a part: round2(金额 × 税率) with the engine's
 * HALF_UP, never above the line's remaining tax; a whole remaining line takes its exact remaining tax.
 */
export function buildFormLines(
  blue: BlueLine[],
  input: Pick<ApplyRedFormBody, 'reason' | 'lines'>,
): { lines: FormLine[]; partial: boolean } {
  const problem = reasonProblem(input.reason, blue);
  if (problem) throw refuse(problem);
  const open = blue.filter(hasRemainder);
  if (!open.length) throw refuse('该蓝字发票已无可红冲金额');
  if (!input.lines) return { lines: open.map((l) => wholeLine(l, input.reason)), partial: false };

  const seen = new Set<number>();
  const lines = input.lines.map((req) => {
    const l = blue.find((b) => b.lineNo === req.blueLineNo);
    const at = `蓝字发票第${req.blueLineNo}行`;
    if (!l) throw refuse(`${at}不存在`);
    if (seen.has(l.lineNo)) throw refuse(`${at}重复填写`);
    seen.add(l.lineNo);
    if (!hasRemainder(l)) throw refuse(`${at}已无可红冲金额`);
    if (req.quantity !== undefined && input.reason === 'sales_discount')
      throw refuse(`${at}：销售折让不填写数量，请只填写折让金额`);
    let quantity: string | null = null;
    let amount = req.amountFen;
    if (req.quantity !== undefined) {
      const q = parseDecimal(req.quantity);
      const price = priceOf(l);
      if (!l.remainingQuantity || !price) throw refuse(`${at}没有数量，请填写红冲金额`);
      if (dec.isZero(q)) throw refuse(`${at}红冲数量须大于0`);
      if (dec.compare(q, parseDecimal(l.remainingQuantity)) > 0)
        throw refuse(`${at}红冲数量${formatDecimal(q)}超过可红冲数量${l.remainingQuantity}`);
      const fromQuantity = Number(roundToFen(dec.mul(q, price)));
      if (amount === undefined) amount = fromQuantity;
      else if (Math.abs(amount - fromQuantity) > 1)
        throw refuse(
          `${at}：红冲数量×单价为${formatYuan(fromQuantity)}元，与红冲金额${formatYuan(amount)}元不符`,
        );
      quantity = formatDecimal(q);
    }
    if (amount === undefined) throw refuse(`请填写${at}的红冲金额或数量`);
    if (amount <= 0) throw refuse(`${at}红冲金额须大于0`);
    if (amount > l.remainingAmountFen)
      throw refuse(`${at}红冲金额${formatYuan(amount)}元超过可红冲金额${formatYuan(l.remainingAmountFen)}元`);
    if (amount === l.remainingAmountFen) {
      const whole = wholeLine(l, input.reason);
      return quantity === null ? whole : { ...whole, quantity };
    }
    const tax = Number(mulRound(BigInt(amount), rateFraction(l.rate)));
    return {
      blueLineNo: l.lineNo,
      name: l.name,
      quantity,
      amountFen: amount,
      taxFen: Math.min(tax, l.remainingTaxFen),
    };
  });
  const partial = !open.every((o) => {
    const f = lines.find((x) => x.blueLineNo === o.lineNo);
    return f && f.amountFen === o.remainingAmountFen && f.taxFen === o.remainingTaxFen;
  });
  if (partial && input.reason === 'issue_error') throw refuse('开票有误须全额红冲，不能部分红冲');
  return { lines, partial };
}
