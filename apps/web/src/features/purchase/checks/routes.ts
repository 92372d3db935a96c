import { lazy } from 'react';
import type { FeatureRoute } from '../../../shell/console-page.ts';

/** Spec §2.12 /receiptsInvoice: 智能查验, 扫码查验 and 查验记录 (issue 31, lane CHECK). */
export const routes: FeatureRoute[] = [
  {
    code: 'intelligentCheck',
    path: '/receiptsInvoice/intelligentCheck',
    element: lazy(() => import('./intelligent-check-page.tsx')),
  },
  {
    code: 'solaCheck',
    path: '/receiptsInvoice/solaCheck',
    element: lazy(() => import('./sola-check-page.tsx')),
  },
  {
    code: 'checkRecord',
    path: '/receiptsInvoice/checkRecord',
    element: lazy(() => import('./check-record-page.tsx')),
  },
];
