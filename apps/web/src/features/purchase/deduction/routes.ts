import { lazy } from 'react';
import type { FeatureRoute } from '../../../shell/console-page.ts';

const receiptsOperation = lazy(() => import('./receipts-operation-page.tsx'));

/**
 * Spec §2.12 /receiptsInvoice checkAuthority, confirmPwd, taxPayment and §2.11 /receiptsOperation (issue 31, lane
 * DEDUCT). /receiptsInvoice also lists receiptsOperation among its children: the same page under the same key.
 */
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
    element: receiptsOperation,
  },
  { code: 'receiptsOperation', path: '/receiptsInvoice/receiptsOperation', element: receiptsOperation },
];
