import type { AuthorityMenu } from '@fpy/contracts';
import type { Db } from '@fpy/db';
import { elements, groupElements, groupMenus, menus } from '@fpy/db';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AuthedCtx } from '../../../../http/context.ts';
import { badRequest, businessError } from '../../../../lib/errors.ts';
import { assertCanHandOut } from '../guards.ts';
import { type GroupRecord, getGroupRecord, isProtectedGroup } from './group-rows.ts';
import { withTransaction } from '../../../../lib/write/index.ts';

type MenuRecord = typeof menus.$inferSelect;
type ElementRecord = typeof elements.$inferSelect;

/**
 * What the actor may grant to this group: a company group never gets platform-scope menus or their buttons;
 * anyone but the platform super administrator grants only what they hold themselves.
 */
async function grantable(ctx: AuthedCtx, db: Db, group: GroupRecord) {
  const [menuRows, elementRows] = await Promise.all([
    db.select().from(menus).orderBy(asc(menus.sortOrder), asc(menus.id)),
    db.select().from(elements).orderBy(asc(elements.sortOrder), asc(elements.id)),
  ]);
  const holds = (code: string) => ctx.actor.platform || ctx.actor.codes.has(code);
  const okMenus = menuRows.filter((m) => (group.tenantId === null || m.scope === 'tenant') && holds(m.code));
  const menuIds = new Set(okMenus.map((m) => m.id));
  const okElements = elementRows.filter((e) => menuIds.has(e.menuId) && holds(e.code));
  return { menuRows, okMenus, menuIds, okElements, elementIds: new Set(okElements.map((e) => e.id)) };
}

/** Grantable menus nested; a menu the actor may not grant is left out and its grantable children move up. */
function buildTree(menuRows: MenuRecord[], ok: Set<number>, els: ElementRecord[]): AuthorityMenu[] {
  const byParent = new Map<number | null, MenuRecord[]>();
  for (const m of menuRows) byParent.set(m.parentId, [...(byParent.get(m.parentId) ?? []), m]);
  const elsByMenu = new Map<number, ElementRecord[]>();
  for (const e of els) elsByMenu.set(e.menuId, [...(elsByMenu.get(e.menuId) ?? []), e]);
  const walk = (parentId: number | null): AuthorityMenu[] =>
    (byParent.get(parentId) ?? []).flatMap((m) => {
      const children = walk(m.id);
      if (!ok.has(m.id)) return children;
      const elements = (elsByMenu.get(m.id) ?? []).map((e) => ({
        id: e.id,
        code: e.code,
        name: e.nameZh,
        nameEn: e.nameEn,
      }));
      return [{ id: m.id, code: m.code, title: m.titleZh, titleEn: m.titleEn, elements, children }];
    });
  return walk(null);
}

export async function getAuthorityVerb(ctx: AuthedCtx, groupId: number) {
  const group = await getGroupRecord(ctx, ctx.db, groupId);
  const g = await grantable(ctx, ctx.db, group);
  const [m, e] = await Promise.all([
    ctx.db.select({ id: groupMenus.menuId }).from(groupMenus).where(eq(groupMenus.groupId, groupId)),
    ctx.db
      .select({ id: groupElements.elementId })
      .from(groupElements)
      .where(eq(groupElements.groupId, groupId)),
  ]);
  return {
    menus: buildTree(g.menuRows, g.menuIds, g.okElements),
    menuIds: m.map((r) => r.id).filter((id) => g.menuIds.has(id)),
    elementIds: e.map((r) => r.id).filter((id) => g.elementIds.has(id)),
  };
}

/**
 * Replaces the grants the actor can see; grants outside their reach (given by someone with more rights) stay.
 * Every id sent must be grantable, otherwise nothing changes.
 */
export async function setAuthorityVerb(
  ctx: AuthedCtx,
  groupId: number,
  input: { menuIds: number[]; elementIds: number[] },
) {
  const menuIds = [...new Set(input.menuIds)];
  const elementIds = [...new Set(input.elementIds)];
  await withTransaction(ctx, async (db) => {
    const group = await getGroupRecord(ctx, db, groupId, true);
    // The company administrator group always holds every company menu (syncMenus keeps it so).
    if (isProtectedGroup(group) && !ctx.actor.platform) throw businessError('GROUP_PROTECTED.authority');
    await assertCanHandOut(ctx, db, [groupId]);
    const g = await grantable(ctx, db, group);
    if (menuIds.some((id) => !g.menuIds.has(id))) throw badRequest('NOT_GRANTABLE');
    if (elementIds.some((id) => !g.elementIds.has(id))) throw badRequest('NOT_GRANTABLE.elements');
    if (g.menuIds.size)
      await db
        .delete(groupMenus)
        .where(and(eq(groupMenus.groupId, groupId), inArray(groupMenus.menuId, [...g.menuIds])));
    if (g.elementIds.size) {
      await db
        .delete(groupElements)
        .where(and(eq(groupElements.groupId, groupId), inArray(groupElements.elementId, [...g.elementIds])));
    }
    if (menuIds.length) await db.insert(groupMenus).values(menuIds.map((menuId) => ({ groupId, menuId })));
    if (elementIds.length)
      await db.insert(groupElements).values(elementIds.map((elementId) => ({ groupId, elementId })));
  });
  ctx.invalidateAuthz();
}
