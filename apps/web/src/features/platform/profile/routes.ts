import { lazy } from 'react';
import type { FeatureRoute } from '../../../shell/console-page.ts';

export const routes: FeatureRoute[] = [
  {
    code: 'personalInformation',
    path: '/personalInformation',
    element: lazy(() => import('./personal-information-page.tsx')),
  },
];
