import { WALLET_PAGES } from './wallet-api.ts';

/**
 * The phone entry `apply`'s routes owned by lane WALLETS (issue 30): exact paths, each listed only once its page
 * works (the page lives in apps/web/src/phone/apply/wallet/). Zod-free: the light entry imports it.
 */
export const APPLY_PAGES_WALLET: readonly string[] = Object.values(WALLET_PAGES).flat();
