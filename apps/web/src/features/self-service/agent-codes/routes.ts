import { lazy } from 'react';
import type { FeatureRoute } from '../../../shell/console-page.ts';

/** The platform's 代理商入口管理 (issue 30 §2.3, README.md). */
export const routes: FeatureRoute[] = [
  {
    code: 'agentCodeManage',
    path: '/baseManager/agentCodeManage',
    element: lazy(() => import('./agent-codes-page.tsx')),
  },
];
