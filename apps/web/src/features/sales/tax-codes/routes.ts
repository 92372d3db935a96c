import { lazy } from 'react';
import type { FeatureRoute } from '../../../app/feature-route.ts';

export const routes: FeatureRoute[] = [
  {
    code: 'taxClassCode',
    path: '/outputInvoiceManager/taxClassCode',
    element: lazy(() => import('./tax-class-code-page.tsx')),
  },
];
