import { lazy } from 'react';
import type { FeatureRoute } from '../../../app/feature-route.ts';

/** Spec §2.12 /outputInvoiceManager/myCustomer. */
export const routes: FeatureRoute[] = [
  {
    code: 'myCustomer',
    path: '/outputInvoiceManager/myCustomer',
    element: lazy(() => import('./customers-page.tsx')),
  },
];
