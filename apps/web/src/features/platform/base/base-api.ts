import {
  getAllMenus,
  getMenuTree,
  listMenuElements,
  listTenants,
  type MenuRow,
  type TenantRow,
  uploadMenuIcon,
} from '@fpy/contracts';
import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import { type CallQuery, call } from '../../../lib/http.ts';
import { SESSION_KEY } from '../../../lib/permission.tsx';

/** Keys start with 'base'; menu edits also refresh the session (the sidebar and element codes may change). */
export const baseKeys = {
  menus: ['base', 'menus'] as const,
  menuTree: (title: string) => ['base', 'menus', 'tree', title] as const,
  allMenus: ['base', 'menus', 'all'] as const,
  elements: (menuId: number) => ['base', 'menus', 'elements', menuId] as const,
  tenants: ['base', 'tenants'] as const,
  tenantList: (q: object) => ['base', 'tenants', q] as const,
};

export const menuTreeQuery = (title: string) =>
  queryOptions({
    queryKey: baseKeys.menuTree(title),
    queryFn: () => call(getMenuTree, { query: { title: title || undefined } }),
    placeholderData: keepPreviousData,
  });

export const allMenusQuery = queryOptions({ queryKey: baseKeys.allMenus, queryFn: () => call(getAllMenus) });

export const elementsQuery = (menuId: number) =>
  queryOptions({
    queryKey: baseKeys.elements(menuId),
    queryFn: () => call(listMenuElements, { params: { id: menuId } }),
  });

export async function refreshMenus(qc: QueryClient) {
  await Promise.all([
    qc.invalidateQueries({ queryKey: baseKeys.menus }),
    qc.invalidateQueries({ queryKey: [SESSION_KEY] }),
  ]);
}

export type TenantQuery = CallQuery<typeof listTenants>;
export const tenantsQuery = (q: TenantQuery) =>
  queryOptions({
    queryKey: baseKeys.tenantList(q),
    queryFn: () => call(listTenants, { query: q }),
    placeholderData: keepPreviousData,
  });

/** Every agent (tenantType 2), for the parent picker of agent clients. */
export const agentsQuery = queryOptions({
  queryKey: ['base', 'tenants', 'agents'],
  queryFn: () => call(listTenants, { query: { tenantType: 2, limit: 500 } }),
});

export function uploadIcon(file: File) {
  const data = new FormData();
  data.append('file', file);
  return call(uploadMenuIcon, { body: data });
}

export type { MenuRow, TenantRow };
