import { useSyncExternalStore } from 'react';

/** A few brand-safe primaries; the first is the product's own blue. */
export const PRIMARY_COLORS = [
  '#1677ff',
  '#13a8a8',
  '#52c41a',
  '#fa8c16',
  '#eb2f96',
  '#722ed1',
  '#f5222d',
] as const;

export interface ThemeChoice {
  primary: string;
  dark: boolean;
}

const STORAGE_KEY = 'theme';
const DEFAULT_THEME: ThemeChoice = { primary: PRIMARY_COLORS[0], dark: false };
const listeners = new Set<() => void>();

function read(): ThemeChoice {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<ThemeChoice> | null;
    if (saved && typeof saved.primary === 'string' && /^#[0-9a-f]{6}$/i.test(saved.primary)) {
      return { primary: saved.primary, dark: saved.dark === true };
    }
  } catch {
    // A corrupt entry falls back to the default theme.
  }
  return DEFAULT_THEME;
}

let current = read();

/** Spec §4: the choice recolours the interface at once and is remembered across visits. */
export function setTheme(next: ThemeChoice): void {
  current = next;
  localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  for (const l of listeners) l();
}

export function useTheme(): ThemeChoice {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => current,
  );
}
