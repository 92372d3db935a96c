import { lazy } from 'react';
import type { FeatureRoute } from '../../../shell/console-page.ts';

/** The open platform's management pages (issue 32, lane CONSOLE; README.md). */
export const routes: FeatureRoute[] = [
  {
    code: 'developerRightsManager',
    path: '/openPlatformManager/developerRightsManager',
    element: lazy(() => import('./developer-rights-page.tsx')),
  },
  {
    code: 'interfaceGroup',
    path: '/openPlatformManager/interfaceGroup',
    element: lazy(() => import('./interface-group-page.tsx')),
  },
  {
    code: 'platformInterface',
    path: '/openPlatformManager/platformInterface',
    element: lazy(() => import('./platform-interface-page.tsx')),
  },
  {
    code: 'enterpriseLicense',
    path: '/openPlatformManager/enterpriseLicense',
    element: lazy(() => import('./enterprise-license-page.tsx')),
  },
  {
    code: 'enterpriseRateLimit',
    path: '/openPlatformManager/enterpriseRateLimit',
    element: lazy(() => import('./rate-limit-page.tsx')),
  },
  {
    code: 'softwareInterface',
    path: '/systemAuthorizeManager/softwareInterface',
    element: lazy(() => import('./software-interface-page.tsx')),
  },
  {
    code: 'oauthClientDetailsManager',
    path: '/authManager/oauthClientDetailsManager',
    element: lazy(() => import('./oauth-clients-page.tsx')),
  },
  {
    code: 'authCode',
    path: '/authManager/authCode',
    element: lazy(() => import('./auth-codes-page.tsx')),
  },
  {
    code: 'deviceBinding',
    path: '/authManager/deviceBinding',
    element: lazy(() => import('./device-bindings-page.tsx')),
  },
];
