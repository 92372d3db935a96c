/** Violations with their codes, line numbers and Chinese messages (§1.4, §3, §4.2–§4.4, §4.6, §4.9, §5). */
import { describe, expect, it } from 'vitest';
import { calculateInvoice } from '../src/tax/calculate-invoice.ts';
import type { InvoiceDraft, LineDraft } from '../src/tax/types.ts';

const BUYER = { name: '北京某某商贸有限公司', taxNumber: '91110108MA019HQRX9' };
const line = (over: Partial<LineDraft> = {}): LineDraft => ({
  name: '*服务*服务费',
  amount: 100000,
  rate: 'rate_13',
  ...over,
});
const draft = (over: Partial<InvoiceDraft> = {}): InvoiceDraft => ({
  type: 'digital_ordinary',
  pricingMode: 'exclusive',
  colour: 'blue',
  buyer: BUYER,
  lines: [line()],
  ...over,
});

interface Bad {
  title: string;
  draft: InvoiceDraft;
  code: string;
  lineNo?: number;
  message?: string;
}

const many = (n: number, l: LineDraft) => Array.from({ length: n }, () => l);

const BAD: Bad[] = [
  {
    title: '§4.2 税额误差 −0.07 超过 ±0.06',
    draft: draft({ lines: [line({ tax: 12993 })] }),
    code: 'line_tax_tolerance',
    lineNo: 1,
    message: '第1行：税额129.93与金额×税率130.00的误差超过±0.06元',
  },
  {
    title: '§4.2 税额误差 +0.07 超过 ±0.06',
    draft: draft({ lines: [line(), line(), line({ tax: 13007 })] }),
    code: 'line_tax_tolerance',
    lineNo: 3,
    message: '第3行：税额130.07与金额×税率130.00的误差超过±0.06元',
  },
  {
    title: '§4.2 tolerance is configurable (0.00)',
    draft: draft({ lines: [line({ tax: 12999 })], options: { lineTaxTolerance: 0 } }),
    code: 'line_tax_tolerance',
    lineNo: 1,
  },
  {
    title: '§4.3 22 lines × +0.06 = 1.32 > 1.27',
    draft: draft({ lines: many(22, line({ tax: 13006 })) }),
    code: 'invoice_tax_tolerance',
    message: '整张发票明细行税额误差之和1.32元超过±1.27元，请拆分或调整后开具',
  },
  {
    title: '§4.3 128 inclusive lines of 100.00 @13% each −0.01 → −1.28',
    draft: draft({ pricingMode: 'inclusive', lines: many(128, line({ amount: 10000 })) }),
    code: 'invoice_tax_tolerance',
  },
  {
    title: '§4.4 round2(数量×单价) 14997.00 vs 金额 14997.02',
    draft: draft({ lines: [line({ quantity: '3', unitPrice: '4999', amount: 1499702 })] }),
    code: 'quantity_price_mismatch',
    lineNo: 1,
    message: '第1行：数量×单价与金额的误差超过±0.01元',
  },
  {
    title: '§4.4 蓝字 zero line',
    draft: draft({ lines: [line(), line({ amount: 0 })] }),
    code: 'line_amount_zero',
    lineNo: 2,
    message: '第2行：蓝字发票的金额不能为零',
  },
  {
    title: '§4.1 蓝字 negative normal line',
    draft: draft({ lines: [line(), line({ amount: -100 })] }),
    code: 'line_amount_sign',
    lineNo: 2,
  },
  {
    title: '§4.1 红字 positive line',
    draft: draft({ colour: 'red', lines: [line({ amount: -100000 }), line()] }),
    code: 'line_amount_sign',
    lineNo: 2,
    message: '第2行：红字发票的金额须为负数',
  },
  {
    title: '§4.1 红字 positive quantity',
    draft: draft({ colour: 'red', lines: [line({ amount: undefined, quantity: '2', unitPrice: '-5' })] }),
    code: 'quantity_sign',
    lineNo: 1,
  },
  {
    title: '§4.1 unit price never negative',
    draft: draft({ colour: 'red', lines: [line({ amount: undefined, quantity: '2', unitPrice: '-5' })] }),
    code: 'unit_price_sign',
    lineNo: 1,
  },
  {
    title: '§4.1 蓝字 quantity must be positive',
    draft: draft({ lines: [line({ amount: 1000, quantity: '-2' })] }),
    code: 'quantity_sign',
    lineNo: 1,
  },
  {
    title: '§4.4 金额整数部分 > 12 位',
    draft: draft({ lines: [line({ amount: 100_000_000_000_000, rate: 'rate_0', policy: 'exempt' })] }),
    code: 'amount_too_many_digits',
    lineNo: 1,
    message: '第1行：金额整数部分不能超过12位',
  },
  {
    title: '§4.4 价税合计 > 12 位 over two lines',
    draft: draft({ lines: many(2, line({ amount: 60_000_000_000_000, rate: 'rate_0' })) }),
    code: 'amount_too_many_digits',
    message: '合计金额整数部分不能超过12位',
  },
  {
    title: '§3.2 0% line with tax',
    draft: draft({ lines: [line({ rate: 'rate_0', policy: 'exempt', tax: 1 })] }),
    code: 'zero_rate_tax',
    lineNo: 1,
  },
  {
    title: '§3.2 免税 needs 0%',
    draft: draft({ lines: [line({ policy: 'exempt' })] }),
    code: 'rate_policy_mismatch',
    lineNo: 1,
    message: '第1行：免税须使用0%税率',
  },
  {
    title: '§4.6 1.5% only as 减按1.5%',
    draft: draft({ lines: [line({ rate: 'rate_1_5' })] }),
    code: 'rate_policy_mismatch',
    message: '第1行：1.5%仅用于按5%简易征收减按1.5%计征',
  },
  {
    title: '§3.1 unsupported rate 16%',
    draft: draft({ lines: [line({ rate: 'rate_16' as never })] }),
    code: 'rate_invalid',
    lineNo: 1,
  },
  {
    title: '§4.4 quantity not a decimal',
    draft: draft({ lines: [line({ quantity: '1e3' })] }),
    code: 'quantity_invalid',
    lineNo: 1,
  },
  {
    title: '§4.4 unit price not a decimal',
    draft: draft({ lines: [line({ unitPrice: '12,5' })] }),
    code: 'unit_price_invalid',
    lineNo: 1,
  },
  {
    title: 'amount neither given nor derivable',
    draft: draft({ lines: [line({ amount: undefined, quantity: '2' })] }),
    code: 'amount_undetermined',
    lineNo: 1,
  },
  {
    title: 'amount in fen must be an integer',
    draft: draft({ lines: [line({ amount: 100.5 })] }),
    code: 'amount_invalid',
    lineNo: 1,
  },
  {
    title: '§4.6 差额征税 on a two-line invoice',
    draft: draft({ lines: [line({ deduction: 100 }), line()] }),
    code: 'margin_single_line',
    message: '差额征税发票只能有一行明细',
  },
  {
    title: '§4.6 扣除额 larger than the amount',
    draft: draft({ lines: [line({ deduction: 100001 })] }),
    code: 'margin_deduction_invalid',
    lineNo: 1,
  },
  {
    title: '§4.6 税控口径 1.5% in exclusive mode',
    draft: draft({
      type: 'electronic_ordinary',
      lines: [line({ rate: 'rate_1_5', policy: 'simplified_5_reduced_1_5' })],
    }),
    code: 'reduced_rate_needs_inclusive',
    lineNo: 1,
  },
  {
    title: '§1.4 专票 without buyer tax number',
    draft: draft({ type: 'digital_special', buyer: { name: '张三' } }),
    code: 'buyer_tax_number_required',
    message: '数电发票（增值税专用发票）须填写购买方纳税人识别号',
  },
  {
    title: '§5.3 natural person on 专票',
    draft: draft({
      type: 'electronic_special',
      buyer: { name: '张三', naturalPerson: true, taxNumber: '110101199003074578' },
    }),
    code: 'natural_person_not_allowed',
  },
  {
    title: '§5.2 malformed buyer tax number',
    draft: draft({ buyer: { name: '某公司', taxNumber: '12345' } }),
    code: 'buyer_tax_number_invalid',
  },
  {
    title: '§1.4 legacy paper 专票 without 地址电话 / 开户行及账号',
    draft: draft({ type: 'special_paper', buyer: BUYER }),
    code: 'buyer_address_bank_required',
  },
  { title: '§1.4 buyer name missing', draft: draft({ buyer: { name: '  ' } }), code: 'buyer_name_required' },
  {
    title: 'unknown invoice type',
    draft: draft({ type: 'vat_16' as never }),
    code: 'invoice_type_invalid',
    message: '发票类型"vat_16"不在支持范围内',
  },
  { title: 'no lines', draft: draft({ lines: [] }), code: 'no_lines' },
  {
    title: '§4.8 line limit (configurable)',
    draft: draft({ lines: many(3, line()), options: { maxLines: 2 } }),
    code: 'too_many_lines',
  },
  {
    title: '§4.9 单张发票开票限额 on 价税合计',
    draft: draft({ lines: [line()], options: { maxInvoiceTotal: 100000 } }),
    code: 'invoice_limit_exceeded',
    message: '价税合计超过单张发票开票限额1000.00元',
  },
  {
    title: '§1.4 税收分类编码 must be 19 digits',
    draft: draft({ lines: [line({ taxCode: '304020103000000000' })] }),
    code: 'tax_code_invalid',
    lineNo: 1,
  },
  {
    title: '§1.4 商品名称 ≤ 90 on legacy',
    draft: draft({ type: 'electronic_ordinary', lines: [line({ name: '*服务*' + '费'.repeat(90) })] }),
    code: 'line_field_too_long',
    lineNo: 1,
  },
  {
    title: '§1.4 规格型号 ≤ 40',
    draft: draft({ lines: [line({ spec: 'X'.repeat(41) })] }),
    code: 'line_field_too_long',
    message: '第1行：规格型号不能超过40个字符',
  },
];

describe('violations', () => {
  it.each(BAD)('$title → $code', (c) => {
    const r = calculateInvoice(c.draft);
    const hit = r.violations.find((v) => v.code === c.code);
    expect(hit, JSON.stringify(r.violations)).toBeDefined();
    expect(r.ok).toBe(false);
    if (c.lineNo !== undefined) expect(hit?.lineNo).toBe(c.lineNo);
    if (c.message !== undefined) expect(hit?.message).toBe(c.message);
  });
});
