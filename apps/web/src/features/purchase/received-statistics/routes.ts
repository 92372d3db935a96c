import { lazy } from 'react';
import type { FeatureRoute } from '../../../shell/console-page.ts';

/** Spec §2.12 /receiptsInvoice/jxFptj: 进项发票统计 (issue 31, lane PSTATS). */
export const routes: FeatureRoute[] = [
  {
    code: 'jxFptj',
    path: '/receiptsInvoice/jxFptj',
    element: lazy(() => import('./stats-page.tsx')),
  },
];
