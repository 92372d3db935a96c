import { dec, MAX_AMOUNT_INTEGER_DIGITS, tryParseDecimal } from '@fpy/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quantityPriceInRange } from '../src/sales/calculate.ts';

/** The rule as written: the product, computed exactly, has at most 12 integer digits. */
const exact = (quantity: string, unitPrice: string) => {
  const q = tryParseDecimal(quantity);
  const p = tryParseDecimal(unitPrice);
  return !q || !p || dec.integerDigits(dec.mul(q, p)) <= MAX_AMOUNT_INTEGER_DIGITS;
};

const decimalText = fc
  .tuple(
    fc.constantFrom('', '-', '+', ' ', ' -'),
    fc.stringMatching(/^\d{1,14}$/),
    fc.option(fc.stringMatching(/^\d{1,13}$/), { nil: undefined }),
    fc.constantFrom('', ' '),
  )
  .map(([sign, int, frac, tail]) => `${sign}${int}${frac === undefined ? '' : `.${frac}`}${tail}`);

describe('quantityPriceInRange: 数量 × 单价 within 12 integer digits', () => {
  it('answers as the exact product does, whether or not the digit count settles it first', () => {
    fc.assert(
      fc.property(fc.oneof(decimalText, fc.string({ maxLength: 20 })), decimalText, (q, p) => {
        expect(quantityPriceInRange({ quantity: q, unitPrice: p })).toBe(exact(q, p));
        expect(quantityPriceInRange({ quantity: p, unitPrice: q })).toBe(exact(p, q));
      }),
      { numRuns: 5000 },
    );
  });

  it('refuses at the boundary and keeps small figures', () => {
    expect(quantityPriceInRange({ quantity: '1000000', unitPrice: '1000000' })).toBe(false);
    expect(quantityPriceInRange({ quantity: '999999', unitPrice: '999999.99' })).toBe(true);
    expect(quantityPriceInRange({ quantity: '0000001', unitPrice: '000000000001.5' })).toBe(true);
    expect(quantityPriceInRange({ quantity: '3', unitPrice: '185.05' })).toBe(true);
    expect(quantityPriceInRange({ quantity: '-3', unitPrice: '185.05' })).toBe(true);
  });
});
