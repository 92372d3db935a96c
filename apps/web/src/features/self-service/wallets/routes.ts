import { lazy } from 'react';
import type { FeatureRoute } from '../../../shell/console-page.ts';

const P = '/systemSetupManager';

/** Spec §2.12 /systemSetupManager: WeChat / Alipay card-bag settings (wxSet, zfbSet) and insertions (wechatList, alipayList). */
export const routes: FeatureRoute[] = [
  { code: 'wxSet', path: `${P}/wxSet`, element: lazy(() => import('./wx-set-page.tsx')) },
  { code: 'zfbSet', path: `${P}/zfbSet`, element: lazy(() => import('./zfb-set-page.tsx')) },
  { code: 'wechatList', path: `${P}/wechatList`, element: lazy(() => import('./wechat-list-page.tsx')) },
  { code: 'alipayList', path: `${P}/alipayList`, element: lazy(() => import('./alipay-list-page.tsx')) },
];
