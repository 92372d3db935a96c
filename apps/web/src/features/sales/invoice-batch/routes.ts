import { lazy } from 'react';
import type { FeatureRoute } from '../../../app/feature-route.ts';

/** Spec §2.12 /outputInvoiceManager/batchInvoice. */
export const routes: FeatureRoute[] = [
  {
    code: 'batchInvoice',
    path: '/outputInvoiceManager/batchInvoice',
    element: lazy(() => import('./batch-page.tsx')),
  },
];
