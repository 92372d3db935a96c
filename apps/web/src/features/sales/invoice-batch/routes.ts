import { lazy } from 'react';
import type { FeatureRoute } from '../../../shell/console-page.ts';

/** Spec §2.12 /outputInvoiceManager/batchInvoice. */
export const routes: FeatureRoute[] = [
  {
    code: 'batchInvoice',
    path: '/outputInvoiceManager/batchInvoice',
    element: lazy(() => import('./batch-page.tsx')),
  },
];
