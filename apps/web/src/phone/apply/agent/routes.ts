import { lazy } from 'react';
import type { ApplyRoute } from '../routes.ts';

/** The 代理商入口 page (lane AGENT, issue 30 §2.3): its path is APPLY_PAGES_AGENT in @fpy/contracts. */
export const routes: readonly ApplyRoute[] = [
  { paths: ['/allEleAgentTenant'], page: lazy(() => import('./pages/tenants.tsx')) },
];
