import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  compare,
  divide,
  formatDecimal,
  parseDecimal,
  pow10,
  type Decimal,
  roundHalfUp,
  tryParseDecimal,
} from '../src/money/decimal.ts';
import { formatYuan, mulDivRound, mulRound, parseYuan, roundToFen } from '../src/money/fen.ts';

const d = parseDecimal;

describe('exact decimal (no float parsing)', () => {
  it.each([
    ['0.13', 13n, 2],
    ['-1.500', -1500n, 3],
    ['59.5238095238095', 595238095238095n, 13],
    ['+7', 7n, 0],
  ])('parses %s', (text, int, scale) => expect(tryParseDecimal(text)).toEqual({ int, scale }));

  it.each(['', '1e3', '0x10', '.5', '1.', '1,000', 'NaN', 'Infinity', '--1'])('rejects %j', (text) =>
    expect(tryParseDecimal(text)).toBeNull(),
  );

  it('0.1 + 0.2 is exactly 0.3', () => {
    const sum = { int: d('0.1').int + d('0.2').int, scale: 1 };
    expect(compare(sum, d('0.3'))).toBe(0);
  });

  it.each([
    ['0.005', 2, '0.01'],
    ['-0.005', 2, '-0.01'],
    ['0.0049999', 2, '0'],
    ['2.5', 0, '3'],
    ['-2.5', 0, '-3'],
    ['1.23456789012345', 13, '1.2345678901235'],
  ])('HALF_UP (away from zero) rounds %s to %i decimals → %s (§4.1)', (x, scale, out) =>
    expect(formatDecimal(roundHalfUp(d(x), scale))).toBe(out),
  );

  it('divides with 13 decimals like FAPIAOAPI (1000 ÷ 16.8, §4.4)', () =>
    expect(formatDecimal(divide(d('1000'), d('16.8'), 13))).toBe('59.5238095238095'));

  it('emits at most 8 decimals for legacy channels (§4.4)', () =>
    expect(formatDecimal(d('142.8571428571429'), { maxDecimals: 8 })).toBe('142.85714286'));
});

describe('fen helpers', () => {
  it.each([
    ['1409.5', 140950],
    ['-0.05', -5],
    ['0', 0],
    ['12.340', 1234],
  ])('parses yuan %s → %i fen', (text, fen) => expect(parseYuan(text)).toBe(fen));

  it.each(['12.345', 'abc', '1e2'])('refuses %s as yuan', (text) => expect(parseYuan(text)).toBeNull());

  it.each([
    [140950, '1409.50'],
    [-5, '-0.05'],
    [0, '0.00'],
  ])('formats %i fen → %s', (fen, text) => expect(formatYuan(fen)).toBe(text));

  it('rounds products and quotients to the fen, HALF_UP (§4.1)', () => {
    expect(mulRound(50n, d('0.03'))).toBe(2n); // 0.50 × 3% = 0.015 → 0.02
    expect(mulRound(-50n, d('0.03'))).toBe(-2n);
    expect(mulDivRound(20000n, d('0.01'), d('1.01'))).toBe(198n); // 200 × 1% / 1.01 = 1.980198
    expect(roundToFen(d('4.9995'))).toBe(500n);
  });
});

describe('formatDecimal and pow10 (the fast paths of issue 28 §10)', () => {
  // The former implementation: round, drop trailing zeros by division, pad back to minDecimals.
  function reference(a: Decimal, opts: { maxDecimals?: number; minDecimals?: number } = {}): string {
    let v = opts.maxDecimals === undefined ? a : roundHalfUp(a, opts.maxDecimals);
    let { int, scale } = v;
    while (scale > 0 && int % 10n === 0n) {
      int /= 10n;
      scale--;
    }
    v = { int, scale };
    const min = opts.minDecimals ?? 0;
    if (v.scale < min) v = { int: v.int * 10n ** BigInt(min - v.scale), scale: min };
    const negative = v.int < 0n;
    const digits = (negative ? -v.int : v.int).toString().padStart(v.scale + 1, '0');
    return (
      (negative ? '-' : '') +
      digits.slice(0, digits.length - v.scale) +
      (v.scale > 0 ? `.${digits.slice(digits.length - v.scale)}` : '')
    );
  }

  it('prints what the former implementation printed, for any value and options', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        fc.integer({ min: 0, max: 20 }),
        fc.option(fc.integer({ min: 0, max: 15 }), { nil: undefined }),
        fc.option(fc.integer({ min: 0, max: 15 }), { nil: undefined }),
        (int, scale, maxDecimals, minDecimals) => {
          const opts = { maxDecimals, minDecimals };
          expect(formatDecimal({ int, scale }, opts)).toBe(reference({ int, scale }, opts));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('pow10 is exact inside and beyond its table', () => {
    for (const n of [0, 1, 2, 13, 26, 63, 64, 100]) expect(pow10(n)).toBe(10n ** BigInt(n));
  });
});
