import type { BlueInvoiceReply, RedReason } from '@fpy/contracts';
import { hasRemainder, parseYuan, previewRedLine } from '@fpy/domain';

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
 * The red part of one blue line while the user types: the red-letter rule of packages/domain, the same code
 * the server builds the form with. Only a preview — the server recomputes and refuses with the line named.
 */
export function lineFigure(l: BlueLine, input: LineInput, reason: RedReason): LineFigure | null {
  const amountFen = input.amount ? parseYuan(input.amount) : null;
  return previewRedLine(l, { quantity: input.quantity, amountFen }, reason);
}

export { hasRemainder };

export function sumFigures(figs: (LineFigure | null)[]) {
  const amount = figs.reduce((a, f) => a + (f?.amountFen ?? 0), 0);
  const tax = figs.reduce((a, f) => a + (f?.taxFen ?? 0), 0);
  return { amount, tax, total: amount + tax };
}
