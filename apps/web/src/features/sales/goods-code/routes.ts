import { lazy } from 'react';
import type { FeatureRoute } from '../../../shell/console-page.ts';

/** Spec §2.12 /outputInvoiceManager/goodsCode. */
export const routes: FeatureRoute[] = [
  {
    code: 'goodsCode',
    path: '/outputInvoiceManager/goodsCode',
    element: lazy(() => import('./goods-code-page.tsx')),
  },
];
