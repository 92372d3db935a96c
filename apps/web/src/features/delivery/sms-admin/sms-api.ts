import { listSmsTenantOptions } from '@fpy/contracts';
import { isPlatformAccount } from '@fpy/domain';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/http.ts';
import { useProfile } from '../../../lib/permission.tsx';

/** Query keys of these pages; a write invalidates by the prefix it touches. */
export const smsKeys = {
  margins: ['sms-admin', 'margins'] as const,
  settings: ['sms-admin', 'platform-settings'] as const,
  tenants: (keyword: string) => ['sms-admin', 'tenant-options', keyword] as const,
};

export const tenantOptionsQuery = (keyword: string) =>
  queryOptions({
    queryKey: smsKeys.tenants(keyword),
    queryFn: ({ signal }) => call(listSmsTenantOptions, { query: keyword ? { keyword } : {}, signal }),
    staleTime: 60_000,
  });

/** Platform accounts act for every company (recharge, limits); a company's users only see their own. */
export function useIsPlatform(): boolean {
  const profile = useProfile();
  return !!profile && isPlatformAccount(profile.isSuperAdmin);
}
