import { APPLY_PAGES_AGENT } from './apply-pages-agent.ts';
import { APPLY_PAGES_BOARD } from './apply-pages-board.ts';
import { APPLY_PAGES_ORDER } from './apply-pages-order.ts';
import { APPLY_PAGES_TITLE } from './apply-pages-title.ts';
import { APPLY_PAGES_WALLET } from './apply-pages-wallet.ts';

/**
 * The routes of the phone entry `apply` (issue 30, 自助开票: a buyer scans a code and asks for the invoice), the
 * union of each lane's list (one file per owner, so four lanes never edit one line). Zod-free
 * (`@fpy/contracts/apply-pages`): the phone entries list, the Vite build and the light pages import it.
 */
export const APPLY_PAGE_PATHS: readonly string[] = [
  ...APPLY_PAGES_ORDER,
  ...APPLY_PAGES_TITLE,
  ...APPLY_PAGES_WALLET,
  ...APPLY_PAGES_BOARD,
  ...APPLY_PAGES_AGENT,
];

/** The query parameter carrying a buyer code (an order's, a board's) on every apply page: /webIndex?c=<code>. */
export const APPLY_CODE_PARAM = 'c';

/**
 * The spec's host-based variants as route suffixes: `…Bwt` is the same page under the second brand, `…Test` under
 * the test channel (never copies: the entry maps both to the base page and tells it which variant it shows).
 */
export type ApplyBrand = 'main' | 'bwt';
export type ApplyChannel = 'live' | 'test';
export interface ApplyVariant {
  /** The page's path without the variant suffix (`/webIndexBwt` → `/webIndex`). */
  readonly base: string;
  readonly brand: ApplyBrand;
  readonly channel: ApplyChannel;
}

export function applyVariantOf(path: string): ApplyVariant {
  if (path.endsWith('Bwt')) return { base: path.slice(0, -3), brand: 'bwt', channel: 'live' };
  if (path.endsWith('Test')) return { base: path.slice(0, -4), brand: 'main', channel: 'test' };
  return { base: path, brand: 'main', channel: 'live' };
}

/**
 * The address of `base` in the same variant as the page the buyer is on: `/invoiceResult` seen from `/webIndexBwt`
 * is `/invoiceResultBwt` when that route exists, else the plain page (the brand still rides in `?b=`).
 */
export function applyVariantPath(base: string, variant: Pick<ApplyVariant, 'brand' | 'channel'>): string {
  const suffix = variant.brand === 'bwt' ? 'Bwt' : variant.channel === 'test' ? 'Test' : '';
  return suffix && APPLY_PAGE_PATHS.includes(base + suffix) ? base + suffix : base;
}

/** The order pages' public calls (lane ORDERS), zod-free for the light entry. */
export { ORDER_API } from './apply-pages-order.ts';
