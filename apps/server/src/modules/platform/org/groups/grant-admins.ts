import type { Db } from '@fpy/db';
import { groupElements, groupMenus, groups } from '@fpy/db';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';

/*
 * Grants (group_menus, group_elements) are written by platform/org only (issue 29 §4): the menu editor in
 * platform/base grants, revokes and drops them through org's face, inside its own transaction.
 */

/**
 * A new tenant-scope menu or button goes to every company's 管理员 group, exactly as syncMenus does for
 * shipped menus: a tenant administrator holds every tenant menu, and could not grant it to anyone otherwise.
 */
export async function grantToTenantAdmins(db: Db, what: { menuId?: number; elementId?: number }) {
  const admins = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.code, 'admin'), isNotNull(groups.tenantId)));
  if (!admins.length) return;
  if (what.menuId !== undefined) {
    const menuId = what.menuId;
    await db
      .insert(groupMenus)
      .values(admins.map((g) => ({ groupId: g.id, menuId })))
      .onConflictDoNothing();
  }
  if (what.elementId !== undefined) {
    const elementId = what.elementId;
    await db
      .insert(groupElements)
      .values(admins.map((g) => ({ groupId: g.id, elementId })))
      .onConflictDoNothing();
  }
}

/** A menu turned platform-only must leave every company group at once, with its buttons. */
export async function revokeFromTenantGroups(db: Db, menuId: number, elementIds: number[]) {
  const tenantGroups = db.select({ id: groups.id }).from(groups).where(isNotNull(groups.tenantId));
  await db
    .delete(groupMenus)
    .where(and(eq(groupMenus.menuId, menuId), inArray(groupMenus.groupId, tenantGroups)));
  if (elementIds.length) {
    await db
      .delete(groupElements)
      .where(and(inArray(groupElements.elementId, elementIds), inArray(groupElements.groupId, tenantGroups)));
  }
}

/** A menu or buttons being deleted leave every group's grants first (one transaction with the delete). */
export async function dropGrants(db: Db, what: { menuId?: number; elementIds?: number[] }) {
  if (what.elementIds?.length)
    await db.delete(groupElements).where(inArray(groupElements.elementId, what.elementIds));
  if (what.menuId !== undefined) await db.delete(groupMenus).where(eq(groupMenus.menuId, what.menuId));
}
