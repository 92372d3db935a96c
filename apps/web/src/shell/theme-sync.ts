import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callLazy } from '../lib/http.ts';
import { SESSION_KEY } from '../lib/permission.tsx';
import { setTheme, type ThemeChoice } from '../lib/theme.ts';

/**
 * The theme is remembered per account on the server (spec §7 titleProp) and per browser in localStorage, so
 * the login page already wears the last colours before anyone is known. The account's choice wins on entry.
 */
export const THEME_KEY = [SESSION_KEY, 'theme'];

export function useServerTheme(): void {
  const { data } = useQuery({
    queryKey: THEME_KEY,
    queryFn: () => callLazy('getTitleProp', { silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => {
    if (!data) return;
    setTheme({ primary: data.primaryColor, dark: data.dark });
  }, [data]);
}

export async function saveServerTheme(choice: ThemeChoice): Promise<void> {
  await callLazy('saveTitleProp', { body: { primaryColor: choice.primary, dark: choice.dark } });
}
