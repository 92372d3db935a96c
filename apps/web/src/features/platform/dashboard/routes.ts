import { lazy } from 'react';
import type { FeatureRoute } from '../../../app/feature-route.ts';

export const routes: FeatureRoute[] = [
  {
    code: 'dashboard',
    path: '/dashboard',
    element: lazy(() => import('./dashboard-page.tsx')),
  },
];
