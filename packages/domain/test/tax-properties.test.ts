/**
 * Property tests (fast-check): the §4.1 identities hold for any lines in both modes and at every rate, red is the
 * exact mirror of blue, inclusive → exclusive → inclusive round-trips within the §4.2 tolerance, and 大写 (§4.7)
 * reads back to the same amount.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LEGACY_WORDS_STYLE, amountInWords } from '../src/tax/amount-in-words.ts';
import { calculateInvoice } from '../src/tax/calculate-invoice.ts';
import type { PreferentialPolicy, TaxRate } from '../src/tax/rates.ts';
import type { InvoiceDraft, LineDraft, PricingMode } from '../src/tax/types.ts';

const RATES: [TaxRate, PreferentialPolicy?][] = [
  ['rate_13'],
  ['rate_9'],
  ['rate_6'],
  ['rate_5'],
  ['rate_3'],
  ['rate_1'],
  ['rate_5', 'simplified_5'],
  ['rate_3', 'simplified_3'],
  ['rate_1_5', 'simplified_5_reduced_1_5'],
  ['rate_13', 'immediate_refund_70'],
  ['rate_0', 'exempt'],
  ['rate_0', 'non_taxable'],
  ['rate_0'],
];
const decimalText = (int: bigint, scale: number) => {
  const s = int.toString().padStart(scale + 1, '0');
  return scale ? `${s.slice(0, -scale)}.${s.slice(-scale)}` : s;
};
const rateArb = fc.constantFrom(...RATES);
const modeArb = fc.constantFrom<PricingMode>('exclusive', 'inclusive');
/** A line given by its amount, or by quantity × unit price (up to 6 and 8 decimals); 25 lines stay within 12 digits. */
const lineArb: fc.Arbitrary<LineDraft> = fc.oneof(
  fc.record({ amount: fc.integer({ min: 1, max: 10_000_000_000 }), r: rateArb }).map(({ amount, r }) => ({
    name: '*服务*服务费',
    amount,
    rate: r[0],
    ...(r[1] ? { policy: r[1] } : {}),
  })),
  fc
    .record({
      q: fc.bigInt({ min: 1n, max: 10_000n }),
      qs: fc.integer({ min: 0, max: 6 }),
      p: fc.bigInt({ min: 1n, max: 1_000_000n }),
      ps: fc.integer({ min: 0, max: 8 }),
      r: rateArb,
    })
    .map(({ q, qs, p, ps, r }) => ({
      name: '*货物*商品',
      quantity: decimalText(q, qs),
      unitPrice: decimalText(p, ps),
      rate: r[0],
      ...(r[1] ? { policy: r[1] } : {}),
    })),
);
const draftArb = fc.record({ mode: modeArb, lines: fc.array(lineArb, { minLength: 1, maxLength: 25 }) }).map(
  ({ mode, lines }): InvoiceDraft => ({
    type: 'digital_ordinary',
    pricingMode: mode,
    colour: 'blue',
    buyer: { name: '张三', naturalPerson: true },
    options: { invoiceTaxTolerance: false },
    lines,
  }),
);
/** 金额 ≥ 0.02 on every line, so a one-fen re-pricing difference cannot round a line to 0.00. */
const notTiny = (d: InvoiceDraft) => calculateInvoice(d).lines.every((l) => l.amount >= 2);

describe('identities (§4.1)', () => {
  it('金额 + 税额 = 含税金额 per line, Σ lines = totals, 合计金额 + 合计税额 = 价税合计', () =>
    fc.assert(
      fc.property(draftArb, (d) => {
        const r = calculateInvoice(d);
        for (const l of r.lines) expect(l.amount + l.tax).toBe(l.amountInclusive);
        expect(r.lines.reduce((s, l) => s + l.amount, 0)).toBe(r.totals.amount);
        expect(r.lines.reduce((s, l) => s + l.tax, 0)).toBe(r.totals.tax);
        expect(r.lines.reduce((s, l) => s + l.amountInclusive, 0)).toBe(r.totals.total);
        expect(r.totals.amount + r.totals.tax).toBe(r.totals.total);
        expect(r.lines.reduce((s, l) => s + l.taxError, 0)).toBe(r.totals.taxError);
      }),
      { numRuns: 300 },
    ));

  it('computed lines never break the ±0.06 line tolerance (each error is at most one fen)', () =>
    fc.assert(
      fc.property(draftArb, (d) => {
        const r = calculateInvoice(d);
        for (const l of r.lines) expect(Math.abs(l.taxError)).toBeLessThanOrEqual(1);
        expect(r.violations.filter((v) => v.code === 'line_tax_tolerance')).toEqual([]);
      }),
      { numRuns: 300 },
    ));

  it('a red invoice is the exact mirror of its blue invoice (HALF_UP away from zero)', () =>
    fc.assert(
      fc.property(draftArb, (d) => {
        const neg = (t?: string) => (t === undefined ? undefined : `-${t}`);
        const red: InvoiceDraft = {
          ...d,
          colour: 'red',
          lines: d.lines.map((l) => ({
            ...l,
            amount: l.amount === undefined ? undefined : -l.amount,
            quantity: neg(l.quantity),
          })),
        };
        const b = calculateInvoice(d);
        const r = calculateInvoice(red);
        expect(
          r.lines.map((l) => [0 - l.amount, 0 - l.tax, 0 - l.amountInclusive].map((v) => v + 0)),
        ).toEqual(b.lines.map((l) => [l.amount, l.tax, l.amountInclusive]));
        expect(r.totals.total + b.totals.total).toBe(0);
      }),
      { numRuns: 200 },
    ));
});

