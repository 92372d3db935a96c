/**
 * Which rate a line may carry under its 税收分类编码 (issue 28 §7; domain notes §3). The national table lists each
 * code's general rates (13%, 9%, 6%; 0% on the 不征税 items); anything else is a 征收率 of the simplified method or
 * a preferential treatment, and the bureau takes it only declared with its policy flag (§3.2 特殊管理 / 零税率标识).
 * One rule for the form, the API, the sandbox bureau, batch import, AI-assisted coding and the goods codes.
 */
import { fromProviderRate } from './provider-codes.ts';
import {
  effectivePolicy,
  POLICY_LABEL,
  type PreferentialPolicy,
  rateLabel,
  ratePolicyProblem,
  type TaxRate,
} from './rates.ts';

/** A rate with the policy that goes with it, as one choice of the form's select. */
export interface RateChoice {
  rate: TaxRate;
  /** null: a general rate the table lists for the code. */
  policy: PreferentialPolicy | null;
  /** A 征收率 of the simplified method (small-scale taxpayers or 简易计税), not a general rate. */
  levy: boolean;
  /** "13%", "免税", "3%（按3%简易征收）" — the bureau's wording. */
  label: string;
}

export interface CodeRates {
  code: string;
  /** The code's name in the table (稻谷), for messages; '' when not given. */
  name: string;
  /** The general rates the table lists for the code, in its order. */
  listed: readonly TaxRate[];
  /** What the form offers, general rates first. */
  choices: readonly RateChoice[];
  /**
   * Policies the bureau also accepts on a listed rate without changing it (先征后退, 即征即退, 超税负即征即退,
   * 稀土产品 — §3.2): they settle the tax later, so the line keeps the code's rate. Not offered by the form.
   */
  refundPolicies: ReadonlySet<PreferentialPolicy>;
}

/** 6…: 未发生销售行为的不征税项目 — the only codes a 不征税 line may carry, and the only policy they take. */
const NON_TAXABLE_ROOT = '6';
/** 销售服务 (3), 无形资产 (4), 不动产 (5): where the 5% 征收率 of the simplified method exists (§3.1). */
const FIVE_PERCENT_ROOTS = ['3', '4', '5'];
/** 住宅经营租赁服务: 个人出租住房 按5%简易征收减按1.5%计征 (§3.1, §4.6). */
const HOUSING_LEASE_PREFIX = '30405020201';

const REFUND_POLICIES: ReadonlySet<PreferentialPolicy> = new Set([
  'rare_earth',
  'refund_after_levy',
  'refund_after_levy_100',
  'refund_after_levy_50',
  'immediate_refund_30',
  'immediate_refund_50',
  'immediate_refund_70',
  'immediate_refund_100',
  'excess_burden_refund_3',
  'excess_burden_refund_8',
  'excess_burden_refund_12',
  'excess_burden_refund_6',
]);
const NONE: ReadonlySet<PreferentialPolicy> = new Set();

/** "13%", "免税", "3%（按3%简易征收）". */
export function rateChoiceLabel(rate: TaxRate, policy: PreferentialPolicy | null | undefined): string {
  if (!policy) return rateLabel(rate);
  return rate === 'rate_0' ? POLICY_LABEL[policy] : `${rateLabel(rate)}（${POLICY_LABEL[policy]}）`;
}

const choice = (rate: TaxRate, policy: PreferentialPolicy | null, levy = false): RateChoice => ({
  rate,
  policy,
  levy,
  label: rateChoiceLabel(rate, policy),
});

/** The table's rate text ("13%、9%", "6%", "0%") as our rates, unknown parts dropped. */
export function listedRates(vatRates: string): TaxRate[] {
  const out: TaxRate[] = [];
  for (const text of vatRates.split(/[、,，;/\s]+/).filter(Boolean)) {
    const rate = fromProviderRate(text.endsWith('%') ? text : `${text}%`);
    if (rate && !out.includes(rate)) out.push(rate);
  }
  return out;
}

