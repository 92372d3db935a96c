/** Mapping our enums to channel representations (§1.2, §3.1–§3.3, §4.1, §4.5) and header rules (§1.4). */
import { describe, expect, it } from 'vitest';
import {
  fromIssueTypeCode,
  fromNuonuoInvoiceLine,
  toBaiwangTypeCode,
  toIssueTypeCode,
  toNuonuoInvoiceLine,
  toVerificationKind,
} from '../src/tax/invoice-type-codes.ts';
import { INVOICE_TYPE_RULES, InvoiceType } from '../src/tax/invoice-types.ts';
import {
  fromDigitalPolicyCode,
  fromLegacyPolicyFlags,
  fromLineProperty,
  fromProviderRate,
  toDigitalPolicyCode,
  toLegacyPolicyFlags,
  toLineProperty,
  toPriceTaxMark,
  toProviderRate,
  toWeChatRate,
} from '../src/tax/provider-codes.ts';
import { PreferentialPolicy, TaxRate, rateLabel } from '../src/tax/rates.ts';

describe('§3.2 legacy flags (yhzcbs / zzstsgl / lslbs)', () => {
  it.each([
    ['exempt', { favouredPolicyFlag: '1', favouredPolicyName: '免税', zeroRateFlag: '1' }],
    ['non_taxable', { favouredPolicyFlag: '1', favouredPolicyName: '不征税', zeroRateFlag: '2' }],
    ['zero_rated', { favouredPolicyFlag: '0', favouredPolicyName: '', zeroRateFlag: '3' }],
    [
      'simplified_5_reduced_1_5',
      { favouredPolicyFlag: '1', favouredPolicyName: '按5%简易征收减按1.5%计征', zeroRateFlag: '' },
    ],
    [undefined, { favouredPolicyFlag: '0', favouredPolicyName: '', zeroRateFlag: '' }],
  ] as const)('%s', (policy, flags) => {
    expect(toLegacyPolicyFlags(policy)).toEqual(flags);
    expect(fromLegacyPolicyFlags(flags)).toBe(policy);
  });
});

describe('§3.3 数电 two-digit codes', () => {
  it.each([
    ['simplified_levy', '01'],
    ['exempt', '03'],
    ['non_taxable', '04'],
    ['simplified_5', '09'],
    ['simplified_5_reduced_1_5', '10'],
    ['immediate_refund_100', '14'],
    ['excess_burden_refund_6', '18'],
  ] as const)('%s ↔ %s', (policy, code) => {
    expect(toDigitalPolicyCode(policy)).toBe(code);
    expect(fromDigitalPolicyCode(code)).toBe(policy);
  });
  it('every policy but zero-rated and the 1% reduction (no 特殊管理 items) has a code, and codes round-trip', () => {
    for (const p of Object.values(PreferentialPolicy)) {
      const code = toDigitalPolicyCode(p);
      if (p === 'zero_rated' || p === 'reduced_levy_1') expect(code).toBeNull();
      else expect(fromDigitalPolicyCode(code!)).toBe(p);
    }
    expect(fromDigitalPolicyCode('19')).toBeNull();
  });
});

describe('§3.1 rates', () => {
  it.each([
    ['rate_13', '0.13', 1300, '13%'],
    ['rate_1_5', '0.015', 150, '1.5%'],
    ['rate_0', '0', 0, '0%'],
  ] as const)('%s → %s / WeChat %i / %s', (rate, text, wechat, label) => {
    expect(toProviderRate(rate)).toBe(text);
    expect(toWeChatRate(rate)).toBe(wechat);
    expect(rateLabel(rate)).toBe(label);
  });
  it.each([
    ['0.13', 'rate_13'],
    ['0.130', 'rate_13'],
    ['6%', 'rate_6'],
    ['1.5%', 'rate_1_5'],
    ['0.00', 'rate_0'],
    ['0.16', null],
    ['abc', null],
  ])('parses %s', (text, rate) => expect(fromProviderRate(text)).toBe(rate));
  it('every rate parses back from its provider text', () => {
    for (const r of Object.values(TaxRate)) expect(fromProviderRate(toProviderRate(r))).toBe(r);
  });
});

describe('§4.1 / §4.5 line flags', () => {
  it('hsbz and fphxz', () => {
    expect([toPriceTaxMark('exclusive'), toPriceTaxMark('inclusive')]).toEqual(['0', '1']);
    expect(['normal', 'discount', 'discounted'].map((k) => toLineProperty(k as never))).toEqual([
      '0',
      '1',
      '2',
    ]);
    expect(['0', '1', '2', '6'].map(fromLineProperty)).toEqual(['normal', 'discount', 'discounted', null]);
  });
});

describe('§1.2 invoice-type codes are mapped, never stored', () => {
  it.each([
    ['digital_special', '81', '31', 'bs', '01'],
    ['digital_ordinary', '82', '32', 'pc', '02'],
    ['special_paper', '004', '01', 's', '004'],
    ['ordinary_paper', '007', '04', 'c', '007'],
    ['electronic_special', '028', '08', 'b', '028'],
    ['electronic_ordinary', '026', '10', 'p', '026'],
    ['roll', '025', '11', 'r', '025'],
  ] as const)('%s → fplxdm %s, 查验 %s, Nuonuo %s, Baiwang %s', (type, issue, kind, nuonuo, baiwang) => {
    expect(toIssueTypeCode(type)).toBe(issue);
    expect(fromIssueTypeCode(issue)).toBe(type);
    expect(toVerificationKind(type)).toBe(kind);
    expect(toNuonuoInvoiceLine(type)).toBe(nuonuo);
    expect(fromNuonuoInvoiceLine(nuonuo)).toBe(type);
    expect(toBaiwangTypeCode(type)).toBe(baiwang);
  });
  it('§1.4 buyer tax number on every 专票, natural persons only on 普票', () => {
    for (const t of Object.values(InvoiceType)) {
      const r = INVOICE_TYPE_RULES[t];
      expect(r.buyerTaxNumberRequired).toBe(r.special);
      expect(r.naturalPersonBuyerAllowed).toBe(!r.special);
    }
  });
});

describe('package entry', () => {
  it('exports the engine and the namespaced decimal module from @fpy/domain', async () => {
    const domain = await import('../src/index.ts');
    expect(typeof domain.calculateInvoice).toBe('function');
    expect(
      domain.dec.formatDecimal(domain.dec.add(domain.parseDecimal('0.1'), domain.parseDecimal('0.2'))),
    ).toBe('0.3');
    expect(domain.formatYuan(140950)).toBe('1409.50');
  });
});
