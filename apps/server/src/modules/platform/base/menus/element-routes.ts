import {
  createMenuElement,
  deleteElement,
  getMenuElementTree,
  listMenuElements,
  providedOf,
  updateElement,
} from '@fpy/contracts';
import type { Db } from '@fpy/db';
import { elements } from '@fpy/db';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../../http/route.ts';
import { badRequest, notFound } from '../../../../lib/errors.ts';
import { isUniqueViolation } from '../../../../lib/db-errors.ts';
import { dropGrants, grantToTenantAdmins } from '../../org/index.ts';
import { allElements, allMenus, buildElementTree, menuById, toElementRow } from './menu-rows.ts';
import { withTransaction } from '../../../../lib/write/index.ts';

const elementsOf = (db: Db, menuId: number) =>
  db
    .select()
    .from(elements)
    .where(eq(elements.menuId, menuId))
    .orderBy(asc(elements.sortOrder), asc(elements.id));

export function registerElementRoutes(app: FastifyInstance) {
  route(app, getMenuElementTree, async (ctx, { query }) => {
    if (query.menuId) {
      await menuById(ctx.db, query.menuId);
      return (await elementsOf(ctx.db, query.menuId)).map(toElementRow);
    }
    const [rows, els] = await Promise.all([allMenus(ctx.db), allElements(ctx.db)]);
    return buildElementTree(rows, els);
  });

  route(app, listMenuElements, async (ctx, { params }) => {
    await menuById(ctx.db, params.id);
    return (await elementsOf(ctx.db, params.id)).map(toElementRow);
  });

  route(app, createMenuElement, async (ctx, { params, body }) => {
    const menu = await menuById(ctx.db, params.id);
    // The prefix ties a button to its page: the UI checks `<menuCode>:btn_<action>` next to the route's code.
    if (!body.code.startsWith(`${menu.code}:btn_`)) {
      throw badRequest('ELEMENT_CODE_PREFIX', { prefix: `${menu.code}:btn_` });
    }
    const [dup] = await ctx.db
      .select({ id: elements.id })
      .from(elements)
      .where(eq(elements.code, body.code))
      .limit(1);
    if (dup) throw badRequest('ELEMENT_CODE_TAKEN', { code: body.code });
    try {
      const row = await withTransaction(ctx, async (tx) => {
        const [e] = await tx
          .insert(elements)
          .values({ ...body, menuId: menu.id })
          .returning();
        if (menu.scope === 'tenant') await grantToTenantAdmins(tx, { elementId: e.id });
        return e;
      });
      ctx.invalidateAuthz();
      return toElementRow(row);
    } catch (err) {
      if (isUniqueViolation(err)) throw badRequest('ELEMENT_CODE_TAKEN', { code: body.code });
      throw err;
    }
  });

  // Only the fields given change; with none given the button is answered as it is.
  route(app, updateElement, async (ctx, { params, body }) => {
    const given = providedOf(body);
    const [row] = Object.keys(given).length
      ? await ctx.db.update(elements).set(given).where(eq(elements.id, params.id)).returning()
      : await ctx.db.select().from(elements).where(eq(elements.id, params.id)).limit(1);
    if (!row) throw notFound('NOT_FOUND.element');
    ctx.invalidateAuthz();
    return toElementRow(row);
  });

  route(app, deleteElement, async (ctx, { params }) => {
    const removed = await withTransaction(ctx, async (tx) => {
      const rows = await tx.delete(elements).where(eq(elements.id, params.id)).returning({ id: elements.id });
      if (rows.length) await dropGrants(tx, { elementIds: [params.id] });
      return rows.length;
    });
    if (!removed) throw notFound('NOT_FOUND.element');
    ctx.invalidateAuthz();
    return { ok: true as const };
  });
}
