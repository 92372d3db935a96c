import type { FrontInfo, MenuNode } from '@fpy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { callLazy } from './http.ts';
import { hasToken, SESSION_KEY, setProfileCookies } from './session.ts';

export { SESSION_KEY };

async function fetchProfile(): Promise<FrontInfo> {
  const profile = await callLazy('getFrontInfo', { silent: true });
  setProfileCookies({
    tenantType: profile.tenantType,
    isSuperAdmin: profile.isSuperAdmin,
    isInsideUser: profile.isInsideUser,
    username: profile.username,
    invoiceMethod: profile.invoiceMethod,
  });
  return profile;
}

export const profileQuery = queryOptions({
  queryKey: [SESSION_KEY, 'profile'],
  queryFn: fetchProfile,
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

export const sidebarMenusQuery = queryOptions({
  queryKey: [SESSION_KEY, 'menus'],
  // Silent: the console turns a failed load into a logout (spec §4) instead of a generic toast.
  queryFn: (): Promise<MenuNode[]> => callLazy('getFrontMenus', { silent: true }),
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

/** The logged-in user's information (spec §3); undefined while loading or when nobody is logged in. */
export function useProfile(): FrontInfo | undefined {
  return useQuery({ ...profileQuery, enabled: hasToken() }).data;
}

function collectMenuCodes(nodes: MenuNode[], into: Set<string>): Set<string> {
  for (const node of nodes) {
    into.add(node.code);
    collectMenuCodes(node.children, into);
  }
  return into;
}

/** Menu codes and element codes (`goodsCode:btn_add`) the user holds. */
export function useGrantedCodes(): Set<string> {
  const profile = useProfile();
  return useMemo(() => {
    const codes = new Set<string>();
    if (!profile) return codes;
    collectMenuCodes(profile.menus, codes);
    for (const element of profile.elements) codes.add(element.code);
    return codes;
  }, [profile]);
}

/**
 * Spec §6: a button appears only if its element code is held. A list means any one of them suffices, as a
 * route contract with several codes does on the server.
 */
export function useCan(code: string | readonly string[]): boolean {
  const granted = useGrantedCodes();
  return typeof code === 'string' ? granted.has(code) : code.some((c) => granted.has(c));
}

export function Can({
  code,
  children,
  fallback = null,
}: {
  code: string | readonly string[];
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return <>{useCan(code) ? children : fallback}</>;
}
