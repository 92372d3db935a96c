import { lazy } from 'react';
import type { ApplyRoute } from '../routes.ts';

/** The title pages (lane TITLES, issue 30 §3): their paths are APPLY_PAGES_TITLE in @fpy/contracts. */
export const routes: readonly ApplyRoute[] = [
  {
    paths: [
      '/titleDetail',
      '/allEleHeadWx',
      '/titleUpload',
      '/titleUploadBwt',
      '/wxInvoiceUpload',
      '/allEleInvoiceTitleUpload',
    ],
    page: lazy(() => import('./pages/detail.tsx')),
  },
  { paths: ['/chooseTitle'], page: lazy(() => import('./pages/choose.tsx')) },
  { paths: ['/billsCollectionTitle'], page: lazy(() => import('./pages/card.tsx')) },
];
