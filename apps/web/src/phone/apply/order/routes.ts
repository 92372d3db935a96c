import { lazy } from 'react';
import type { ApplyRoute } from '../routes.ts';

/**
 * The order pages (lane ORDERS, issue 30 §2): their paths are APPLY_PAGES_ORDER in @fpy/contracts. The spec's
 * many addresses of one step (brand and test variants, the in-app and full-electric names) are the same page.
 */
export const routes: readonly ApplyRoute[] = [
  {
    paths: [
      '/webIndex',
      '/webIndexTest',
      '/webIndexBwt',
      '/invoiceInfo',
      '/wxScanInvoice',
      '/toThirdPlat',
      '/toThirdPlatTest',
      '/toThirdPlatBwt',
      '/allEleToThirdPlat',
      '/allEleToThirdPlatBwt',
      '/allzhuiToThirdPlat',
      '/allzhuiInvoiceScan',
      '/zyZmInvoice',
      '/allEleInvoiceScan',
      '/allEleInvoiceDetail',
      '/ypsjbxcxH5',
      '/ypMiniProgram',
    ],
    page: lazy(() => import('./pages/scan.tsx')),
  },
  {
    paths: [
      '/applicationInvoice',
      '/applicationInvoiceBwt',
      '/allEleInvoiceApplicationInvoice',
      '/allEleScanInvoicing',
    ],
    page: lazy(() => import('./pages/apply.tsx')),
  },
  {
    paths: ['/invoiceResult', '/invoiceResultBlank', '/allEleScanSuccess'],
    page: lazy(() => import('./pages/result.tsx')),
  },
  { paths: ['/allEleBusinessError'], page: lazy(() => import('./pages/business-error.tsx')) },
];
