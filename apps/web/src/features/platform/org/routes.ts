import { lazy } from 'react';
import type { FeatureRoute } from '../../../shell/console-page.ts';

/** Spec §2.12 /orgManager (positionManager is a declared resource page, not here). */
export const routes: FeatureRoute[] = [
  {
    code: 'userManager',
    path: '/orgManager/userManager',
    element: lazy(() => import('./users/user-page.tsx')),
  },
  {
    code: 'groupManager',
    path: '/orgManager/groupManager',
    element: lazy(() => import('./groups/group-page.tsx')),
  },
  {
    code: 'departManager',
    path: '/orgManager/departManager',
    element: lazy(() => import('./departments/depart-page.tsx')),
  },
];
