import type { AdminMenuNode, ElementRow, MenuElementNode, MenuRow } from '@fpy/contracts';
import type { Db } from '@fpy/db';
import { elements, menus } from '@fpy/db';
import { asc, eq } from 'drizzle-orm';
import { notFound } from '../../../../lib/errors.ts';

type MenuRecord = typeof menus.$inferSelect;
type ElementRecord = typeof elements.$inferSelect;

export const toMenuRow = (m: MenuRecord): MenuRow => ({
  id: m.id,
  parentId: m.parentId,
  code: m.code,
  titleZh: m.titleZh,
  titleEn: m.titleEn,
  icon: m.icon,
  path: m.path,
  sortOrder: m.sortOrder,
  hidden: m.hidden,
  scope: m.scope === 'platform' ? 'platform' : 'tenant',
  description: m.description,
});

export const toElementRow = (e: ElementRecord): ElementRow => ({
  id: e.id,
  menuId: e.menuId,
  code: e.code,
  nameZh: e.nameZh,
  nameEn: e.nameEn,
  sortOrder: e.sortOrder,
});

// The menu table holds a few hundred rows at most: trees are built in memory from one ordered read.
export const allMenus = (db: Db) => db.select().from(menus).orderBy(asc(menus.sortOrder), asc(menus.id));
export const allElements = (db: Db) =>
  db.select().from(elements).orderBy(asc(elements.sortOrder), asc(elements.id));

export async function menuById(db: Db, id: number): Promise<MenuRecord> {
  const [m] = await db.select().from(menus).where(eq(menus.id, id)).limit(1);
  if (!m) throw notFound('NOT_FOUND.menu');
  return m;
}

function childrenIndex(rows: MenuRecord[]) {
  const byParent = new Map<number | null, MenuRecord[]>();
  for (const r of rows) byParent.set(r.parentId, [...(byParent.get(r.parentId) ?? []), r]);
  return byParent;
}

/**
 * The admin tree under rootId (null = top level). With a title filter a node stays when its title matches
 * (with its whole subtree) or when one of its descendants matches, so every hit keeps its ancestors.
 */
export function buildAdminTree(rows: MenuRecord[], rootId: number | null, title?: string): AdminMenuNode[] {
  const byParent = childrenIndex(rows);
  const needle = title?.toLowerCase();
  const matches = (r: MenuRecord) =>
    !needle ||
    r.titleZh.toLowerCase().includes(needle) ||
    r.titleEn.toLowerCase().includes(needle) ||
    r.code.toLowerCase().includes(needle);
  const walk = (parentId: number | null, keepAll: boolean, seen: Set<number>): AdminMenuNode[] =>
    (byParent.get(parentId) ?? []).flatMap((r) => {
      if (seen.has(r.id)) return []; // a corrupt parent loop must not hang the request
      const hit = keepAll || matches(r);
      const children = walk(r.id, hit, new Set(seen).add(r.id));
      return hit || children.length ? [{ ...toMenuRow(r), children }] : [];
    });
  return walk(rootId, false, new Set());
}

export function buildElementTree(rows: MenuRecord[], els: ElementRecord[]): MenuElementNode[] {
  const byParent = childrenIndex(rows);
  const byMenu = new Map<number, ElementRow[]>();
  for (const e of els) byMenu.set(e.menuId, [...(byMenu.get(e.menuId) ?? []), toElementRow(e)]);
  const walk = (parentId: number | null, seen: Set<number>): MenuElementNode[] =>
    (byParent.get(parentId) ?? [])
      .filter((r) => !seen.has(r.id))
      .map((r) => ({
        ...toMenuRow(r),
        elements: byMenu.get(r.id) ?? [],
        children: walk(r.id, new Set(seen).add(r.id)),
      }));
  return walk(null, new Set());
}

/** Ids of a menu and everything below it. */
export function subtreeIds(rows: MenuRecord[], id: number): Set<number> {
  const byParent = childrenIndex(rows);
  const out = new Set<number>();
  const stack = [id];
  while (stack.length) {
    const cur = stack.pop()!;
    if (out.has(cur)) continue;
    out.add(cur);
    for (const c of byParent.get(cur) ?? []) stack.push(c.id);
  }
  return out;
}
