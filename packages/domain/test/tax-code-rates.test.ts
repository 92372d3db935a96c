/**
 * Issue 28 §7: a line's rate must be one its 税收分类编码 allows, or a levy / preferential rate declared with its
 * policy flag (domain notes §3.1–§3.3). Codes and rate texts are rows of the shipped national table.
 */
import { describe, expect, it } from 'vitest';
import { calculateInvoice } from '../src/tax/calculate-invoice.ts';
import { type CodeRates, codeRateProblem, codeRates, findRateChoice } from '../src/tax/code-rates.ts';
import { toDigitalPolicyCode, toLegacyPolicyFlags } from '../src/tax/provider-codes.ts';
import type { PreferentialPolicy, TaxRate } from '../src/tax/rates.ts';
import type { InvoiceDraft, LineDraft } from '../src/tax/types.ts';

/** [code, name, vat_rates] as in packages/db/reference/tax-classification-codes.csv. */
const TABLE: Record<string, [string, string]> = {
  '3040201010000000000': ['软件开发服务', '6%'],
  '1010101010000000000': ['稻谷', '9%'],
  '1090509010000000000': ['电子计算机整机', '13%'],
  '3040502020102000000': ['个人出租住房', '9%'],
  '6010000000000000000': ['预付卡销售和充值', '0%'],
  '1010112140000000000': ['绿豆芽等芽苗菜', '13%、9%'],
};
const rates = (code: string): CodeRates => codeRates(code, TABLE[code][1], TABLE[code][0]);
const SOFTWARE = '3040201010000000000';
const RICE = '1010101010000000000';
const COMPUTER = '1090509010000000000';
const HOUSING = '3040502020102000000';
const PREPAID = '6010000000000000000';
const TWO = '1010112140000000000';

type Case = [title: string, code: string, rate: TaxRate, policy: PreferentialPolicy | null];

const ALLOWED: Case[] = [
  ['软件开发服务 6%', SOFTWARE, 'rate_6', null],
  ['稻谷 9%', RICE, 'rate_9', null],
  ['电子计算机 13%', COMPUTER, 'rate_13', null],
  ['两档税率的编码 13%', TWO, 'rate_13', null],
  ['两档税率的编码 9%', TWO, 'rate_9', null],
  ['免税 (any taxable code)', RICE, 'rate_0', 'exempt'],
  ['普通零税率 declared', SOFTWARE, 'rate_0', 'zero_rated'],
  ['bare 0% is 普通零税率 (§3.2)', COMPUTER, 'rate_0', null],
  ['3% 按3%简易征收', COMPUTER, 'rate_3', 'simplified_3'],
  ['3% 简易征收 (generic flag)', COMPUTER, 'rate_3', 'simplified_levy'],
  ['1% 小规模纳税人减按1%征收', RICE, 'rate_1', 'reduced_levy_1'],
  ['5% 按5%简易征收 on a service', SOFTWARE, 'rate_5', 'simplified_5'],
  ['5% 简易征收 on a service', SOFTWARE, 'rate_5', 'simplified_levy'],
  ['1.5% on 住宅租赁 (§4.6)', HOUSING, 'rate_1_5', 'simplified_5_reduced_1_5'],
  ['不征税 on a 6… code', PREPAID, 'rate_0', 'non_taxable'],
  ['即征即退 keeps the listed rate', COMPUTER, 'rate_13', 'excess_burden_refund_3'],
];

const REFUSED: Case[] = [
  ['软件开发服务 at 13% (the checkpoint case)', SOFTWARE, 'rate_13', null],
  ['稻谷 at 6% (the checkpoint case)', RICE, 'rate_6', null],
  ['稻谷 at 13%', RICE, 'rate_13', null],
  ['电子计算机 at 9%', COMPUTER, 'rate_9', null],
  ['two-rate code at 6%', TWO, 'rate_6', null],
  ['3% without its flag', COMPUTER, 'rate_3', null],
  ['1% without its reason', RICE, 'rate_1', null],
  ['5% without its flag', SOFTWARE, 'rate_5', null],
  ['5% levy on goods', COMPUTER, 'rate_5', 'simplified_5'],
  ['1.5% outside 住宅租赁', SOFTWARE, 'rate_1_5', 'simplified_5_reduced_1_5'],
  ['不征税 on a taxable code', SOFTWARE, 'rate_0', 'non_taxable'],
  ['免税 on a 不征税 code', PREPAID, 'rate_0', 'exempt'],
  ['bare 0% on a 不征税 code', PREPAID, 'rate_0', null],
  ['13% on a 不征税 code', PREPAID, 'rate_13', null],
  ['即征即退 on a rate the code does not list', SOFTWARE, 'rate_13', 'immediate_refund_30'],
  ['简易征收 flag on a general rate', COMPUTER, 'rate_13', 'simplified_levy'],
];

