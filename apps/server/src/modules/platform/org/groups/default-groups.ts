import type { Db } from '@fpy/db';
import { elements, groupElements, groupMembers, groupMenus, groups, groupTypes, menus } from '@fpy/db';
import { eq, inArray } from 'drizzle-orm';

export async function groupTypeId(db: Db, code: 'platform' | 'tenant'): Promise<number> {
  const [row] = await db.select({ id: groupTypes.id }).from(groupTypes).where(eq(groupTypes.code, code));
  if (row) return row.id;
  const [created] = await db
    .insert(groupTypes)
    .values({
      code,
      name: code === 'platform' ? '平台角色' : '企业角色',
      description: code === 'platform' ? '平台运营人员的角色' : '企业内部角色',
    })
    .onConflictDoNothing()
    .returning({ id: groupTypes.id });
  return created?.id ?? (await groupTypeId(db, code));
}

/**
 * The default groups of a new company: 管理员 (every tenant menu and button) and 普通用户 (no grants until an
 * administrator gives some), in the caller's transaction. Used by registration and the tenant manager (base) and
 * the demo seed, through org's face: org is the one writer of the group tables (issue 29 §4).
 */
export async function createDefaultGroups(db: Db, tenantId: number, adminUserId: number) {
  const typeId = await groupTypeId(db, 'tenant');
  const [admin] = await db
    .insert(groups)
    .values({
      tenantId,
      groupTypeId: typeId,
      code: 'admin',
      name: '管理员',
      description: '拥有本企业全部菜单与按钮权限',
    })
    .returning({ id: groups.id });
  const [staff] = await db
    .insert(groups)
    .values({
      tenantId,
      groupTypeId: typeId,
      code: 'staff',
      name: '普通用户',
      description: '由管理员按需授权',
    })
    .returning({ id: groups.id });
  const tenantMenus = await db.select({ id: menus.id }).from(menus).where(eq(menus.scope, 'tenant'));
  if (tenantMenus.length) {
    await db.insert(groupMenus).values(tenantMenus.map((m) => ({ groupId: admin.id, menuId: m.id })));
    const els = await db
      .select({ id: elements.id })
      .from(elements)
      .where(
        inArray(
          elements.menuId,
          tenantMenus.map((m) => m.id),
        ),
      );
    if (els.length)
      await db.insert(groupElements).values(els.map((e) => ({ groupId: admin.id, elementId: e.id })));
  }
  await db.insert(groupMembers).values({ groupId: admin.id, userId: adminUserId });
  return { adminGroupId: admin.id, staffGroupId: staff.id };
}
