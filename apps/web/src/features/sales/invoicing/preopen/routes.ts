import { lazy } from 'react';
import type { FeatureRoute } from '../../../../shell/console-page.ts';

/** Spec §2.12 预开管理 (invoiceMethod 0): finance reviews the applications and keeps their history. */
export const routes: FeatureRoute[] = [
  {
    code: 'preopenAuditManager',
    path: '/outputInvoiceManager/preopenAuditManager',
    element: lazy(() => import('./audit-page.tsx')),
  },
  {
    code: 'preopenRecordManager',
    path: '/outputInvoiceManager/preopenRecordManager',
    element: lazy(() => import('./record-page.tsx')),
  },
];
