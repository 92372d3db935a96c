import { lazy } from 'react';
import type { FeatureRoute } from '../../../shell/console-page.ts';

/** Who has which page is the served menu tree's rule (packages/contracts layout-menus.ts, spec §2.11). */
export const routes: FeatureRoute[] = [
  {
    code: 'companyCenter',
    path: '/companyCenter',
    element: lazy(() => import('./company-center-page.tsx')),
  },
  {
    code: 'individuation',
    path: '/individuation',
    element: lazy(() => import('./individuation-page.tsx')),
  },
];
