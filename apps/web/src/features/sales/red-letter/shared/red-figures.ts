import type { BlueInvoiceReply, RedReason } from '@fpy/contracts';
import {
  dec,
  mulRound,
  parseDecimal,
  parseYuan,
  rateFraction,
  roundToFen,
  tryParseDecimal,
} from '@fpy/domain';

export type BlueLine = BlueInvoiceReply['lines'][number];
export interface LineInput {
  quantity?: string;
  /** Yuan text as typed. */
  amount?: string;
}
export interface LineFigure {
  amountFen: number;
  taxFen: number;
}

/**
 * The red part of one blue line as the server will compute it (modules/sales/red-letter/rules.ts): amount typed or
 * quantity × 不含税单价, tax round2(金额 × 税率) capped at what remains, the exact remaining tax for a whole line.
 * Only a preview — the server recomputes and refuses with the line named.
 */
export function lineFigure(l: BlueLine, input: LineInput, reason: RedReason): LineFigure | null {
  let amount = input.amount ? parseYuan(input.amount) : null;
  if (amount === null && input.quantity && reason !== 'sales_discount' && l.unitPrice) {
    const q = tryParseDecimal(input.quantity);
    if (q) amount = Number(roundToFen(dec.mul(q, parseDecimal(l.unitPrice))));
  }
  if (amount === null || amount <= 0) return null;
  if (amount === l.remainingAmountFen) return { amountFen: amount, taxFen: l.remainingTaxFen };
  const tax = Number(mulRound(BigInt(amount), rateFraction(l.rate)));
  return { amountFen: amount, taxFen: Math.min(tax, l.remainingTaxFen) };
}

export const hasRemainder = (l: BlueLine) => l.remainingAmountFen > 0 || l.remainingTaxFen > 0;

export function sumFigures(figs: (LineFigure | null)[]) {
  const amount = figs.reduce((a, f) => a + (f?.amountFen ?? 0), 0);
  const tax = figs.reduce((a, f) => a + (f?.taxFen ?? 0), 0);
  return { amount, tax, total: amount + tax };
}
