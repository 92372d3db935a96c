import { lazy } from 'react';
import type { FeatureRoute } from '../../app/feature-route.ts';

export const routes: FeatureRoute[] = [
  {
    code: 'companyCenter',
    path: '/companyCenter',
    element: lazy(() => import('./company-center-page.tsx')),
    always: true,
  },
  {
    code: 'individuation',
    path: '/individuation',
    element: lazy(() => import('./individuation-page.tsx')),
    always: true,
  },
];
