import { lazy } from 'react';
import type { FeatureRoute } from '../../../shell/console-page.ts';

/** The plain admin records built on the declared-resource machinery (spec §2.12 paths). */
export const routes: FeatureRoute[] = [
  {
    code: 'positionManager',
    path: '/orgManager/positionManager',
    element: lazy(() => import('./positions-page.tsx')),
  },
  { code: 'dictManager', path: '/baseManager/dictManager', element: lazy(() => import('./dict-page.tsx')) },
  {
    code: 'gateLogManager',
    path: '/baseManager/gateLogManager',
    element: lazy(() => import('./gate-log-page.tsx')),
  },
  {
    code: 'sandboxMessageManager',
    path: '/baseManager/sandboxMessageManager',
    element: lazy(() => import('./sandbox-messages-page.tsx')),
  },
];