/**
 * What a line under `code` may carry, from the table's rate text:
 * - 不征税项目 (6…): only 0% 不征税;
 * - otherwise the listed general rates (a listed 0% is 普通零税率), 免税 and 普通零税率 (export and other
 *   zero-rated sales: the bureau does not restrict them by code), and the simplified method's 征收率, each with
 *   its flag — 3% 按3%简易征收, 1% 小规模纳税人减按1%征收 (§3.1, until 2027-12-31), 5% 按5%简易征收 for services,
 *   intangibles and real estate, 1.5% 按5%简易征收减按1.5%计征 for 住宅租赁 (§4.6).
 * Every choice passes ratePolicyProblem, so nothing offered here is refused by the engine.
 */
export function codeRates(code: string, vatRates: string, name = ''): CodeRates {
  if (code.startsWith(NON_TAXABLE_ROOT))
    return {
      code,
      name,
      listed: ['rate_0'],
      choices: [choice('rate_0', 'non_taxable')],
      refundPolicies: NONE,
    };
  const listed = listedRates(vatRates);
  const choices: RateChoice[] = listed.filter((r) => r !== 'rate_0').map((r) => choice(r, null));
  choices.push(choice('rate_0', 'exempt'), choice('rate_0', 'zero_rated'));
  choices.push(choice('rate_3', 'simplified_3', true), choice('rate_1', 'reduced_levy_1', true));
  if (FIVE_PERCENT_ROOTS.some((r) => code.startsWith(r)))
    choices.push(choice('rate_5', 'simplified_5', true));
  if (code.startsWith(HOUSING_LEASE_PREFIX))
    choices.push(choice('rate_1_5', 'simplified_5_reduced_1_5', true));
  return {
    code,
    name,
    listed,
    choices: choices.filter((c) => ratePolicyProblem(c.rate, c.policy ?? undefined) === null),
    refundPolicies: listed.some((r) => r !== 'rate_0') ? REFUND_POLICIES : NONE,
  };
}

/**
 * The choice a line's rate and policy make under the code, or undefined when the code does not allow them. A bare
 * 0% is 普通零税率 (§3.2); the generic 简易征收 flag stands for the levy choice of its rate (3%, 5%, 1%); a refund
 * policy on a listed rate is that rate.
 */
export function findRateChoice(
  rates: CodeRates,
  rate: TaxRate,
  policy: PreferentialPolicy | null | undefined,
): RateChoice | undefined {
  const p = effectivePolicy(rate, policy ?? undefined) ?? null;
  const exact = rates.choices.find((c) => c.rate === rate && c.policy === p);
  if (exact) return exact;
  if (p === 'simplified_levy') return rates.choices.find((c) => c.rate === rate && c.levy);
  if (p && rates.refundPolicies.has(p) && rates.listed.includes(rate) && rate !== 'rate_0')
    return { rate, policy: p, levy: false, label: rateChoiceLabel(rate, p) };
  return undefined;
}

/** Why the code does not allow the rate (Chinese, with the allowed choices), or null. */
export function codeRateProblem(
  rates: CodeRates,
  rate: TaxRate,
  policy: PreferentialPolicy | null | undefined,
): string | null {
  if (findRateChoice(rates, rate, policy)) return null;
  const name = rates.name ? `（${rates.name}）` : '';
  const options = rates.choices.map((c) => c.label).join('、');
  return `税率“${rateChoiceLabel(rate, policy)}”不适用于税收分类编码${rates.code}${name}，可选：${options}`;
}

/**
 * The catalogue as the engine sees it: a code's rates, or undefined for a code it does not know (the code itself
 * is judged elsewhere). Callers precompute per code (a Map lookup per line, no I/O).
 */
export type CodeRatesLookup = (code: string) => CodeRates | undefined;
