import { lazy } from 'react';
import type { FeatureRoute } from '../../../shell/console-page.ts';

/** Spec §2.12 /baseManager/jobManager (任务管理): the outbox's tasks for the platform operator. */
export const routes: FeatureRoute[] = [
  {
    code: 'jobManager',
    path: '/baseManager/jobManager',
    element: lazy(() => import('./jobs-tabs-page.tsx')),
  },
];
