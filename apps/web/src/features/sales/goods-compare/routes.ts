import { lazy } from 'react';
import type { FeatureRoute } from '../../../shell/console-page.ts';

/** Spec §2.12 /outputInvoiceManager/goodsCompare. */
export const routes: FeatureRoute[] = [
  {
    code: 'goodsCompare',
    path: '/outputInvoiceManager/goodsCompare',
    element: lazy(() => import('./goods-compare-page.tsx')),
  },
];
