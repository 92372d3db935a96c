import { describe, expect, it } from 'vitest';
import { type BlueLine, natureOf } from '../../src/modules/sales/red-letter/blue-lines.ts';
import { buildFormLines, reasonProblem } from '../../src/modules/sales/red-letter/rules.ts';

/** 3 × 33.33 at 13%: 金额 99.99, 税额 13.00 (round2(99.99 × 0.13) = 13.00). */
const line = (over: Partial<BlueLine> = {}): BlueLine => ({
  lineNo: 1,
  name: '*计算机*鼠标',
  taxCode: '1090511030000000000',
  spec: null,
  unit: '个',
  quantity: '3',
  unitPrice: '33.33',
  rate: 'rate_13',
  policy: null,
  amountFen: 9_999,
  taxFen: 1_300,
  remainingAmountFen: 9_999,
  remainingTaxFen: 1_300,
  remainingQuantity: '3',
  nature: 'goods',
  ...over,
});

describe('red-letter rules (notes §6.1)', () => {
  it('reads goods and services from the first digit of the tax code', () => {
    expect(
      ['1090511030000000000', '2010000000000000000', '3040201030000000000', '4010000000000000000', null].map(
        natureOf,
      ),
    ).toEqual(['goods', 'services', 'services', 'other', 'other']);
  });

  it('derives the tax of a part with HALF_UP and caps it at what remains; a whole line takes its exact rest', () => {
    const one = buildFormLines([line()], {
      reason: 'sales_return',
      lines: [{ blueLineNo: 1, quantity: '1' }],
    });
    // 33.33 × 13% = 4.3329 → 4.33
    expect(one).toEqual({
      partial: true,
      lines: [{ blueLineNo: 1, name: '*计算机*鼠标', quantity: '1', amountFen: 3_333, taxFen: 433 }],
    });
    const rest = line({ remainingAmountFen: 6_666, remainingTaxFen: 867, remainingQuantity: '2' });
    expect(
      buildFormLines([rest], { reason: 'sales_return', lines: [{ blueLineNo: 1, amountFen: 6_666 }] })
        .lines[0],
    ).toEqual({ blueLineNo: 1, name: '*计算机*鼠标', quantity: '2', amountFen: 6_666, taxFen: 867 });
    // A discount never carries a quantity, even for the whole line.
    expect(buildFormLines([rest], { reason: 'sales_discount' }).lines[0].quantity).toBeNull();
    // The quantity is dropped when quantity × price no longer gives the remaining amount.
    const uneven = line({ remainingAmountFen: 5_000, remainingTaxFen: 650, remainingQuantity: '3' });
    expect(buildFormLines([uneven], { reason: 'sales_return' }).lines[0].quantity).toBeNull();
  });

  it('states each refusal precisely', () => {
    const services = line({ nature: 'services', taxCode: '3040201030000000000' });
    expect(reasonProblem('sales_return', [services])).toContain('不能以销货退回红冲');
    expect(reasonProblem('service_suspension', [line()])).toContain('不能以服务中止红冲');
    expect(reasonProblem('sales_return', [line(), services])).toBeNull();
    expect(reasonProblem('issue_error', [line({ remainingAmountFen: 1 })])).toContain('开票有误须全额红冲');
    const refusal = (lines: object[]) => () =>
      buildFormLines([line()], { reason: 'sales_return', lines: lines as never });
    expect(refusal([{ blueLineNo: 1, amountFen: 10_000 }])).toThrow(
      '蓝字发票第1行红冲金额100.00元超过可红冲金额99.99元',
    );
    expect(
      refusal([
        { blueLineNo: 1, quantity: '1' },
        { blueLineNo: 1, quantity: '1' },
      ]),
    ).toThrow('重复填写');
    expect(refusal([{ blueLineNo: 1, amountFen: 0 }])).toThrow('红冲金额须大于0');
    expect(() =>
      buildFormLines([line({ remainingAmountFen: 0, remainingTaxFen: 0 })], { reason: 'sales_return' }),
    ).toThrow('已无可红冲金额');
    // Covering every line in full is a full red, so 开票有误 accepts it.
    expect(
      buildFormLines([line()], { reason: 'issue_error', lines: [{ blueLineNo: 1, amountFen: 9_999 }] })
        .partial,
    ).toBe(false);
  });
});
