import { lazy } from 'react';
import type { FeatureRoute } from '../../../shell/console-page.ts';

const P = '/invoicePlat';

/** Spec §2.12 /invoicePlat: the company's invoicing-platform settings (smsWhite is sms-admin's). */
export const routes: FeatureRoute[] = [
  { code: 'companyinfo', path: `${P}/companyinfo`, element: lazy(() => import('./company-info-page.tsx')) },
  { code: 'template', path: `${P}/template`, element: lazy(() => import('./template-page.tsx')) },
  { code: 'fpmb', path: `${P}/fpmb`, element: lazy(() => import('./invoice-layout-page.tsx')) },
  { code: 'sms', path: `${P}/sms`, element: lazy(() => import('./sms-signature-page.tsx')) },
  { code: 'zzsdzfp', path: `${P}/zzsdzfp`, element: lazy(() => import('./delivery-settings-page.tsx')) },
  { code: 'shorturl', path: `${P}/shorturl`, element: lazy(() => import('./short-links-page.tsx')) },
  {
    code: 'invoiceClassify',
    path: `${P}/invoiceClassify`,
    element: lazy(() => import('./categories-page.tsx')),
  },
  { code: 'bill', path: `${P}/bill`, element: lazy(() => import('./bill-page.tsx')) },
];
