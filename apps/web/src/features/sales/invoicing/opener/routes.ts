import { lazy } from 'react';
import type { FeatureRoute } from '../../../../shell/console-page.ts';

/** Spec §2.12: 发票开具 (invoiceMethod 1) and 预开申请 (invoiceMethod 0) share one form. */
export const routes: FeatureRoute[] = [
  {
    code: 'invoiceOpener',
    path: '/outputInvoiceManager/invoiceOpener',
    element: lazy(() => import('./opener-page.tsx')),
  },
  {
    code: 'preopenApplication',
    path: '/outputInvoiceManager/preopenApplication',
    element: lazy(() => import('./preopen-page.tsx')),
  },
];