describe('round trip inclusive → exclusive → inclusive (§4.1, §4.2)', () => {
  const plainRates = RATES.filter(([r]) => r !== 'rate_1_5');
  it('re-pricing each 金额 exclusively gives back the 含税金额 within one fen (tolerance 0.06)', () =>
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000_000 }),
        fc.constantFrom(...plainRates),
        (amount, [rate, policy]) => {
          const base = {
            type: 'digital_ordinary',
            colour: 'blue',
            buyer: { name: '张三', naturalPerson: true },
          } as const;
          const inc = calculateInvoice({
            ...base,
            pricingMode: 'inclusive',
            lines: [{ name: '*服务*费', amount, rate, policy }],
          });
          const je = inc.lines[0].amount;
          const exc = calculateInvoice({
            ...base,
            pricingMode: 'exclusive',
            lines: [{ name: '*服务*费', amount: je, rate, policy }],
          });
          expect(Math.abs(exc.lines[0].amountInclusive - amount)).toBeLessThanOrEqual(1);
          expect(Math.abs(exc.lines[0].tax - inc.lines[0].tax)).toBeLessThanOrEqual(6);
        },
      ),
      { numRuns: 500 },
    ));

  it('quantity × 不含税单价 reproduces 金额 within ±0.01 (§4.4) and the exclusive invoice is clean', () =>
    fc.assert(
      fc.property(
        draftArb.map((d) => ({
          ...d,
          pricingMode: 'inclusive' as const,
          lines: d.lines.filter((l) => l.quantity && l.rate !== 'rate_1_5'),
        })),
        (d) => {
          fc.pre(d.lines.length > 0 && notTiny(d));
          const inc = calculateInvoice(d);
          const exc = calculateInvoice({
            ...d,
            pricingMode: 'exclusive',
            lines: d.lines.map((l, i) => ({ ...l, unitPrice: inc.lines[i].unitPriceExclusive })),
          });
          for (const [i, l] of exc.lines.entries())
            expect(Math.abs(l.amount - inc.lines[i].amount)).toBeLessThanOrEqual(1);
          expect(exc.violations).toEqual([]);
        },
      ),
      { numRuns: 200 },
    ));
});

/** Reads 大写 back into fen: an independent check of §4.7's digit and unit placement. */
function readWords(words: string): bigint {
  const negative = words.startsWith('（负数）');
  const s = negative ? words.slice(4) : words;
  const DIG = '零壹贰叁肆伍陆柒捌玖';
  const SMALL: Record<string, bigint> = { 拾: 10n, 佰: 100n, 仟: 1000n };
  let total = 0n;
  let section = 0n;
  let num = 0n;
  let fen = 0n;
  for (const ch of s) {
    const d = DIG.indexOf(ch);
    if (d >= 0) num = BigInt(d);
    else if (SMALL[ch]) {
      section += num * SMALL[ch];
      num = 0n;
    } else if (ch === '万') {
      total += (section + num) * 10_000n;
      section = num = 0n;
    } else if (ch === '亿') {
      total = (total + section + num) * 100_000_000n;
      section = num = 0n;
    } else if (ch === '圆' || ch === '元') {
      total += section + num;
      section = num = 0n;
    } else if (ch === '角') {
      fen += num * 10n;
      num = 0n;
    } else if (ch === '分') {
      fen += num;
      num = 0n;
    }
  }
  const value = total * 100n + fen;
  return negative ? -value : value;
}

describe('amount in words (§4.7)', () => {
  it('reads back to the same amount, with no doubled 零 and no 整 after 分', () =>
    fc.assert(
      fc.property(fc.bigInt({ min: -99_999_999_999_999n, max: 99_999_999_999_999n }), (fen) => {
        for (const w of [amountInWords(fen), amountInWords(fen, LEGACY_WORDS_STYLE)]) {
          expect(readWords(w)).toBe(fen);
          if (fen !== 0n) expect(w).not.toMatch(/零零|零[圆元万亿角分]|分整|^零/);
        }
      }),
      { numRuns: 2000 },
    ));
});
