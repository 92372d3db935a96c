/**
 * Table-driven cases from real invoices, part 1: tax-exclusive pricing — the FAPIAOAPI TaxExample invoices (§4.1,
 * §4.4) and everyday invoices at every rate. Expected figures were worked by hand from the §4.1 formulas.
 */
import { expect } from 'vitest';
import { type InvoiceCase, runInvoiceCases, water } from './invoice-cases.ts';

const CASES: InvoiceCase[] = [
  // —— tax-exclusive (§4.1: 税额 = round2(金额 × 税率)) ——
  {
    title: 'FAPIAOAPI 不含税示例1: 200.00 @1%',
    mode: 'exclusive',
    lines: [{ name: '*软件维护服务*接口服务费', amount: 20000, rate: 'rate_1' }],
    expect: [[20000, 200, 20200]],
    totals: [20000, 200, 20200],
    words: '贰佰零贰圆整',
  },
  {
    title: 'FAPIAOAPI 不含税示例2: 阶梯水费 2@3% + 3@1%',
    mode: 'exclusive',
    lines: [water('一阶水费', '2', 'rate_3'), water('二阶水费', '3', 'rate_1')],
    expect: [
      [200, 6, 206],
      [300, 3, 303],
    ],
    totals: [500, 9, 509],
    words: '伍圆零玖分',
  },
  {
    title: 'FAPIAOAPI 不含税示例3: 猪肉 1000 元 @16.8 → 数量 13 位',
    mode: 'exclusive',
    lines: [{ name: '*肉类*猪肉', unit: '斤', unitPrice: '16.8', amount: 100000, rate: 'rate_1' }],
    expect: [[100000, 1000, 101000]],
    totals: [100000, 1000, 101000],
    check: (r) => expect(r.lines[0].quantity).toBe('59.5238095238095'),
  },
  {
    title: 'FAPIAOAPI 不含税示例4: 接口服务 1000 元 7 次 → 单价 13 位',
    mode: 'exclusive',
    lines: [{ name: '*软件维护服务*接口服务费', quantity: '7', amount: 100000, rate: 'rate_1' }],
    expect: [[100000, 1000, 101000]],
    totals: [100000, 1000, 101000],
    check: (r) => expect(r.lines[0].unitPrice).toBe('142.8571428571429'),
  },
  {
    title: 'FAPIAOAPI 免税示例: 国际货运代理 32263.98 免税',
    mode: 'exclusive',
    lines: [
      {
        name: '*经纪代理服务*国际货物运输代理服务',
        quantity: '1',
        unitPrice: '32263.98',
        rate: 'rate_0',
        policy: 'exempt',
      },
    ],
    expect: [[3226398, 0, 3226398]],
    totals: [3226398, 0, 3226398],
    words: '叁万贰仟贰佰陆拾叁圆玖角捌分',
  },
  {
    title: '13% 笔记本电脑 3 × 4999.00',
    mode: 'exclusive',
    lines: [{ name: '*计算机*笔记本电脑', quantity: '3', unitPrice: '4999.00', rate: 'rate_13' }],
    expect: [[1499700, 194961, 1694661]],
    totals: [1499700, 194961, 1694661],
    words: '壹万陆仟玖佰肆拾陆圆陆角壹分',
  },
  {
    title: '9% 运输服务 12345.67 (1111.1103 → 1111.11)',
    mode: 'exclusive',
    lines: [{ name: '*运输服务*国内道路货物运输服务', amount: 1234567, rate: 'rate_9' }],
    expect: [[1234567, 111111, 1345678]],
    totals: [1234567, 111111, 1345678],
    words: '壹万叁仟肆佰伍拾陆圆柒角捌分',
  },
  {
    title: '6% 技术服务 10000.00',
    mode: 'exclusive',
    lines: [{ name: '*信息技术服务*技术服务费', amount: 1000000, rate: 'rate_6' }],
    expect: [[1000000, 60000, 1060000]],
    totals: [1000000, 60000, 1060000],
    words: '壹万零陆佰圆整',
  },
  {
    title: '5% 不动产租赁 按5%简易征收 8571.43',
    mode: 'exclusive',
    lines: [{ name: '*经营租赁*房屋租金', amount: 857143, rate: 'rate_5', policy: 'simplified_5' }],
    expect: [[857143, 42857, 900000]],
    totals: [857143, 42857, 900000],
    words: '玖仟圆整',
  },
  {
    title: '3% 0.50 → 税额 0.015 HALF_UP 0.02',
    mode: 'exclusive',
    lines: [{ name: '*小规模*配件', amount: 50, rate: 'rate_3' }],
    expect: [[50, 2, 52]],
    totals: [50, 2, 52],
    words: '伍角贰分',
  },
  {
    title: '1% 99.50 → 税额 0.995 HALF_UP 1.00',
    mode: 'exclusive',
    lines: [{ name: '*餐饮服务*餐费', amount: 9950, rate: 'rate_1' }],
    expect: [[9950, 100, 10050]],
    totals: [9950, 100, 10050],
    words: '壹佰圆零伍角整',
  },
  {
    title: '1.5% 数电口径 不含税 10000.00 × 1.5% (§4.6)',
    mode: 'exclusive',
    lines: [
      { name: '*经营租赁*住房租金', amount: 1000000, rate: 'rate_1_5', policy: 'simplified_5_reduced_1_5' },
    ],
    expect: [[1000000, 15000, 1015000]],
    totals: [1000000, 15000, 1015000],
  },
  {
    title: '不征税 预付卡销售 500.00',
    mode: 'exclusive',
    lines: [{ name: '*预付卡销售*预付卡', amount: 50000, rate: 'rate_0', policy: 'non_taxable' }],
    expect: [[50000, 0, 50000]],
    totals: [50000, 0, 50000],
  },
  {
    title: '普通零税率 出口 2000.00 (bare 0% is zero-rated, §3.2)',
    mode: 'exclusive',
    lines: [{ name: '*纺织产品*棉布', amount: 200000, rate: 'rate_0' }],
    expect: [[200000, 0, 200000]],
    totals: [200000, 0, 200000],
    check: (r) => expect(r.lines[0].policy).toBe('zero_rated'),
  },
  {
    title: '数量 3.333 × 单价 1.5 = 4.9995 → 5.00 @13%',
    mode: 'exclusive',
    lines: [{ name: '*塑料制品*包装袋', quantity: '3.333', unitPrice: '1.5', rate: 'rate_13' }],
    expect: [[500, 65, 565]],
    totals: [500, 65, 565],
  },
  {
    title: '差额征税 不含税 100000.00 扣除 80000.00 @6% (§4.6)',
    mode: 'exclusive',
    lines: [{ name: '*经纪代理服务*代理费', amount: 10000000, deduction: 8000000, rate: 'rate_6' }],
    expect: [[10000000, 120000, 10120000]],
    totals: [10000000, 120000, 10120000],
  },
  {
    title: '办公采购 三税率 13% + 6% + 9%',
    mode: 'exclusive',
    lines: [
      { name: '*纸制品*打印纸', unit: '箱', quantity: '5', unitPrice: '125', rate: 'rate_13' },
      { name: '*咨询服务*咨询费', amount: 30000, rate: 'rate_6' },
      { name: '*运输服务*运费', amount: 8888, rate: 'rate_9' },
    ],
    expect: [
      [62500, 8125, 70625],
      [30000, 1800, 31800],
      [8888, 800, 9688],
    ],
    totals: [101388, 10725, 112113],
    words: '壹仟壹佰贰拾壹圆壹角叁分',
  },
  {
    title: '上游已定税额 129.95 (−0.05 尾差) 在±0.06内',
    mode: 'exclusive',
    lines: [{ name: '*服务*服务费', amount: 100000, tax: 12995, rate: 'rate_13' }],
    expect: [[100000, 12995, 112995]],
    totals: [100000, 12995, 112995],
    check: (r) => expect(r.lines[0].taxError).toBe(-5),
  },
];

runInvoiceCases('calculateInvoice — real invoices, tax-exclusive (§4.1)', CASES);
