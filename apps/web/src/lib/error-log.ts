import { useSyncExternalStore } from 'react';

/** Spec §4: uncaught UI errors are recorded with message, stack, component info and url. */
export interface ErrorLogEntry {
  id: number;
  time: number;
  message: string;
  stack?: string;
  componentInfo?: string;
  url: string;
}

// Bounded so a render loop that throws repeatedly cannot exhaust memory.
const MAX_ENTRIES = 50;
let entries: ErrorLogEntry[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const l of listeners) l();
}

export function recordError(error: unknown, componentInfo?: string): void {
  // A server's answer (a refused page shown by its boundary) is no UI fault; the client already reported it.
  if (error instanceof Error && error.name === 'ApiError') return;
  const err = error instanceof Error ? error : new Error(String(error));
  const entry: ErrorLogEntry = {
    id: nextId++,
    time: Date.now(),
    message: err.message || String(error),
    stack: err.stack,
    componentInfo,
    url: window.location.href,
  };
  entries = [entry, ...entries].slice(0, MAX_ENTRIES);
  emit();
}

export function clearErrorLog(): void {
  entries = [];
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useErrorLog(): ErrorLogEntry[] {
  return useSyncExternalStore(
    subscribe,
    () => entries,
    () => entries,
  );
}

let installed = false;

/** Errors outside React's render (event handlers, timers, rejected promises) reach the log through here. */
export function installGlobalErrorHandlers(): void {
  if (installed) return;
  installed = true;
  window.addEventListener('error', (e) => recordError(e.error ?? e.message));
  window.addEventListener('unhandledrejection', (e) => {
    // Failed API calls have already been shown to the user by the HTTP client; they are not UI bugs.
    if ((e.reason as { name?: string } | null)?.name === 'ApiError') return;
    recordError(e.reason);
  });
}
