import { lazy } from 'react';
import type { FeatureRoute } from '../../../shell/console-page.ts';

const P = '/systemSetupManager';

/** Spec §2.12 /systemSetupManager: the buyer's title form (scanTitle) and the scan-to-invoice page (scanInvoice). */
export const routes: FeatureRoute[] = [
  { code: 'scanTitle', path: `${P}/scanTitle`, element: lazy(() => import('./scan-title-page.tsx')) },
  { code: 'scanInvoice', path: `${P}/scanInvoice`, element: lazy(() => import('./scan-invoice-page.tsx')) },
];
