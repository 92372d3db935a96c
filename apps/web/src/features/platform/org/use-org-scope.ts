import { isPlatformAccount } from '@fpy/domain';
import { useQuery } from '@tanstack/react-query';
import { useProfile } from '../../../lib/permission.tsx';
import { tenantsQuery } from './org-api.ts';

/**
 * Company users always work in their own company. Platform accounts see every company and must pick one when
 * they create users, groups or departments, so the pages offer them a company select.
 */
export function useOrgScope() {
  const profile = useProfile();
  const platform = profile ? isPlatformAccount(profile.isSuperAdmin) : false;
  const tenants = useQuery({ ...tenantsQuery, enabled: platform });
  const tenantOptions = (tenants.data?.rows ?? []).map((t) => ({ value: t.id, label: t.name }));
  return { platform, tenantOptions };
}
