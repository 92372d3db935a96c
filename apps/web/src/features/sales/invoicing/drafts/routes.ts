import { lazy } from 'react';
import type { FeatureRoute } from '../../../../shell/console-page.ts';

/** Spec §2.12: 待开发票 (drafts) and 开具队列 (waiting for or refused by the bureau). */
export const routes: FeatureRoute[] = [
  {
    code: 'stayOpenInvoice',
    path: '/outputInvoiceManager/stayOpenInvoice',
    element: lazy(() => import('./drafts-page.tsx')),
  },
  {
    code: 'stayOpenList',
    path: '/outputInvoiceManager/stayOpenList',
    element: lazy(() => import('./queue-page.tsx')),
  },
];
