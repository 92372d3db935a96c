import { lazy } from 'react';
import type { FeatureRoute } from '../../../shell/console-page.ts';

export const routes: FeatureRoute[] = [
  {
    code: 'dashboard',
    path: '/dashboard',
    element: lazy(() => import('./dashboard-page.tsx')),
  },
];
