import { lazy } from 'react';
import type { FeatureRoute } from '../../../shell/console-page.ts';

/** Spec §2.12 /baseManager pages built by hand (dictionaries, gate log and sandbox messages are resource pages; 任务管理 is features/platform/jobs). */
export const routes: FeatureRoute[] = [
  {
    code: 'menuManager',
    path: '/baseManager/menuManager',
    element: lazy(() => import('./menus/menu-page.tsx')),
  },
  {
    code: 'tenantManager',
    path: '/baseManager/tenantManager',
    element: lazy(() => import('./tenants/tenant-page.tsx')),
  },
];
