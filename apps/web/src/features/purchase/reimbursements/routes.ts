import { lazy } from 'react';
import type { FeatureRoute } from '../../../shell/console-page.ts';

/** Spec §2.12 /receiptsInvoice/invoiceReimbursement: 发票报销 (issue 31, lane CHECK). */
export const routes: FeatureRoute[] = [
  {
    code: 'invoiceReimbursement',
    path: '/receiptsInvoice/invoiceReimbursement',
    element: lazy(() => import('./reimbursement-page.tsx')),
  },
];
