import { lazy } from 'react';
import type { FeatureRoute } from '../../../shell/console-page.ts';

/** Spec §2.12: the code-board pages of /outputInvoiceManager and /systemSetupManager (README.md). */
export const routes: FeatureRoute[] = [
  {
    code: 'codeBoard',
    path: '/outputInvoiceManager/codeBoard',
    element: lazy(() => import('./code-board-page.tsx')),
  },
  {
    code: 'allEleInvoiceCodeBoard',
    path: '/outputInvoiceManager/allEleInvoiceCodeBoard',
    element: lazy(() => import('./all-ele-code-board-page.tsx')),
  },
  {
    code: 'businessCodeBoard',
    path: '/systemSetupManager/businessCodeBoard',
    element: lazy(() => import('./business-code-board-page.tsx')),
  },
  {
    code: 'codeBoardControl',
    path: '/systemSetupManager/codeBoardControl',
    element: lazy(() => import('./code-board-control-page.tsx')),
  },
  {
    code: 'codeBoardQuery',
    path: '/systemSetupManager/codeBoardQuery',
    element: lazy(() => import('./code-board-query-page.tsx')),
  },
];
