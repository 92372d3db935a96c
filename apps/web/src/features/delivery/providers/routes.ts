import { lazy } from 'react';
import type { FeatureRoute } from '../../../shell/console-page.ts';

/** Spec §2.12 /smsMessage/smsFacilitatorManage and /emailMessage/emailFacilitatorManage (platform accounts). */
export const routes: FeatureRoute[] = [
  {
    code: 'smsFacilitatorManage',
    path: '/smsMessage/smsFacilitatorManage',
    element: lazy(() => import('./sms-providers-page.tsx')),
  },
  {
    code: 'emailFacilitatorManage',
    path: '/emailMessage/emailFacilitatorManage',
    element: lazy(() => import('./email-providers-page.tsx')),
  },
];
