import { type PreferentialPolicy, rateChoiceLabel, rateLabel, type TaxRate } from '@fpy/domain';
import { LocalText } from './text.ts';

/** English names of the preferential policies; the Chinese are the bureau's own (domain's rateChoiceLabel). */
const POLICY_EN: Record<PreferentialPolicy, string> = {
  simplified_levy: 'simplified levy',
  rare_earth: 'rare-earth products',
  exempt: 'exempt',
  non_taxable: 'non-taxable',
  refund_after_levy: 'refund after levy',
  refund_after_levy_100: '100% refund after levy',
  refund_after_levy_50: '50% refund after levy',
  simplified_3: 'simplified levy at 3%',
  simplified_5: 'simplified levy at 5%',
  simplified_5_reduced_1_5: 'simplified levy at 5%, reduced to 1.5%',
  immediate_refund_30: '30% immediate refund',
  immediate_refund_50: '50% immediate refund',
  immediate_refund_70: '70% immediate refund',
  immediate_refund_100: '100% immediate refund',
  excess_burden_refund_3: 'immediate refund above a 3% burden',
  excess_burden_refund_8: 'immediate refund above an 8% burden',
  excess_burden_refund_12: 'immediate refund above a 12% burden',
  excess_burden_refund_6: 'immediate refund above a 6% burden',
  zero_rated: 'zero-rated',
  reduced_levy_1: 'small-scale taxpayer levy reduced to 1%',
};

function enChoice(rate: TaxRate, policy: PreferentialPolicy | null | undefined): string {
  if (!policy) return rateLabel(rate);
  return rate === 'rate_0' ? POLICY_EN[policy] : `${rateLabel(rate)} (${POLICY_EN[policy]})`;
}

/** A rate with its policy as each language names it ("3%（按3%简易征收）" / "3% (simplified levy at 3%)"). */
export const rateChoiceText = (rate: TaxRate, policy: PreferentialPolicy | null | undefined) =>
  new LocalText(rateChoiceLabel(rate, policy), enChoice(rate, policy));

/** The choices a code allows, joined the way each language joins a list. */
export const rateChoicesText = (
  choices: readonly { rate: TaxRate; policy: PreferentialPolicy | null | undefined }[],
) =>
  new LocalText(
    choices.map((c) => rateChoiceLabel(c.rate, c.policy)).join('、'),
    choices.map((c) => enChoice(c.rate, c.policy)).join(', '),
  );

/** A tax code with its catalogue name in Chinese ("101…（稻谷）"); the catalogue has no English names. */
export const codeWithName = (code: string, name: string) => new LocalText(`${code}（${name}）`, code);
