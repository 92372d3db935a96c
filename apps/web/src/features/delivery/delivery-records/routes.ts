import { lazy } from 'react';
import type { FeatureRoute } from '../../../shell/console-page.ts';

/** Records, receipts and statistics of /smsMessage and /emailMessage (spec §2.12). */
export const routes: FeatureRoute[] = [
  { code: 'smsRecord', path: '/smsMessage/smsRecord', element: lazy(() => import('./sms-records-page.tsx')) },
  {
    code: 'emailRecord',
    path: '/emailMessage/emailRecord',
    element: lazy(() => import('./email-records-page.tsx')),
  },
  {
    code: 'smsStateReport',
    path: '/smsMessage/smsStateReport',
    element: lazy(() => import('./sms-receipts-page.tsx')),
  },
  {
    code: 'emailStateReport',
    path: '/emailMessage/emailStateReport',
    element: lazy(() => import('./email-receipts-page.tsx')),
  },
  {
    code: 'smsFacilitatorStatistic',
    path: '/smsMessage/smsFacilitatorStatistic',
    element: lazy(() => import('./sms-provider-stats-page.tsx')),
  },
  {
    code: 'enterpriseSmsStatistic',
    path: '/smsMessage/enterpriseSmsStatistic',
    element: lazy(() => import('./sms-tenant-stats-page.tsx')),
  },
  {
    code: 'emailStatistic',
    path: '/emailMessage/emailStatistic',
    element: lazy(() => import('./email-stats-page.tsx')),
  },
];
