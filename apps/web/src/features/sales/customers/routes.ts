import { lazy } from 'react';
import type { FeatureRoute } from '../../../shell/console-page.ts';

/** Spec §2.12 /outputInvoiceManager/myCustomer. */
export const routes: FeatureRoute[] = [
  {
    code: 'myCustomer',
    path: '/outputInvoiceManager/myCustomer',
    element: lazy(() => import('./customers-page.tsx')),
  },
];
