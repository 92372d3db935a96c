import { lazy } from 'react';
import type { FeatureRoute } from '../../../shell/console-page.ts';

/** Spec §2.12 /outputInvoiceManager/invoiceFill and invoiceDetails (红字信息表, notes §6.1). */
export const routes: FeatureRoute[] = [
  {
    code: 'invoiceFill',
    path: '/outputInvoiceManager/invoiceFill',
    element: lazy(() => import('./fill/fill-page.tsx')),
  },
  {
    code: 'invoiceDetails',
    path: '/outputInvoiceManager/invoiceDetails',
    element: lazy(() => import('./details/details-page.tsx')),
  },
];
