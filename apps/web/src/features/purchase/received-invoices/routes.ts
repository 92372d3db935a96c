import { lazy } from 'react';
import type { FeatureRoute } from '../../../shell/console-page.ts';

/** Spec §2.12 /receiptsInvoice/invoiceQuery: 发票查询 of the received invoices (issue 31, lane CORE). */
export const routes: FeatureRoute[] = [
  {
    code: 'invoiceQuery',
    path: '/receiptsInvoice/invoiceQuery',
    element: lazy(() => import('./invoice-query-page.tsx')),
  },
];
