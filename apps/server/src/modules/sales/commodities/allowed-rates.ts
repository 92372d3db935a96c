import type { RateOption } from '@fpy/contracts';
import {
  fromProviderRate,
  POLICY_LABEL,
  type PreferentialPolicy,
  ratePolicyProblem,
  rateLabel,
  type TaxRate,
} from '@fpy/domain';
import { splitRates } from '../tax-codes/index.ts';

/** 6xxxxxxxxxxxxxxxxxx: 未发生销售行为的不征税项目 — the only codes a 不征税 line may carry. */
const NON_TAXABLE_ROOT = '6';
/** 销售服务 (3), 无形资产 (4), 不动产 (5): where the 5% 征收率 of the simplified method exists. */
const FIVE_PERCENT_ROOTS = ['3', '4', '5'];
/** 住宅经营租赁服务: 个人出租住房 按5%减按1.5%计征 (domain notes §3.1, §4.6). */
const HOUSING_LEASE_PREFIX = '30405020201';

const option = (rate: TaxRate, policy: PreferentialPolicy | null, levy = false): RateOption => {
  const label = policy
    ? rate === 'rate_0'
      ? POLICY_LABEL[policy]
      : `${rateLabel(rate)}（${POLICY_LABEL[policy]}）`
    : levy
      ? `${rateLabel(rate)}（征收率）`
      : rateLabel(rate);
  return { rate, policy, label, levy };
};

/**
 * What a commodity under this tax code may carry (the spec's yhzcsl call):
 * - 不征税项目 (6…): only 0% 不征税;
 * - otherwise the rates the code's table row lists (13%/9%/6%; a listed 0% means 普通零税率), plus
 *   免税 and 普通零税率 (export and other zero-rated sales — any taxable code, the bureau does not restrict
 *   them by code), plus the small-scale 征收率 (no 特殊管理 flag): 3% and 1% everywhere (§3.1: 1% until
 *   2027-12-31), 5% for services, intangibles and real estate, and 1.5% — which exists only as 按5%简易征收
 *   减按1.5%计征 — for 住宅租赁 (§4.6).
 * Every pair is also checked with the engine's ratePolicyProblem, so nothing offered here is refused later.
 */
export function allowedRateOptions(code: string, vatRates: string): RateOption[] {
  if (code.startsWith(NON_TAXABLE_ROOT)) return [option('rate_0', 'non_taxable')];
  const out: RateOption[] = [];
  for (const text of splitRates(vatRates)) {
    const rate = fromProviderRate(text.endsWith('%') ? text : `${text}%`);
    if (!rate || out.some((o) => o.rate === rate)) continue;
    if (rate !== 'rate_0') out.push(option(rate, null));
  }
  out.push(option('rate_0', 'exempt'), option('rate_0', 'zero_rated'));
  const levies = [option('rate_3', null, true), option('rate_1', null, true)];
  if (FIVE_PERCENT_ROOTS.some((r) => code.startsWith(r))) levies.push(option('rate_5', null, true));
  if (code.startsWith(HOUSING_LEASE_PREFIX))
    levies.push(option('rate_1_5', 'simplified_5_reduced_1_5', true));
  for (const l of levies) if (!out.some((o) => o.rate === l.rate && o.policy === l.policy)) out.push(l);
  return out.filter((o) => ratePolicyProblem(o.rate, o.policy ?? undefined) === null);
}

/** A bare 0% is 普通零税率 (§3.2), so rate_0 without a policy matches the zero-rated option. */
export function findOption(options: RateOption[], rate: TaxRate, policy: PreferentialPolicy | null) {
  const p = rate === 'rate_0' && !policy ? 'zero_rated' : policy;
  return options.find((o) => o.rate === rate && o.policy === p);
}
