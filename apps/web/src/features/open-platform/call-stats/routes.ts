import { lazy } from 'react';
import type { FeatureRoute } from '../../../shell/console-page.ts';

/** Issue 32 §3: the open API as operators watch it (open_call_logs). */
export const routes: FeatureRoute[] = [
  {
    code: 'interfaceStatistics',
    path: '/openPlatformManager/interfaceStatistics',
    element: lazy(() => import('./statistics-page.tsx')),
  },
  {
    code: 'interfaceDetail',
    path: '/openPlatformManager/interfaceDetail',
    element: lazy(() => import('./detail-page.tsx')),
  },
  { code: 'apiManager', path: '/authManager/apiManager', element: lazy(() => import('./apis-page.tsx')) },
  {
    code: 'gatewayManager',
    path: '/authManager/gatewayManager',
    element: lazy(() => import('./gateway-page.tsx')),
  },
  {
    code: 'serviceManager',
    path: '/authManager/serviceManager',
    element: lazy(() => import('./services-page.tsx')),
  },
];
