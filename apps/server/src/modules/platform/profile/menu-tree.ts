import type { MenuNode } from '@fpy/contracts';
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

export function withoutHidden(nodes: MenuNode[]): MenuNode[] {
  return nodes.filter((n) => !n.hidden).map((n) => ({ ...n, children: withoutHidden(n.children) }));
}
