import { isPlatformAccount, TenantType } from '@fpy/domain';
import { lazy } from 'react';
import type { FeatureRoute } from '../../../app/feature-route.ts';

export const routes: FeatureRoute[] = [
  {
    code: 'companyCenter',
    path: '/companyCenter',
    element: lazy(() => import('./company-center-page.tsx')),
    always: true,
    // Platform accounts belong to no company (spec §6 hides the entry for them).
    when: (profile) => !isPlatformAccount(profile.isSuperAdmin),
  },
  {
    code: 'individuation',
    path: '/individuation',
    element: lazy(() => import('./individuation-page.tsx')),
    always: true,
    when: (profile) => profile.tenantType === TenantType.Customised,
  },
];
