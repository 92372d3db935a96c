import type { RateOption } from '@fpy/contracts';
import { codeRates } from '@fpy/domain';

/**
 * What a commodity under this tax code may carry (the spec's yhzcsl call): the engine's one rule
 * (`@fpy/domain` codeRates, issue 28 §7) — the code's listed rates, 免税 / 零税率, and the simplified method's
 * 征收率 each with its policy flag; 不征税项目 (6…) only 0% 不征税.
 */
export function allowedRateOptions(code: string, vatRates: string): RateOption[] {
  return codeRates(code, vatRates).choices.map(({ rate, policy, label, levy }) => ({
    rate,
    policy,
    label,
    levy,
  }));
}
