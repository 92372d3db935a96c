import { lazy } from 'react';
import type { FeatureRoute } from '../../../shell/console-page.ts';

/** Spec §2.12 /outputInvoiceManager: invoicePrint, printSetup, openerSetup. */
export const routes: FeatureRoute[] = [
  {
    code: 'invoicePrint',
    path: '/outputInvoiceManager/invoicePrint',
    element: lazy(() => import('./invoice-print-page.tsx')),
  },
  {
    code: 'printSetup',
    path: '/outputInvoiceManager/printSetup',
    element: lazy(() => import('./print-setup-page.tsx')),
  },
  {
    code: 'openerSetup',
    path: '/outputInvoiceManager/openerSetup',
    element: lazy(() => import('./opener-setup-page.tsx')),
  },
];
