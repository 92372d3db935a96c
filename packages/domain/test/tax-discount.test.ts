/** 折扣行 rules of §4.5 (NUONUO-BILL E9105–E9119, dxhy 9017–9026). */
import { describe, expect, it } from 'vitest';
import { calculateInvoice } from '../src/tax/calculate-invoice.ts';
import type { InvoiceDraft, LineDraft } from '../src/tax/types.ts';

const goods = (over: Partial<LineDraft> = {}): LineDraft => ({
  name: '*日用化学产品*洗衣液',
  taxCode: '1070223010000000000',
  quantity: '10',
  unitPrice: '39.90',
  rate: 'rate_13',
  kind: 'discounted',
  ...over,
});
const off = (over: Partial<LineDraft> = {}): LineDraft => ({
  name: '*日用化学产品*洗衣液',
  taxCode: '1070223010000000000',
  amount: -3990,
  rate: 'rate_13',
  kind: 'discount',
  ...over,
});
const other: LineDraft = { name: '*纸制品*纸巾', amount: 2000, rate: 'rate_13' };
const run = (lines: LineDraft[], over: Partial<InvoiceDraft> = {}) =>
  calculateInvoice({
    type: 'digital_ordinary',
    pricingMode: 'exclusive',
    colour: 'blue',
    buyer: { name: '张三', naturalPerson: true },
    lines,
    ...over,
  }).violations.map((v) => [v.code, v.lineNo ?? null, v.message]);

describe('discount lines (§4.5)', () => {
  it.each<[string, LineDraft[], string, number, string]>([
    [
      'first line may not be a discount line',
      [off(), other],
      'discount_first_line',
      1,
      '第1行：第一行不能是折扣行',
    ],
    [
      'two discount lines may not be adjacent',
      [goods(), off(), off()],
      'discount_adjacent',
      3,
      '第3行：折扣行不能与另一折扣行相邻（一个被折扣行只能有一个折扣行）',
    ],
    [
      'discount must follow its 被折扣行',
      [other, off()],
      'discount_without_discounted',
      2,
      '第2行：折扣行须紧跟在其被折扣行之后，且该行须标为被折扣行',
    ],
    [
      'last line may not be a 被折扣行',
      [other, goods()],
      'discounted_without_discount',
      2,
      '第2行：被折扣行之后须紧跟其折扣行',
    ],
    [
      '被折扣行 followed by a normal line',
      [goods(), other, off()],
      'discounted_without_discount',
      1,
      '第1行：被折扣行之后须紧跟其折扣行',
    ],
    [
      'same 商品名称 (E9105)',
      [goods(), off({ name: '*日用化学产品*洗洁精' })],
      'discount_name_mismatch',
      2,
      '第2行：折扣行的商品名称须与第1行相同',
    ],
    [
      'same 税率 (E9112)',
      [goods(), off({ rate: 'rate_9' })],
      'discount_rate_mismatch',
      2,
      '第2行：折扣行的税率须与第1行相同',
    ],
    [
      'same 税收分类编码 (dxhy 9020)',
      [goods(), off({ taxCode: '1070223020000000000' })],
      'discount_tax_code_mismatch',
      2,
      '第2行：折扣行的税收分类编码须与第1行相同',
    ],
    [
      '|discount| ≤ discounted amount (E9108)',
      [goods(), off({ amount: -39901 }), other],
      'discount_exceeds_discounted',
      2,
      '第2行：折扣金额不能大于第1行的金额',
    ],
    [
      'blue discount amount negative (dxhy 9017)',
      [goods(), off({ amount: 3990 })],
      'discount_amount_sign',
      2,
      '第2行：折扣行金额须为负数',
    ],
    [
      'discount quantity negative if given (E9111)',
      [goods(), off({ quantity: '1', unitPrice: undefined })],
      'discount_quantity_sign',
      2,
      '第2行：折扣行如填写数量须为负数',
    ],
    [
      'discounted quantity positive (E9114)',
      [goods({ quantity: '-10', unitPrice: '39.90' }), off()],
      'quantity_sign',
      1,
      '第1行：蓝字发票的数量须为正数',
    ],
  ])('%s', (_t, lines, code, lineNo, message) => {
    expect(run(lines)).toContainEqual([code, lineNo, message]);
  });

  it('red invoices carry only normal lines', () =>
    expect(run([goods({ quantity: '-10' }), off({ amount: 3990 })], { colour: 'red' })).toContainEqual([
      'red_only_normal_lines',
      1,
      '第1行：红字发票只能包含正常行，不能有折扣行或被折扣行',
    ]));

  it('accepts several pairs, a normal line, a discount with negative quantity, and a 100% discount', () =>
    expect(
      run([
        goods(),
        off(),
        other,
        goods({ name: '*纸制品*纸巾', taxCode: undefined, quantity: '1', unitPrice: '20' }),
        off({ name: '*纸制品*纸巾', taxCode: undefined, amount: -2000, quantity: '-1' }),
      ]),
    ).toEqual([]));
});
