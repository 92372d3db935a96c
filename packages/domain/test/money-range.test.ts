import { describe, expect, it } from 'vitest';
import {
  AmountOutOfRangeError,
  amountInWords,
  bigToFen,
  calculateInvoice,
  fenToBig,
  type InvoiceDraft,
  isAmountOutOfRange,
  MAX_AMOUNT_FEN,
  MAX_AMOUNT_INTEGER_DIGITS,
  yuanIntegerDigits,
} from '../src/index.ts';

const draft = (quantity: string, unitPrice: string): InvoiceDraft => ({
  type: 'digital_ordinary',
  pricingMode: 'exclusive',
  colour: 'blue',
  buyer: { name: '上海云帆信息技术有限公司', taxNumber: '91310104MA1FR8KX39' },
  lines: [
    { name: '*信息技术服务*维护费', taxCode: '3040201030000000000', quantity, unitPrice, rate: 'rate_6' },
  ],
});

describe('amounts past what the money code can represent', () => {
  it('MAX_AMOUNT_FEN is the 12-digit rule of §4.4', () => {
    expect(yuanIntegerDigits(MAX_AMOUNT_FEN)).toBe(MAX_AMOUNT_INTEGER_DIGITS);
    expect(yuanIntegerDigits(MAX_AMOUNT_FEN + 1)).toBe(MAX_AMOUNT_INTEGER_DIGITS + 1);
    expect(Number.isSafeInteger(MAX_AMOUNT_FEN)).toBe(true);
  });

  it('amountInWords refuses more than 16 integer digits with a typed, Chinese error', () => {
    expect(amountInWords(10n ** 18n - 1n)).toMatch(/^玖仟玖佰玖拾玖万亿/);
    const fail = () => amountInWords(10n ** 18n);
    expect(fail).toThrow(AmountOutOfRangeError);
    expect(fail).toThrow(/金额超出范围/);
    expect(fail).toThrow(RangeError);
  });

  it('bigToFen and fenToBig refuse what is not a safe integer with the same error', () => {
    expect(() => bigToFen(2n ** 53n)).toThrow(AmountOutOfRangeError);
    expect(() => fenToBig(1.5)).toThrow(AmountOutOfRangeError);
    expect(() => fenToBig(Number.MAX_SAFE_INTEGER + 2)).toThrow(AmountOutOfRangeError);
  });

  it('calculateInvoice reports 13–16 digit totals as violations and refuses larger ones as out of range', () => {
    const big = calculateInvoice(draft('1000000', '10000000'));
    expect(big.ok).toBe(false);
    expect(big.violations.map((v) => v.code)).toContain('amount_too_many_digits');
    expect(big.amountInWords.digital).toMatch(/万亿/);

    // quantity × price = 10^30 yuan: the total cannot even be written in words.
    const run = () => calculateInvoice(draft('1000000000000000', '1000000000000000'));
    expect(run).toThrow(AmountOutOfRangeError);
    try {
      run();
    } catch (err) {
      expect(isAmountOutOfRange(err)).toBe(true);
      expect((err as Error).message).toBe('价税合计超出范围：整数部分不能超过12位，请检查数量、单价和金额');
      expect((err as AmountOutOfRangeError).code).toBe('AMOUNT_OUT_OF_RANGE');
    }
  });
});
