import { lazy } from 'react';
import type { FeatureRoute } from '../../../shell/console-page.ts';

const P = '/outputInvoiceManager';

/** Spec §2.12 /outputInvoiceManager: scan-to-invoice orders (sweepCode) and the receipts' record (smallTicketRecord). */
export const routes: FeatureRoute[] = [
  { code: 'sweepCode', path: `${P}/sweepCode`, element: lazy(() => import('./sweep-code-page.tsx')) },
  {
    code: 'smallTicketRecord',
    path: `${P}/smallTicketRecord`,
    element: lazy(() => import('./small-ticket-page.tsx')),
  },
];
