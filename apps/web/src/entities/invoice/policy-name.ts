import { POLICY_LABEL, type PreferentialPolicy } from '@fpy/domain';
import type { TFunction } from 'i18next';

/**
 * A preferential policy as the user reads it. Chinese is the bureau's own wording (§3.2 附件2), declared once
 * in the domain, so only the other languages carry a `policyName` table.
 */
export const policyName = (t: TFunction, policy: PreferentialPolicy): string =>
  t(`policyName.${policy}`, { defaultValue: POLICY_LABEL[policy] });
