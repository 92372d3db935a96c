/**
 * Mapping our enums to the wire representations of the channels (domain notes §3.2, §3.3, §4.1, §4.5).
 * Never persist these codes as ours: providers disagree (§3.3 "providers differ"), so we map at the boundary only.
 */
import { compare, tryParseDecimal } from '../money/decimal.ts';
import { POLICY_LABEL, type PreferentialPolicy, TaxRate, rateFraction, rateFractionText } from './rates.ts';
import type { LineKind, PricingMode } from './types.ts';

/** Legacy (税控) per-line flags: yhzcbs / favouredPolicyFlag, zzstsgl / favouredPolicyName, lslbs / zeroRateFlag. */
export interface LegacyPolicyFlags {
  favouredPolicyFlag: '0' | '1';
  /** 增值税特殊管理 text; mandatory when the flag is 1. */
  favouredPolicyName: string;
  /** '' normal rate; '1' 免税; '2' 不征税; '3' 普通零税率 (§3.2). */
  zeroRateFlag: '' | '1' | '2' | '3';
}

/** §3.2: rate 0 + 免税 → 1; rate 0 + 不征税 → 2; rate 0 + no 特殊管理 → 3 (FAPIAOAPI 免税 example: yhzcbs=1, lslbs=1). */
export function toLegacyPolicyFlags(policy: PreferentialPolicy | undefined): LegacyPolicyFlags {
  // The 1% reduction is no 特殊管理 item: the line goes as a plain 1% levy (§3.1).
  if (!policy || policy === 'reduced_levy_1')
    return { favouredPolicyFlag: '0', favouredPolicyName: '', zeroRateFlag: '' };
  if (policy === 'zero_rated') return { favouredPolicyFlag: '0', favouredPolicyName: '', zeroRateFlag: '3' };
  const zeroRateFlag = policy === 'exempt' ? '1' : policy === 'non_taxable' ? '2' : '';
  return { favouredPolicyFlag: '1', favouredPolicyName: POLICY_LABEL[policy], zeroRateFlag };
}

export function fromLegacyPolicyFlags(flags: {
  favouredPolicyFlag?: string;
  favouredPolicyName?: string;
  zeroRateFlag?: string;
}): PreferentialPolicy | undefined {
  if (flags.zeroRateFlag === '1') return 'exempt';
  if (flags.zeroRateFlag === '2') return 'non_taxable';
  if (flags.zeroRateFlag === '3') return 'zero_rated';
  if (flags.favouredPolicyFlag !== '1') return undefined;
  const name = flags.favouredPolicyName?.trim();
  return (Object.keys(POLICY_LABEL) as PreferentialPolicy[]).find((p) => POLICY_LABEL[p] === name);
}

/** §3.3 数电 two-digit codes 01–18, in the bureau's order. Zero-rated has no code on 数电 (sent as rate 0, no flag). */
const DIGITAL_ORDER: readonly PreferentialPolicy[] = [
  'simplified_levy',
  'rare_earth',
  'exempt',
  'non_taxable',
  'refund_after_levy',
  'refund_after_levy_100',
  'refund_after_levy_50',
  'simplified_3',
  'simplified_5',
  'simplified_5_reduced_1_5',
  'immediate_refund_30',
  'immediate_refund_50',
  'immediate_refund_70',
  'immediate_refund_100',
  'excess_burden_refund_3',
  'excess_burden_refund_8',
  'excess_burden_refund_12',
  'excess_burden_refund_6',
];

export function toDigitalPolicyCode(policy: PreferentialPolicy | undefined): string | null {
  if (!policy) return null;
  const i = DIGITAL_ORDER.indexOf(policy);
  return i < 0 ? null : String(i + 1).padStart(2, '0');
}

export function fromDigitalPolicyCode(code: string): PreferentialPolicy | null {
  if (!/^\d{2}$/.test(code)) return null;
  return DIGITAL_ORDER[Number(code) - 1] ?? null;
}

/** Rate as the providers send it: "0.13" (≤ 3 decimals, §3.1 NUONUO-BILL). */
export function toProviderRate(rate: TaxRate): string {
  return rateFractionText(rate);
}

/** WeChat Pay's integer form (13% → 1300). Scale 10⁻⁴ is inferred from one example — UNCONFIRMED (§3.1). */
export function toWeChatRate(rate: TaxRate): number {
  const f = rateFraction(rate);
  return Number((f.int * 10000n) / 10n ** BigInt(f.scale));
}

/** Accepts "0.13", "0.130", "13%" (the XML shows both forms, §9.4). Null when it is none of our rates. */
export function fromProviderRate(text: string): TaxRate | null {
  const t = text.trim();
  const percent = t.endsWith('%');
  const d = tryParseDecimal(percent ? t.slice(0, -1) : t);
  if (!d) return null;
  const value = percent ? { int: d.int, scale: d.scale + 2 } : d;
  return Object.values(TaxRate).find((r) => compare(rateFraction(r), value) === 0) ?? null;
}

/** hsbz / withTaxFlag / priceTaxMark: 0 exclusive, 1 inclusive (§4.1). */
export function toPriceTaxMark(mode: PricingMode): '0' | '1' {
  return mode === 'inclusive' ? '1' : '0';
}

/** fphxz / invoiceLineProperty: 0 正常行, 1 折扣行, 2 被折扣行 (§4.5). */
export function toLineProperty(kind: LineKind): '0' | '1' | '2' {
  return kind === 'discount' ? '1' : kind === 'discounted' ? '2' : '0';
}

export function fromLineProperty(code: string): LineKind | null {
  return code === '0' ? 'normal' : code === '1' ? 'discount' : code === '2' ? 'discounted' : null;
}
