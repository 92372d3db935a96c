/**
 * Our own names for VAT rates and preferential-policy flags (domain notes §3). These values are what we persist;
 * provider representations (legacy lslbs/zzstsgl, 数电 two-digit codes) are mapped in provider-codes.ts.
 */
import { type Decimal, parseDecimal } from '../money/decimal.ts';

/** 税率 / 征收率 in use (§3.1). */
export const TaxRate = {
  Rate13: 'rate_13',
  Rate9: 'rate_9',
  Rate6: 'rate_6',
  Rate5: 'rate_5',
  Rate3: 'rate_3',
  /** 按5%简易征收减按1.5%计征 only (§3.1, §4.6). */
  Rate1_5: 'rate_1_5',
  Rate1: 'rate_1',
  /** 0%: zero-rated, exempt or non-taxable depending on the policy flag (§3.1, §3.2). */
  Rate0: 'rate_0',
} as const;
export type TaxRate = (typeof TaxRate)[keyof typeof TaxRate];

/** The rate as an exact fraction, e.g. 0.13 (§3.1: "a decimal fraction with ≤ 3 decimals"). */
const RATE_FRACTION: Record<TaxRate, string> = {
  rate_13: '0.13',
  rate_9: '0.09',
  rate_6: '0.06',
  rate_5: '0.05',
  rate_3: '0.03',
  rate_1_5: '0.015',
  rate_1: '0.01',
  rate_0: '0',
};

export function isTaxRate(value: unknown): value is TaxRate {
  return typeof value === 'string' && Object.hasOwn(RATE_FRACTION, value);
}

export function rateFraction(rate: TaxRate): Decimal {
  return parseDecimal(RATE_FRACTION[rate]);
}

/** "0.13" — the string form providers take (§3.1). */
export function rateFractionText(rate: TaxRate): string {
  return RATE_FRACTION[rate];
}

/** "13%", "1.5%", "0%" — as printed. */
export function rateLabel(rate: TaxRate): string {
  return rate.slice(5).replace('_', '.') + '%';
}

/**
 * 优惠政策 / 增值税特殊管理 (§3.2 vocabulary, §3.3 codes 01–18), plus zero-rated (普通零税率) which in the legacy
 * representation is "rate 0 with no 特殊管理" (lslbs 3) — we name it explicitly so a 0% line always says why.
 */
export const PreferentialPolicy = {
  SimplifiedLevy: 'simplified_levy',
  RareEarth: 'rare_earth',
  Exempt: 'exempt',
  NonTaxable: 'non_taxable',
  RefundAfterLevy: 'refund_after_levy',
  RefundAfterLevy100: 'refund_after_levy_100',
  RefundAfterLevy50: 'refund_after_levy_50',
  Simplified3: 'simplified_3',
  Simplified5: 'simplified_5',
  Simplified5Reduced1_5: 'simplified_5_reduced_1_5',
  ImmediateRefund30: 'immediate_refund_30',
  ImmediateRefund50: 'immediate_refund_50',
  ImmediateRefund70: 'immediate_refund_70',
  ImmediateRefund100: 'immediate_refund_100',
  ExcessBurdenRefund3: 'excess_burden_refund_3',
  ExcessBurdenRefund8: 'excess_burden_refund_8',
  ExcessBurdenRefund12: 'excess_burden_refund_12',
  ExcessBurdenRefund6: 'excess_burden_refund_6',
  ZeroRated: 'zero_rated',
  /**
   * 小规模纳税人减按1%征收 (§3.1: 3% → 1% until 2027-12-31). Not in the bureau's 特殊管理 list: the 数电 platform
   * asks for it as the reason of a 1%/3% invoice (slsm), so we name it to make a 1% line say why.
   */
  ReducedLevy1: 'reduced_levy_1',
} as const;
export type PreferentialPolicy = (typeof PreferentialPolicy)[keyof typeof PreferentialPolicy];

/** The bureau's wording (§3.2 附件2), used in messages and as the legacy zzstsgl text. */
export const POLICY_LABEL: Record<PreferentialPolicy, string> = {
  simplified_levy: '简易征收',
  rare_earth: '稀土产品',
  exempt: '免税',
  non_taxable: '不征税',
  refund_after_levy: '先征后退',
  refund_after_levy_100: '100%先征后退',
  refund_after_levy_50: '50%先征后退',
  simplified_3: '按3%简易征收',
  simplified_5: '按5%简易征收',
  simplified_5_reduced_1_5: '按5%简易征收减按1.5%计征',
  immediate_refund_30: '即征即退30%',
  immediate_refund_50: '即征即退50%',
  immediate_refund_70: '即征即退70%',
  immediate_refund_100: '即征即退100%',
  excess_burden_refund_3: '超税负3%即征即退',
  excess_burden_refund_8: '超税负8%即征即退',
  excess_burden_refund_12: '超税负12%即征即退',
  excess_burden_refund_6: '超税负6%即征即退',
  zero_rated: '普通零税率',
  reduced_levy_1: '小规模纳税人减按1%征收',
};

export function isPreferentialPolicy(value: unknown): value is PreferentialPolicy {
  return typeof value === 'string' && Object.hasOwn(POLICY_LABEL, value);
}

/** Policies that pin the rate (§3.2 rule: 免税/不征税/零税率 are rate 0; §4.6: the 1.5% reduction is 1.5%). */
const REQUIRED_RATE: Partial<Record<PreferentialPolicy, TaxRate>> = {
  exempt: 'rate_0',
  non_taxable: 'rate_0',
  zero_rated: 'rate_0',
  simplified_3: 'rate_3',
  simplified_5: 'rate_5',
  simplified_5_reduced_1_5: 'rate_1_5',
  reduced_levy_1: 'rate_1',
};

const ZERO_POLICIES = new Set<PreferentialPolicy>(['exempt', 'non_taxable', 'zero_rated']);

/**
 * The policy a line really carries: §3.2 "rate 0 + no 特殊管理 → 普通零税率 (lslbs 3)", so a bare 0% is zero-rated.
 */
export function effectivePolicy(
  rate: TaxRate,
  policy: PreferentialPolicy | undefined,
): PreferentialPolicy | undefined {
  return rate === 'rate_0' && !policy ? 'zero_rated' : policy;
}

/**
 * Why a rate/policy pair is inconsistent, or null. 0% is only exempt / non-taxable / zero-rated (§3.1, §3.2) and
 * 1.5% exists only as the 5%→1.5% reduction (§3.1, §4.6).
 */
export function ratePolicyProblem(rate: TaxRate, policy: PreferentialPolicy | undefined): string | null {
  if (policy) {
    const required = REQUIRED_RATE[policy];
    if (required && required !== rate) return `${POLICY_LABEL[policy]}须使用${rateLabel(required)}税率`;
  }
  if (rate === 'rate_0' && policy && !ZERO_POLICIES.has(policy))
    return `0%税率不能使用${POLICY_LABEL[policy]}`;
  if (rate === 'rate_1_5' && policy !== 'simplified_5_reduced_1_5')
    return '1.5%仅用于按5%简易征收减按1.5%计征';
  return null;
}
