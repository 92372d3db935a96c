import { useSyncExternalStore } from 'react';
import { onSessionCleared } from '../../lib/session.ts';

/** Spec §3 visited-page entry. */
export interface VisitedView {
  path: string;
  /** Path with query, so returning to a tab restores its filters. */
  fullPath: string;
  code: string;
  title: string;
}

const STORAGE_KEY = 'visitedViews';
/** Spec §9: at most 10 tabs; once more than 9 are open the oldest goes before a new one is added. */
const KEEP_BEFORE_ADD = 9;
const listeners = new Set<() => void>();

function load(): VisitedView[] {
  try {
    const list = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as VisitedView[];
    return Array.isArray(list) ? list.filter((v) => typeof v?.path === 'string') : [];
  } catch {
    return [];
  }
}

let views: VisitedView[] = load();

function commit(next: VisitedView[]): VisitedView[] {
  views = next;
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  for (const l of listeners) l();
  return next;
}

export function addView(view: VisitedView): void {
  const existing = views.find((v) => v.path === view.path);
  if (existing) {
    // Same tab, new query: keep its place but remember where it now points.
    if (existing.fullPath !== view.fullPath) commit(views.map((v) => (v.path === view.path ? view : v)));
    return;
  }
  let next = views;
  while (next.length > KEEP_BEFORE_ADD) next = next.slice(1);
  commit([...next, view]);
}

/** Returns the tabs left open. */
export function closeView(path: string): VisitedView[] {
  return commit(views.filter((v) => v.path !== path));
}

export function closeOtherViews(path: string): VisitedView[] {
  return commit(views.filter((v) => v.path === path));
}

export function closeAllViews(): void {
  commit([]);
}

export function useVisitedViews(): VisitedView[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => views,
    () => views,
  );
}

// Logout clears sessionStorage; the in-memory copy must follow or the next user sees these tabs.
onSessionCleared(() => {
  views = [];
  for (const l of listeners) l();
});
