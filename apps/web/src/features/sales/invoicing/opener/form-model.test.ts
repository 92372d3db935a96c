import { describe, expect, test } from 'vitest';
import { emptyLine, newClientSerial, priceInMode, sentLines, toCalcLine } from './form-model.ts';

describe('issuing form model', () => {
  test('blank rows are not sent, and engine line numbers map back to grid rows', () => {
    const a = { ...emptyLine(), name: '*信息技术服务*接口服务费', quantity: '2', unitPrice: '100' };
    const b = { ...emptyLine(), name: '*信息技术服务*年费', amount: '50.00' };
    const { lines, index } = sentLines([a, emptyLine(), b]);
    expect(index).toEqual([0, 2]);
    expect(lines[0]).toMatchObject({ quantity: '2', unitPrice: '100', amount: undefined });
    expect(lines[1]).toMatchObject({ amount: 5_000, quantity: undefined });
  });

  test('a discount is typed positive and sent negative, without quantity or price', () => {
    const d = {
      ...emptyLine(),
      kind: 'discount' as const,
      name: 'x',
      amount: '10',
      quantity: '1',
      unitPrice: '5',
    };
    expect(toCalcLine(d)).toMatchObject({
      kind: 'discount',
      amount: -1_000,
      quantity: undefined,
      unitPrice: undefined,
    });
  });

  test('a commodity price moves between pricing modes by the rate', () => {
    expect(priceInMode('100', 'exclusive', 'inclusive', 'rate_13')).toBe('113');
    expect(priceInMode('113', 'inclusive', 'exclusive', 'rate_13')).toBe('100');
    expect(priceInMode('9999', 'inclusive', 'exclusive', 'rate_13')).toBe('8848.67256637');
    expect(priceInMode(null, 'inclusive', 'exclusive', 'rate_13')).toBe('');
  });

  test('client serials are valid idempotency keys and differ per form session', () => {
    const a = newClientSerial();
    expect(a).toMatch(/^[\w.:-]{1,64}$/);
    expect(newClientSerial()).not.toBe(a);
  });
});
