import {
  companyOnlyCodes,
  type LayoutAccount,
  layoutMenuNodes,
  layoutMenus,
  withLayoutChildren,
  type MenuNode,
} from '@fpy/contracts';
import type { Db } from '@fpy/db';
import { menus } from '@fpy/db';
import { asc } from 'drizzle-orm';

type MenuRow = typeof menus.$inferSelect;

/** Builds the tree of the menus a user holds; a parent is kept when it or any child is granted. */
export function buildMenuTree(rows: MenuRow[], granted: (code: string) => boolean): MenuNode[] {
  const byParent = new Map<number | null, MenuRow[]>();
  for (const r of rows) {
    const list = byParent.get(r.parentId) ?? [];
    list.push(r);
    byParent.set(r.parentId, list);
  }
  const walk = (parentId: number | null): MenuNode[] =>
    (byParent.get(parentId) ?? []).flatMap((r) => {
      const children = walk(r.id);
      if (!granted(r.code) && !children.length) return [];
      return [
        {
          code: r.code,
          title: r.titleZh,
          titleEn: r.titleEn,
          icon: r.icon,
          path: r.path,
          hidden: r.hidden,
          children,
        },
      ];
    });
  return walk(null);
}

export const loadMenuRows = (db: Db) => db.select().from(menus).orderBy(asc(menus.sortOrder), asc(menus.id));

const COMPANY_ONLY = companyOnlyCodes();
const LAYOUT_CODES = new Set(layoutMenus.map((m) => m.code));

export interface MenuAccount extends LayoutAccount {
  /** null: a platform account, which belongs to no company. */
  tenantId: number | null;
  granted: (code: string) => boolean;
}

/**
 * The tree an account is served (front info and the sidebar's menu call): the layout pages of spec §2.11 for
 * this account, then the granted menus — without the company-only ones for an account of no company, whose
 * pages would only answer TENANT_REQUIRED. Hidden nodes are served with `hidden` set: the page is reachable,
 * the sidebar does not list it.
 */
export function servedMenuTree(rows: MenuRow[], account: MenuAccount): MenuNode[] {
  const served = rows.filter(
    (r) => !LAYOUT_CODES.has(r.code) && (account.tenantId !== null || !COMPANY_ONLY.has(r.code)),
  );
  const layout = layoutMenuNodes(account);
  return [...layout, ...withLayoutChildren(buildMenuTree(served, account.granted), layout)];
}
