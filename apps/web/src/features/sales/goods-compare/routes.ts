import { lazy } from 'react';
import type { FeatureRoute } from '../../../app/feature-route.ts';

/** Spec §2.12 /outputInvoiceManager/goodsCompare. */
export const routes: FeatureRoute[] = [
  {
    code: 'goodsCompare',
    path: '/outputInvoiceManager/goodsCompare',
    element: lazy(() => import('./goods-compare-page.tsx')),
  },
];
