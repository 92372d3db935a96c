import { WALLET_PAGES } from '@fpy/contracts/wallet-api';
import { lazy } from 'react';
import type { ApplyRoute } from '../routes.ts';

/** The card-bag pages (lane WALLETS, issue 30 §2.3): their paths are APPLY_PAGES_WALLET in @fpy/contracts. */
export const routes: readonly ApplyRoute[] = [
  {
    paths: [
      ...WALLET_PAGES.alipay,
      ...WALLET_PAGES.wechat,
      ...WALLET_PAGES.choose,
      ...WALLET_PAGES.detail,
      ...WALLET_PAGES.status,
    ],
    page: lazy(() => import('./pages/card-bag.tsx')),
  },
  { paths: WALLET_PAGES.qr, page: lazy(() => import('./pages/qr.tsx')) },
];
