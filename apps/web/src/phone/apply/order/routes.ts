import { lazy } from 'react';
import type { ApplyRoute } from '../routes.ts';

/** The order pages (lane ORDERS, issue 30 §2): their paths are APPLY_PAGES_ORDER in @fpy/contracts. */
export const routes: readonly ApplyRoute[] = [
  { paths: ['/webIndex', '/webIndexTest', '/webIndexBwt'], page: lazy(() => import('./pages/scan.tsx')) },
];
