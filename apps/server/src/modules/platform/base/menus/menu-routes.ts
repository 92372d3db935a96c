import {
  createMenu,
  deleteMenu,
  getAllMenus,
  getMenu,
  getMenuTree,
  layoutMenus,
  providedOf,
  updateMenu,
  uploadMenuIcon,
} from '@fpy/contracts';
import type { Db } from '@fpy/db';
import { elements, menus } from '@fpy/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../../http/route.ts';
import { badRequest, businessError } from '../../../../lib/errors.ts';
import { isUniqueViolation } from '../../../../lib/db-errors.ts';
import type { FileStore } from '../../../../lib/file-store.ts';
import { storeImage } from '../uploads/store-image.ts';
import { dropGrants, grantToTenantAdmins, revokeFromTenantGroups } from '../../org/index.ts';
import { allMenus, buildAdminTree, menuById, subtreeIds, toMenuRow } from './menu-rows.ts';
import { withTransaction } from '../../../../lib/write/index.ts';

async function parentOf(db: Db, parentId: number | null | undefined) {
  if (!parentId) return null;
  const [p] = await db.select().from(menus).where(eq(menus.id, parentId)).limit(1);
  if (!p) throw badRequest('MENU_PARENT_NOT_FOUND');
  return p;
}

const derivePath = (parent: { path: string | null } | null, code: string) => `${parent?.path ?? ''}/${code}`;

export function registerMenuRoutes(app: FastifyInstance, uploads: FileStore) {
  route(app, getMenuTree, async (ctx, { query }) =>
    buildAdminTree(await allMenus(ctx.db), query.parentId ?? null, query.title),
  );

  route(app, getAllMenus, async (ctx) => (await allMenus(ctx.db)).map(toMenuRow));

  route(app, getMenu, async (ctx, { params }) => toMenuRow(await menuById(ctx.db, params.id)));

  route(app, createMenu, async (ctx, { body }) => {
    const parent = await parentOf(ctx.db, body.parentId);
    const [dup] = await ctx.db.select({ id: menus.id }).from(menus).where(eq(menus.code, body.code)).limit(1);
    // The layout pages (首页, 安全设置 …) hold their codes in every served tree, declared in code, not stored.
    const layout = layoutMenus.some((m) => m.code === body.code);
    if (dup || layout) throw badRequest('MENU_CODE_TAKEN', { code: body.code });
    try {
      const row = await withTransaction(ctx, async (tx) => {
        const [m] = await tx
          .insert(menus)
          .values({ ...body, parentId: parent?.id ?? null, path: body.path || derivePath(parent, body.code) })
          .returning();
        if (m.scope === 'tenant') await grantToTenantAdmins(tx, { menuId: m.id });
        return m;
      });
      ctx.invalidateAuthz();
      return toMenuRow(row);
    } catch (err) {
      if (isUniqueViolation(err)) throw badRequest('MENU_CODE_TAKEN', { code: body.code });
      throw err;
    }
  });

  // Only the fields given change. A moved menu whose route was derived from its parent gets the new parent's.
  route(app, updateMenu, async (ctx, { params, body }) => {
    const current = await menuById(ctx.db, params.id);
    const given = providedOf(body);
    const parentId = given.parentId === undefined ? current.parentId : given.parentId;
    const parent = await parentOf(ctx.db, parentId);
    if (parent && subtreeIds(await allMenus(ctx.db), current.id).has(parent.id)) {
      throw badRequest('MENU_PARENT_CYCLE');
    }
    let path = current.path;
    if (given.path !== undefined) path = given.path || derivePath(parent, current.code);
    else if (given.parentId !== undefined) {
      const wasDerived = current.path === derivePath(await parentOf(ctx.db, current.parentId), current.code);
      if (wasDerived || !current.path) path = derivePath(parent, current.code);
    }
    const row = await withTransaction(ctx, async (tx) => {
      const [m] = await tx
        .update(menus)
        .set({ ...given, parentId: parent?.id ?? null, path })
        .where(eq(menus.id, current.id))
        .returning();
      if (current.scope === 'tenant' && m.scope === 'platform') {
        const els = await tx.select({ id: elements.id }).from(elements).where(eq(elements.menuId, m.id));
        await revokeFromTenantGroups(
          tx,
          m.id,
          els.map((e) => e.id),
        );
      }
      return m;
    });
    ctx.invalidateAuthz();
    return toMenuRow(row);
  });

  route(app, deleteMenu, async (ctx, { params }) => {
    const current = await menuById(ctx.db, params.id);
    const [child] = await ctx.db
      .select({ id: menus.id })
      .from(menus)
      .where(eq(menus.parentId, current.id))
      .limit(1);
    if (child) throw businessError('MENU_HAS_CHILDREN');
    await withTransaction(ctx, async (tx) => {
      const els = await tx
        .delete(elements)
        .where(eq(elements.menuId, current.id))
        .returning({ id: elements.id });
      await dropGrants(tx, { menuId: current.id, elementIds: els.map((e) => e.id) });
      await tx.delete(menus).where(eq(menus.id, current.id));
    });
    ctx.invalidateAuthz();
    return { ok: true as const };
  });

  route(app, uploadMenuIcon, async (ctx, { req }) => {
    const { url } = await storeImage(ctx, req, { uploads, kind: 'menu-icon', tenantId: null });
    return { url };
  });
}
