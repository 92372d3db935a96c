import { lazy } from 'react';
import type { FeatureRoute } from '../../../shell/console-page.ts';

export const routes: FeatureRoute[] = [
  {
    code: 'taxClassCode',
    path: '/outputInvoiceManager/taxClassCode',
    element: lazy(() => import('./tax-class-code-page.tsx')),
  },
];
