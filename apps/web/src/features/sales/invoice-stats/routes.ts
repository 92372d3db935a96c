import { lazy } from 'react';
import type { FeatureRoute } from '../../../shell/console-page.ts';

/** Spec §2.12 /outputInvoiceManager/invoiceStatistic (开票统计). */
export const routes: FeatureRoute[] = [
  {
    code: 'invoiceStatistic',
    path: '/outputInvoiceManager/invoiceStatistic',
    element: lazy(() => import('./stats-page.tsx')),
  },
];
