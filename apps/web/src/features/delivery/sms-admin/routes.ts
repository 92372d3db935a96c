import { lazy } from 'react';
import type { FeatureRoute } from '../../../shell/console-page.ts';

/** 短信管理 (spec §2.12 /smsMessage) administration pages, and a company's own whitelist (/invoicePlat/smsWhite). */
export const routes: FeatureRoute[] = [
  { code: 'smsMargin', path: '/smsMessage/smsMargin', element: lazy(() => import('./margin-page.tsx')) },
  {
    code: 'rechargeRecord',
    path: '/smsMessage/rechargeRecord',
    element: lazy(() => import('./recharge-page.tsx')),
  },
  {
    code: 'smsControlList',
    path: '/smsMessage/smsControlList',
    element: lazy(() => import('./controls-page.tsx')),
  },
  {
    code: 'smsControlManage',
    path: '/smsMessage/smsControlManage',
    element: lazy(() => import('./limits-page.tsx')),
  },
  {
    code: 'smsSystemDeploy',
    path: '/smsMessage/smsSystemDeploy',
    element: lazy(() => import('./system-deploy-page.tsx')),
  },
  { code: 'smsWhite', path: '/invoicePlat/smsWhite', element: lazy(() => import('./white-page.tsx')) },
];
