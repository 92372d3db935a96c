import { lazy } from 'react';
import type { FeatureRoute } from '../../../shell/console-page.ts';

/** Spec §2.12 /monitorManager (服务监控, issue 32 §3): instances, metrics, traces. */
export const routes: FeatureRoute[] = [
  {
    code: 'serviceEurekaManager',
    path: '/monitorManager/serviceEurekaManager',
    element: lazy(() => import('./instances-page.tsx')),
  },
  {
    code: 'serviceMonitorManager',
    path: '/monitorManager/serviceMonitorManager',
    element: lazy(() => import('./metrics-page.tsx')),
  },
  {
    code: 'serviceZipkinManager',
    path: '/monitorManager/serviceZipkinManager',
    element: lazy(() => import('./traces-page.tsx')),
  },
];
