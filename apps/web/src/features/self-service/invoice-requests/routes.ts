import { lazy } from 'react';
import type { FeatureRoute } from '../../../shell/console-page.ts';

/** Spec §2.12 /outputInvoiceManager/invoiceApply: the buyers' invoice requests to review. */
export const routes: FeatureRoute[] = [
  {
    code: 'invoiceApply',
    path: '/outputInvoiceManager/invoiceApply',
    element: lazy(() => import('./invoice-apply-page.tsx')),
  },
];
