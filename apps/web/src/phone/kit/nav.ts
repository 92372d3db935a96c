import { useSyncExternalStore } from 'react';

/**
 * History-mode navigation between the pages of one phone entry without a router library: pushState + a popstate
 * listener. Pages keep their state worth an address in the query (a short code, a position); anything private
 * (an address typed in) stays in sessionStorage, never in the URL.
 */
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};

const subscribe = (l: () => void) => {
  // Listening from the first subscriber on, so the module loads outside a browser too (unit tests).
  if (listeners.size === 0) addEventListener('popstate', notify);
  listeners.add(l);
  return () => {
    listeners.delete(l);
    if (listeners.size === 0) removeEventListener('popstate', notify);
  };
};
const snapshot = () => location.pathname + location.search;

/** The current path (no trailing slash) and query; the component re-renders on every navigation. */
export function usePhoneLocation() {
  useSyncExternalStore(subscribe, snapshot);
  return {
    path: location.pathname.replace(/\/+$/, '') || '/',
    query: new URLSearchParams(location.search),
  };
}

/** `path?query`; null and undefined values are left out. */
export function phoneHref(path: string, query: Record<string, string | number | null | undefined> = {}) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

/** Shows another page of the entry without a reload, at the top of the screen. */
export function go(href: string, replace = false) {
  if (replace) history.replaceState(null, '', href);
  else history.pushState(null, '', href);
  scrollTo(0, 0);
  notify();
}
