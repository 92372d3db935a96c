import { lazy } from 'react';
import type { FeatureRoute } from '../../../shell/console-page.ts';

/** Spec §2.12 /receiptsInvoice/invoiceWarning: 发票预警 (issue 31, lane CHECK). */
export const routes: FeatureRoute[] = [
  {
    code: 'invoiceWarning',
    path: '/receiptsInvoice/invoiceWarning',
    element: lazy(() => import('./warning-page.tsx')),
  },
];
