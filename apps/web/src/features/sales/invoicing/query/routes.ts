import { lazy } from 'react';
import type { FeatureRoute } from '../../../../shell/console-page.ts';

/** Spec §2.12 /outputInvoiceManager/salesInvoiceQuery. */
export const routes: FeatureRoute[] = [
  {
    code: 'salesInvoiceQuery',
    path: '/outputInvoiceManager/salesInvoiceQuery',
    element: lazy(() => import('./query-page.tsx')),
  },
];
