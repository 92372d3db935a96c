/** Shared shape and runner of the table-driven real-invoice cases (tax-calculate-*.test.ts). */
import { describe, expect, it } from 'vitest';
import { calculateInvoice } from '../src/tax/calculate-invoice.ts';
import type { InvoiceDraft, LineDraft } from '../src/tax/types.ts';

type Triple = [amount: number, tax: number, inclusive: number];
export interface InvoiceCase {
  title: string;
  mode: InvoiceDraft['pricingMode'];
  lines: LineDraft[];
  /** Per line: 金额, 税额, 含税金额 in fen. */
  expect: Triple[];
  totals: Triple;
  words?: string;
  draft?: Partial<InvoiceDraft>;
  check?: (r: ReturnType<typeof calculateInvoice>) => void;
}

export const BUYER = { name: '上海某某信息科技有限公司', taxNumber: '91110108MA019HQRX9' };

/** 阶梯水费 lines of the FAPIAOAPI examples. */
export const water = (n: string, price: string, rate: LineDraft['rate']): LineDraft => ({
  name: `*水冰雪*${n}`,
  taxCode: '1100301030000000000',
  unit: '吨',
  quantity: '1',
  unitPrice: price,
  rate,
});

export function runInvoiceCases(title: string, cases: InvoiceCase[]) {
  describe(title, () => {
    it.each(cases)('$title', (c) => {
      const r = calculateInvoice({
        type: 'digital_ordinary',
        pricingMode: c.mode,
        colour: 'blue',
        buyer: BUYER,
        lines: c.lines,
        ...c.draft,
      });
      expect(r.violations).toEqual([]);
      expect(r.ok).toBe(true);
      expect(r.lines.map((l) => [l.amount, l.tax, l.amountInclusive])).toEqual(c.expect);
      expect([r.totals.amount, r.totals.tax, r.totals.total]).toEqual(c.totals);
      if (c.words) expect(r.amountInWords.digital).toBe(c.words);
      c.check?.(r);
    });
  });
}
