import { BUYER_CODE_PARAM, type BuyerPagePath } from '@fpy/contracts/buyer-pages';
import { useSyncExternalStore } from 'react';

/**
 * History-mode navigation between the buyer pages without a router library: pushState + a popstate
 * listener. The short code rides along in `?c=` on every page (it is the page's only state worth a URL);
 * a batch link's invoice position in `?n=`.
 */
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};
addEventListener('popstate', notify);

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const snapshot = () => location.pathname + location.search;

export function useLocation() {
  useSyncExternalStore(subscribe, snapshot);
  const q = new URLSearchParams(location.search);
  const n = Number(q.get('n') ?? Number.NaN);
  return {
    path: location.pathname.replace(/\/+$/, '') || '/',
    code: q.get(BUYER_CODE_PARAM) ?? '',
    /** The invoice position asked for, null when the address names none (a batch link then shows its list). */
    n: Number.isInteger(n) && n >= 0 && n < 500 ? n : null,
  };
}

export function pageHref(page: BuyerPagePath, code: string, n?: number | null): string {
  const q = new URLSearchParams({ [BUYER_CODE_PARAM]: code });
  if (n !== undefined && n !== null) q.set('n', String(n));
  return `${page}?${q}`;
}

export function navigate(page: BuyerPagePath, code: string, n?: number | null, replace = false) {
  const href = pageHref(page, code, n);
  if (replace) history.replaceState(null, '', href);
  else history.pushState(null, '', href);
  scrollTo(0, 0);
  notify();
}
