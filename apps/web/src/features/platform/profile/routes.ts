import { lazy } from 'react';
import type { FeatureRoute } from '../../../app/feature-route.ts';

export const routes: FeatureRoute[] = [
  {
    code: 'personalInformation',
    path: '/personalInformation',
    element: lazy(() => import('./personal-information-page.tsx')),
  },
];
