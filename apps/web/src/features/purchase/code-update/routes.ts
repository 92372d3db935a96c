import { lazy } from 'react';
import type { FeatureRoute } from '../../../shell/console-page.ts';

/** Spec §2.12 /receiptsInvoice/codeUpdate: 商品编码更新 (入账编码规则, issue 31, lane PSTATS). */
export const routes: FeatureRoute[] = [
  {
    code: 'codeUpdate',
    path: '/receiptsInvoice/codeUpdate',
    element: lazy(() => import('./code-update-page.tsx')),
  },
];
