import type { CalcDraft, CalcResult } from '@fpy/contracts';
import {
  type CodeRatesLookup,
  type Fen,
  calculateInvoice,
  formatYuan,
  type InvoiceDraft,
  rateLabel,
} from '@fpy/domain';
import { refuseOutOfRange } from './out-of-range.ts';

// A figure beyond a safe integer is already reported by the engine (12-digit limit); show it without formatting.
const money = (fen: Fen) => ({ fen, yuan: Number.isSafeInteger(fen) ? formatYuan(fen) : String(fen) });

/**
 * Runs the draft through calculateInvoice and reshapes the answer for the wire. No arithmetic happens here:
 * every figure, word and violation is the engine's own (domain notes §4), so web and server cannot disagree.
 */
export function calculateDraft(body: CalcDraft, codeRates?: CodeRatesLookup): CalcResult {
  const draft: InvoiceDraft = {
    type: body.type,
    pricingMode: body.pricingMode,
    colour: body.colour,
    buyer: body.buyer,
    options: body.options,
    lines: body.lines,
    // Blue drafts only: a red invoice reverses what was issued, whatever rate that was.
    ...(codeRates && body.colour === 'blue' ? { codeRates } : {}),
  };
  const r = refuseOutOfRange(() => calculateInvoice(draft));
  return {
    ok: r.ok,
    lines: r.lines.map((l) => ({
      lineNo: l.lineNo,
      kind: l.kind,
      rate: l.rate,
      rateLabel: rateLabel(l.rate),
      policy: l.policy ?? null,
      quantity: l.quantity ?? null,
      unitPrice: l.unitPrice ?? null,
      unitPriceExclusive: l.unitPriceExclusive ?? null,
      amount: money(l.amount),
      tax: money(l.tax),
      amountInclusive: money(l.amountInclusive),
      deduction: l.deduction === undefined ? null : money(l.deduction),
      expectedTax: money(l.expectedTax),
      taxError: money(l.taxError),
    })),
    totals: {
      amount: money(r.totals.amount),
      tax: money(r.totals.tax),
      total: money(r.totals.total),
      taxError: money(r.totals.taxError),
    },
    amountInWords: r.amountInWords,
    listRequired: r.listRequired,
    violations: r.violations.map((v) => ({
      code: v.code,
      severity: v.severity,
      lineNo: v.lineNo ?? null,
      message: v.message,
    })),
  };
}
