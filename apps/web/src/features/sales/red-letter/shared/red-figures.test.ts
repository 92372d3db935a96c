import { describe, expect, it } from 'vitest';
import { type BlueLine, lineFigure, sumFigures } from './red-figures.ts';

const line: BlueLine = {
  lineNo: 1,
  name: '*计算机*鼠标',
  taxCode: '1090511030000000000',
  spec: null,
  unit: '个',
  quantity: '3',
  unitPrice: '33.33',
  rate: 'rate_13',
  amountFen: 9_999,
  taxFen: 1_300,
  remainingAmountFen: 9_999,
  remainingTaxFen: 1_300,
  remainingQuantity: '3',
  nature: 'goods',
};

describe('red figures preview (the red-letter rule of packages/domain)', () => {
  it('prices a quantity, rounds the tax HALF_UP and gives a whole line its exact tax', () => {
    expect(lineFigure(line, { quantity: '1' }, 'sales_return')).toEqual({ amountFen: 3_333, taxFen: 433 });
    expect(lineFigure(line, { amount: '99.99' }, 'sales_return')).toEqual({
      amountFen: 9_999,
      taxFen: 1_300,
    });
    // 销售折让 ignores a quantity; nothing typed gives nothing.
    expect(lineFigure(line, { quantity: '1' }, 'sales_discount')).toBeNull();
    expect(lineFigure(line, {}, 'sales_return')).toBeNull();
    expect(sumFigures([{ amountFen: 3_333, taxFen: 433 }, null])).toEqual({
      amount: 3_333,
      tax: 433,
      total: 3_766,
    });
  });
});
