import { lazy } from 'react';
import type { FeatureRoute } from '../../../shell/console-page.ts';

const page = (name: 'OutputInvoice' | 'InputInvoice' | 'ElectronicInvoice' | 'DeviceCenter' | 'UserCenter') =>
  lazy(() => import('./product-pages.tsx').then((m) => ({ default: m[name] })));

/**
 * Spec §2.12 /developerOptions (开发者选项) and /authManager/errorCode: the open API's documentation, derived
 * from the contracts' open declarations (server modules/open-platform/docs).
 */
export const routes: FeatureRoute[] = [
  { code: 'outputInvoice', path: '/developerOptions/outputInvoice', element: page('OutputInvoice') },
  { code: 'inputInvoice', path: '/developerOptions/inputInvoice', element: page('InputInvoice') },
  {
    code: 'electronicInvoice',
    path: '/developerOptions/electronicInvoice',
    element: page('ElectronicInvoice'),
  },
  {
    code: 'deviceCenterSetting',
    path: '/developerOptions/deviceCenterSetting',
    element: page('DeviceCenter'),
  },
  { code: 'userCenter', path: '/developerOptions/userCenter', element: page('UserCenter') },
  {
    code: 'openPlatForm',
    path: '/developerOptions/openPlatForm',
    element: lazy(() => import('./open-platform-page.tsx')),
  },
  {
    code: 'currentLimiting',
    path: '/developerOptions/currentLimiting',
    element: lazy(() => import('./limits-page.tsx')),
  },
  {
    code: 'errorCode',
    path: '/authManager/errorCode',
    element: lazy(() => import('./error-codes-page.tsx')),
  },
];
