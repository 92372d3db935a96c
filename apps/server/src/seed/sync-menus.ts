import { elementCode, flattenCatalogue } from '@fpy/contracts';
import type { Db } from '@fpy/db';
import { elements, groupElements, groupMenus, groups, menus } from '@fpy/db';
import { and, eq, isNotNull } from 'drizzle-orm';

/**
 * Inserts catalogue menus and elements whose codes are missing — never touching ones that exist, so an
 * administrator's edits survive restarts. A newly shipped tenant menu is granted to every tenant's
 * administrator group (code 'admin'), so companies get new pages without manual work.
 */
export async function syncMenus(db: Db) {
  const existing = new Map(
    (await db.select({ id: menus.id, code: menus.code }).from(menus)).map((m) => [m.code, m.id]),
  );
  const existingEl = new Set((await db.select({ code: elements.code }).from(elements)).map((e) => e.code));
  const adminGroups = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.code, 'admin'), isNotNull(groups.tenantId)));
  for (const m of flattenCatalogue()) {
    let id = existing.get(m.code);
    const isNew = id === undefined;
    if (isNew) {
      const [row] = await db
        .insert(menus)
        .values({
          code: m.code,
          parentId: m.parentCode ? (existing.get(m.parentCode) ?? null) : null,
          titleZh: m.zh,
          titleEn: m.en,
          icon: m.icon ?? null,
          path: m.path,
          sortOrder: m.order,
          hidden: m.hidden ?? false,
          scope: m.scope ?? 'tenant',
        })
        .returning({ id: menus.id });
      id = row.id;
      existing.set(m.code, id);
      if ((m.scope ?? 'tenant') === 'tenant' && adminGroups.length) {
        await db
          .insert(groupMenus)
          .values(adminGroups.map((g) => ({ groupId: g.id, menuId: id! })))
          .onConflictDoNothing();
      }
    }
    for (const [i, e] of (m.elements ?? []).entries()) {
      const code = elementCode(m.code, e.action);
      if (existingEl.has(code)) continue;
      const [el] = await db
        .insert(elements)
        .values({ menuId: id!, code, nameZh: e.zh, nameEn: e.en, sortOrder: i })
        .returning({ id: elements.id });
      existingEl.add(code);
      if ((m.scope ?? 'tenant') === 'tenant' && adminGroups.length) {
        await db
          .insert(groupElements)
          .values(adminGroups.map((g) => ({ groupId: g.id, elementId: el.id })))
          .onConflictDoNothing();
      }
    }
  }
}
