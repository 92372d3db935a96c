import { lazy } from 'react';
import type { ApplyRoute } from '../routes.ts';

/** The code-board pages (lane BOARDS, issue 30 §2.7 and §2.3): their paths are APPLY_PAGES_BOARD in @fpy/contracts. */
export const routes: readonly ApplyRoute[] = [
  {
    paths: ['/enterpriseCodePlate', '/allEleCodeBoardPlat', '/codeBoardBinding'],
    page: lazy(() => import('./pages/plate.tsx')),
  },
  {
    paths: ['/serviceItemPrice', '/allEleBusinessBind', '/applicationInvoiceSpj'],
    page: lazy(() => import('./pages/apply.tsx')),
  },
  {
    paths: ['/bindingSuccess', '/allEleBindSuccess', '/officialAccountsSpj'],
    page: lazy(() => import('./pages/status.tsx')),
  },
];
