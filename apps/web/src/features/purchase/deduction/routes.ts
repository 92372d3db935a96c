import { lazy } from 'react';
import type { FeatureRoute } from '../../../shell/console-page.ts';

/** Spec §2.12 /receiptsInvoice checkAuthority, confirmPwd, taxPayment and §2.11 /receiptsOperation (issue 31, lane DEDUCT). */
export const routes: FeatureRoute[] = [
  {
    code: 'checkAuthority',
    path: '/receiptsInvoice/checkAuthority',
    element: lazy(() => import('./check-authority-page.tsx')),
  },
  {
    code: 'confirmPwd',
    path: '/receiptsInvoice/confirmPwd',
    element: lazy(() => import('./confirm-pwd-page.tsx')),
  },
  {
    code: 'taxPayment',
    path: '/receiptsInvoice/taxPayment',
    element: lazy(() => import('./tax-payment-page.tsx')),
  },
  {
    code: 'receiptsOperation',
    path: '/receiptsOperation',
    element: lazy(() => import('./receipts-operation-page.tsx')),
  },
];
