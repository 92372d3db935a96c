/**
 * Table-driven cases from real invoices, part 2: tax-inclusive pricing (FAPIAOAPI TaxExample 含税示例, §4.1), the
 * 1.5% formulas (§4.6), red invoices and discount pairs (§4.5). Expected figures were worked by hand from §4.1.
 */
import { expect } from 'vitest';
import { type InvoiceCase, runInvoiceCases, water } from './invoice-cases.ts';

const CASES: InvoiceCase[] = [
  // —— tax-inclusive (§4.1: 税额 = round2(含税金额 × 税率 / (1 + 税率)), 金额 = 含税 − 税额) ——
  {
    title: 'FAPIAOAPI 含税示例1: 200.00 @1% → 1.98',
    mode: 'inclusive',
    lines: [{ name: '*软件维护服务*接口服务费', amount: 20000, rate: 'rate_1' }],
    expect: [[19802, 198, 20000]],
    totals: [19802, 198, 20000],
    words: '贰佰圆整',
  },
  {
    title: 'FAPIAOAPI 含税示例2: 阶梯水费 2@3% + 3@1%',
    mode: 'inclusive',
    lines: [water('一阶水费', '2', 'rate_3'), water('二阶水费', '3', 'rate_1')],
    expect: [
      [194, 6, 200],
      [297, 3, 300],
    ],
    totals: [491, 9, 500],
    words: '伍圆整',
  },
  {
    title: 'FAPIAOAPI 含税示例3: 猪肉 1000 元 @16.8',
    mode: 'inclusive',
    lines: [{ name: '*肉类*猪肉', unitPrice: '16.8', amount: 100000, rate: 'rate_1' }],
    expect: [[99010, 990, 100000]],
    totals: [99010, 990, 100000],
    check: (r) =>
      expect(r.lines[0]).toMatchObject({
        quantity: '59.5238095238095',
        unitPriceExclusive: '16.6336633663366',
      }),
  },
  {
    title: 'FAPIAOAPI 含税示例4: 1000 元 7 次',
    mode: 'inclusive',
    lines: [{ name: '*软件维护服务*接口服务费', quantity: '7', amount: 100000, rate: 'rate_1' }],
    expect: [[99010, 990, 100000]],
    totals: [99010, 990, 100000],
    check: (r) => expect(r.lines[0].unitPrice).toBe('142.8571428571429'),
  },
  {
    title: '13% 含税 113.00 → 13.00',
    mode: 'inclusive',
    lines: [{ name: '*日用杂品*收纳盒', amount: 11300, rate: 'rate_13' }],
    expect: [[10000, 1300, 11300]],
    totals: [10000, 1300, 11300],
  },
  {
    title: '13% 含税 100.00 → 11.50 (误差 −0.01)',
    mode: 'inclusive',
    lines: [{ name: '*日用杂品*水杯', amount: 10000, rate: 'rate_13' }],
    expect: [[8850, 1150, 10000]],
    totals: [8850, 1150, 10000],
    check: (r) => expect(r.totals.taxError).toBe(-1),
  },
  {
    title: '9% 含税 1090.00 → 90.00',
    mode: 'inclusive',
    lines: [{ name: '*建筑服务*工程服务', amount: 109000, rate: 'rate_9' }],
    expect: [[100000, 9000, 109000]],
    totals: [100000, 9000, 109000],
  },
  {
    title: '6% 含税 1000.00 → 56.60',
    mode: 'inclusive',
    lines: [{ name: '*现代服务*会议服务', amount: 100000, rate: 'rate_6' }],
    expect: [[94340, 5660, 100000]],
    totals: [94340, 5660, 100000],
    words: '壹仟圆整',
  },
  {
    title: '3% 含税 1.03 → 0.03',
    mode: 'inclusive',
    lines: [{ name: '*小规模*零件', amount: 103, rate: 'rate_3' }],
    expect: [[100, 3, 103]],
    totals: [100, 3, 103],
  },
  {
    title: '1% 含税 0.50 → 0.00495 → 0.00',
    mode: 'inclusive',
    lines: [{ name: '*小规模*零件', amount: 50, rate: 'rate_1' }],
    expect: [[50, 0, 50]],
    totals: [50, 0, 50],
    words: '伍角整',
  },
  {
    title: '5% 含税 9000.00 → 428.57',
    mode: 'inclusive',
    lines: [{ name: '*经营租赁*房屋租金', amount: 900000, rate: 'rate_5', policy: 'simplified_5' }],
    expect: [[857143, 42857, 900000]],
    totals: [857143, 42857, 900000],
  },
  {
    title: '1.5% 数电口径 含税 10150.00 ÷ 1.015 × 1.5% (§4.6)',
    mode: 'inclusive',
    lines: [
      { name: '*经营租赁*住房租金', amount: 1015000, rate: 'rate_1_5', policy: 'simplified_5_reduced_1_5' },
    ],
    expect: [[1000000, 15000, 1015000]],
    totals: [1000000, 15000, 1015000],
  },
  {
    title: '1.5% 税控口径 含税 10500.00 ÷ 1.05 × 1.5% (§4.6)',
    mode: 'inclusive',
    draft: { type: 'electronic_ordinary' },
    lines: [
      { name: '*经营租赁*住房租金', amount: 1050000, rate: 'rate_1_5', policy: 'simplified_5_reduced_1_5' },
    ],
    expect: [[1035000, 15000, 1050000]],
    totals: [1035000, 15000, 1050000],
    check: (r) => expect(r.lines[0].taxError).toBe(0),
  },
  {
    title: '1.5% 税控口径 configured on a 数电 channel',
    mode: 'inclusive',
    draft: { options: { reducedRateFormula: 'legacy' } },
    lines: [
      { name: '*经营租赁*住房租金', amount: 1050000, rate: 'rate_1_5', policy: 'simplified_5_reduced_1_5' },
    ],
    expect: [[1035000, 15000, 1050000]],
    totals: [1035000, 15000, 1050000],
  },
  {
    title: '差额征税 含税 106000.00 扣除 53000.00 @6% (§4.6)',
    mode: 'inclusive',
    lines: [{ name: '*人力资源服务*劳务派遣', amount: 10600000, deduction: 5300000, rate: 'rate_6' }],
    expect: [[10300000, 300000, 10600000]],
    totals: [10300000, 300000, 10600000],
  },
  {
    title: '酒店 住宿 3 晚 × 398 @6% + 矿泉水 2 × 5 @13%',
    mode: 'inclusive',
    lines: [
      { name: '*住宿服务*住宿费', unit: '晚', quantity: '3', unitPrice: '398', rate: 'rate_6' },
      { name: '*饮料*矿泉水', unit: '瓶', quantity: '2', unitPrice: '5', rate: 'rate_13' },
    ],
    expect: [
      [112642, 6758, 119400],
      [885, 115, 1000],
    ],
    totals: [113527, 6873, 120400],
    words: '壹仟贰佰零肆圆整',
  },
  {
    title: '0.05 含税 @13% → 0.00575 → 0.01',
    mode: 'inclusive',
    lines: [{ name: '*塑料制品*购物袋', amount: 5, rate: 'rate_13' }],
    expect: [[4, 1, 5]],
    totals: [4, 1, 5],
    words: '伍分',
  },

  // —— red invoices: negative amounts and quantities, positive price (§4.1) ——
  {
    title: '红字 13% 笔记本电脑 −3 × 4999.00',
    mode: 'exclusive',
    draft: { colour: 'red', type: 'digital_special' },
    lines: [{ name: '*计算机*笔记本电脑', quantity: '-3', unitPrice: '4999', rate: 'rate_13' }],
    expect: [[-1499700, -194961, -1694661]],
    totals: [-1499700, -194961, -1694661],
    words: '（负数）壹万陆仟玖佰肆拾陆圆陆角壹分',
  },
  {
    title: '红字 含税 −100.00 @13% mirrors the blue line',
    mode: 'inclusive',
    draft: { colour: 'red' },
    lines: [{ name: '*日用杂品*水杯', amount: -10000, rate: 'rate_13' }],
    expect: [[-8850, -1150, -10000]],
    totals: [-8850, -1150, -10000],
  },
  {
    title: '红字 −0.50 @3% → −0.02 (HALF_UP away from zero)',
    mode: 'exclusive',
    draft: { colour: 'red' },
    lines: [{ name: '*小规模*配件', amount: -50, rate: 'rate_3' }],
    expect: [[-50, -2, -52]],
    totals: [-50, -2, -52],
  },
  {
    title: '红字 税控电子普票 两行',
    mode: 'inclusive',
    draft: { colour: 'red', type: 'electronic_ordinary' },
    lines: [
      { name: '*软件维护服务*接口服务费', amount: -20000, rate: 'rate_1' },
      { ...water('二阶水费', '3', 'rate_1'), quantity: '-1' },
    ],
    expect: [
      [-19802, -198, -20000],
      [-297, -3, -300],
    ],
    totals: [-20099, -201, -20300],
    words: '（负数）贰佰零叁圆整',
  },

  // —— discounts (§4.5) ——
  {
    title: '折扣 不含税 洗衣液 10 × 39.90 减 39.90 @13%',
    mode: 'exclusive',
    lines: [
      {
        name: '*日用化学产品*洗衣液',
        quantity: '10',
        unitPrice: '39.90',
        rate: 'rate_13',
        kind: 'discounted',
      },
      { name: '*日用化学产品*洗衣液', amount: -3990, rate: 'rate_13', kind: 'discount' },
    ],
    expect: [
      [39900, 5187, 45087],
      [-3990, -519, -4509],
    ],
    totals: [35910, 4668, 40578],
    words: '肆佰零伍圆柒角捌分',
  },
  {
    title: '折扣 含税 会议服务 1060.00 减 106.00 @6%',
    mode: 'inclusive',
    lines: [
      { name: '*现代服务*会议服务', amount: 106000, rate: 'rate_6', kind: 'discounted' },
      { name: '*现代服务*会议服务', amount: -10600, rate: 'rate_6', kind: 'discount' },
    ],
    expect: [
      [100000, 6000, 106000],
      [-10000, -600, -10600],
    ],
    totals: [90000, 5400, 95400],
  },
];

runInvoiceCases('calculateInvoice — real invoices, tax-inclusive / red / discount (§4.1)', CASES);