describe('codeRates: the rates a tax code allows', () => {
  it.each(ALLOWED)('allows %s', (_t, code, rate, policy) => {
    expect(codeRateProblem(rates(code), rate, policy)).toBeNull();
    expect(findRateChoice(rates(code), rate, policy)?.rate).toBe(rate);
  });

  it.each(REFUSED)('refuses %s, naming the code and what it allows', (_t, code, rate, policy) => {
    const problem = codeRateProblem(rates(code), rate, policy);
    expect(problem).toContain(`不适用于税收分类编码${code}（${TABLE[code][0]}）`);
    expect(problem).toContain(`可选：${rates(code).choices[0].label}`);
  });

  it('offers the listed rates first, then 免税, 零税率 and the flagged levies', () => {
    expect(rates(SOFTWARE).choices.map((c) => c.label)).toEqual([
      '6%',
      '免税',
      '普通零税率',
      '3%（按3%简易征收）',
      '1%（小规模纳税人减按1%征收）',
      '5%（按5%简易征收）',
    ]);
    expect(rates(RICE).choices.map((c) => c.label)).toEqual([
      '9%',
      '免税',
      '普通零税率',
      '3%（按3%简易征收）',
      '1%（小规模纳税人减按1%征收）',
    ]);
    expect(rates(HOUSING).choices.at(-1)?.label).toBe('1.5%（按5%简易征收减按1.5%计征）');
    expect(rates(PREPAID).choices.map((c) => c.label)).toEqual(['不征税']);
  });

  it('every choice it offers carries a flag unless the table lists its rate', () => {
    for (const code of Object.keys(TABLE))
      for (const c of rates(code).choices) if (!c.policy) expect(rates(code).listed).toContain(c.rate);
  });

  it('the generic 简易征收 flag maps to the levy choice of its rate', () => {
    expect(findRateChoice(rates(COMPUTER), 'rate_3', 'simplified_levy')?.policy).toBe('simplified_3');
  });

  it('the 1% reason is no 特殊管理 item on the wire (§3.1, §3.3)', () => {
    expect(toLegacyPolicyFlags('reduced_levy_1')).toEqual({
      favouredPolicyFlag: '0',
      favouredPolicyName: '',
      zeroRateFlag: '',
    });
    expect(toDigitalPolicyCode('reduced_levy_1')).toBeNull();
  });
});

describe('calculateInvoice with the catalogue', () => {
  const lookup = (code: string) => (TABLE[code] ? rates(code) : undefined);
  const line = (over: Partial<LineDraft>): LineDraft => ({
    name: '*软件*开发服务',
    amount: 100000,
    rate: 'rate_6',
    taxCode: SOFTWARE,
    ...over,
  });
  const draft = (lines: LineDraft[], withCatalogue = true): InvoiceDraft => ({
    type: 'digital_ordinary',
    pricingMode: 'exclusive',
    colour: 'blue',
    buyer: { name: '北京某某商贸有限公司', taxNumber: '91110108MA019HQRX9' },
    lines,
    ...(withCatalogue ? { codeRates: lookup } : {}),
  });

  it('refuses the line whose rate its code does not allow, by line number', () => {
    const r = calculateInvoice(
      draft([line({}), line({ name: '*谷物*大米', taxCode: RICE, rate: 'rate_6' })]),
    );
    expect(r.ok).toBe(false);
    expect(r.violations).toEqual([
      expect.objectContaining({
        code: 'rate_not_allowed',
        lineNo: 2,
        message: expect.stringMatching(
          /^第2行：税率“6%”不适用于税收分类编码1010101010000000000（稻谷），可选：9%、免税/,
        ),
      }),
    ]);
  });

  it.each(ALLOWED)('issues %s', (_t, code, rate, policy) => {
    const r = calculateInvoice(draft([line({ taxCode: code, rate, ...(policy ? { policy } : {}) })]));
    expect(r.violations.filter((v) => v.code === 'rate_not_allowed')).toEqual([]);
  });

  it('a code the catalogue does not know, a line without a code, or no catalogue: the rule does not apply', () => {
    expect(calculateInvoice(draft([line({ taxCode: '1999999999999999999', rate: 'rate_13' })])).ok).toBe(
      true,
    );
    expect(calculateInvoice(draft([line({ taxCode: undefined, rate: 'rate_13' })])).ok).toBe(true);
    expect(calculateInvoice(draft([line({ rate: 'rate_13' })], false)).ok).toBe(true);
  });

  it('a rate/policy mismatch is reported once, as such, not again as a code problem', () => {
    const r = calculateInvoice(draft([line({ rate: 'rate_13', policy: 'exempt' })]));
    expect(r.violations.map((v) => v.code)).toContain('rate_policy_mismatch');
    expect(r.violations.map((v) => v.code)).not.toContain('rate_not_allowed');
  });
});
