/** Drafts at the edge of each limit pass (§4.2–§4.4, §4.6, §4.8, §5.1, §5.3); the engine is deterministic. */
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
const codes = (d: InvoiceDraft) => calculateInvoice(d).violations.map((v) => v.code);

const many = (n: number, l: LineDraft) => Array.from({ length: n }, () => l);

describe('within the limits', () => {
  it('§4.2 exactly ±0.06 passes', () =>
    expect(codes(draft({ lines: [line({ tax: 12994 }), line({ tax: 13006 })] }))).toEqual([]));
  it('§4.3 21 lines × +0.06 = 1.26 passes', () =>
    expect(codes(draft({ lines: many(21, line({ tax: 13006 })) }))).toEqual([]));
  it('§4.3 invoice-level check can be switched off', () =>
    expect(
      codes(draft({ lines: many(22, line({ tax: 13006 })), options: { invoiceTaxTolerance: false } })),
    ).toEqual([]));
  it('§4.3 127 inclusive lines of −0.01 pass', () =>
    expect(codes(draft({ pricingMode: 'inclusive', lines: many(127, line({ amount: 10000 })) }))).toEqual(
      [],
    ));
  it('§4.4 ±0.01 between 数量×单价 and 金额 passes', () =>
    expect(codes(draft({ lines: [line({ quantity: '3', unitPrice: '4999', amount: 1499701 })] }))).toEqual(
      [],
    ));
  it('§5.1 credit-code checksum failure is a warning only', () => {
    const r = calculateInvoice(draft({ buyer: { name: '厦门某公司', taxNumber: '91350211M0000XUF46' } }));
    expect(r.ok).toBe(true);
    expect(r.violations).toMatchObject([{ code: 'buyer_tax_number_checksum', severity: 'warning' }]);
  });
  it('§5.3 natural person without tax number on 数电普票', () =>
    expect(codes(draft({ buyer: { name: '张三', naturalPerson: true } }))).toEqual([]));
  it('§1.4 legacy paper 专票 with combined address and bank fields', () =>
    expect(
      codes(
        draft({
          type: 'special_paper',
          buyer: { ...BUYER, address: '北京市海淀区 010-12345678', bank: '工商银行 0200001234567890' },
        }),
      ),
    ).toEqual([]));
  it('§4.8 legacy paper with 9 lines needs a 销货清单; electronic does not', () => {
    const lines = many(9, line());
    const buyer = { ...BUYER, address: '北京', bank: '工行 1' };
    expect(calculateInvoice(draft({ type: 'ordinary_paper', buyer, lines })).listRequired).toBe(true);
    expect(
      calculateInvoice(draft({ type: 'ordinary_paper', buyer, lines: lines.slice(1) })).listRequired,
    ).toBe(false);
    expect(calculateInvoice(draft({ type: 'electronic_ordinary', lines })).listRequired).toBe(false);
  });
  it('§4.6 差额征税 with a zero deduction is allowed', () =>
    expect(codes(draft({ lines: [line({ deduction: 0 })] }))).toEqual([]));
  it('is deterministic', () => {
    const d = draft({
      pricingMode: 'inclusive',
      lines: [line({ quantity: '3', unitPrice: '33.33', amount: undefined })],
    });
    expect(calculateInvoice(d)).toEqual(calculateInvoice(d));
  });
});
