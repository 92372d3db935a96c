import {
  assignUserGroups,
  createUser,
  deleteUser,
  exportUsers,
  getUser,
  importUsers,
  listUsers,
  resetUserPassword,
  setUserStatus,
  unlockUser,
  updateUser,
  userImportTemplate,
  userOptions,
} from '@fpy/contracts';
import { groups, positions, users } from '@fpy/db';
import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { offsetOf } from '../../../../data/paging.ts';
import { tenantCondition } from '../../../../data/tenant-scope.ts';
import { route } from '../../../../http/route.ts';
import { badRequest } from '../../../../lib/errors.ts';
import { buildWorkbook, sendWorkbook } from '../../../../lib/excel.ts';
import { readUpload } from '../../../../lib/upload.ts';
import { buildDepartmentTree, loadDepartments } from '../departments/department-tree.ts';
import { createUserVerb } from './create-user.ts';
import { importUsersVerb } from './import-users.ts';
import { userConditions, userOrder } from './list-users.ts';
import {
  assignGroupsVerb,
  deleteUserVerb,
  resetPasswordVerb,
  setStatusVerb,
  unlockVerb,
  updateUserVerb,
} from './user-actions.ts';
import { EXPORT_COLUMNS, importTemplate } from './user-excel.ts';
import { getUserRow, selectUserRows } from './user-rows.ts';

/** An export larger than this is refused rather than tying up the server; filter first. */
const MAX_EXPORT_ROWS = 50_000;
/** The server-wide multipart cap, stated here so an oversized file is named in the import's own words. */
const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
const OPTION_LIMIT = 1000;

export function registerUserRoutes(app: FastifyInstance) {
  route(app, listUsers, async (ctx, { query }) => {
    const where = await userConditions(ctx, query);
    const [rows, [{ n }]] = await Promise.all([
      selectUserRows(ctx.db, where, {
        orderBy: userOrder(query.sort),
        limit: query.limit,
        offset: offsetOf(query),
      }),
      ctx.db.select({ n: count() }).from(users).where(where),
    ]);
    return { rows, total: n };
  });

  route(app, userOptions, async (ctx, { query }) => {
    const tenantId = ctx.actor.platform ? query.tenantId : undefined;
    const byTenant = <C extends typeof positions.tenantId | typeof groups.tenantId>(col: C) =>
      and(tenantCondition(ctx, col), tenantId ? eq(col, tenantId) : undefined);
    const [deps, pos, grp] = await Promise.all([
      loadDepartments(ctx, tenantId),
      ctx.db
        .select({ id: positions.id, code: positions.code, name: positions.name })
        .from(positions)
        .where(byTenant(positions.tenantId))
        .orderBy(asc(positions.sortOrder), asc(positions.id))
        .limit(OPTION_LIMIT),
      ctx.db
        .select({ id: groups.id, code: groups.code, name: groups.name })
        .from(groups)
        .where(byTenant(groups.tenantId))
        .orderBy(asc(groups.id))
        .limit(OPTION_LIMIT),
    ]);
    return { departments: buildDepartmentTree(deps), positions: pos, groups: grp };
  });

  route(app, exportUsers, async (ctx, { query, reply }) => {
    const where = await userConditions(ctx, query);
    const [{ n }] = await ctx.db.select({ n: count() }).from(users).where(where);
    if (n > MAX_EXPORT_ROWS) throw badRequest('EXPORT_TOO_LARGE.narrow', { max: MAX_EXPORT_ROWS });
    const rows = await selectUserRows(ctx.db, where, { orderBy: userOrder(query.sort) });
    const stamp = new Date().toISOString().slice(0, 10).replace(/-/g, '');
    return sendWorkbook(reply, `用户列表-${stamp}.xlsx`, await buildWorkbook('用户', EXPORT_COLUMNS, rows));
  });

  route(app, userImportTemplate, async (_ctx, { reply }) =>
    sendWorkbook(reply, '用户导入模板.xlsx', await importTemplate()),
  );

  route(app, importUsers, async (ctx, { query, req }) => {
    const upload = await readUpload(req, MAX_IMPORT_BYTES, 'Excel 文件');
    return importUsersVerb(ctx, upload.data, query.tenantId);
  });

  route(app, getUser, (ctx, { params }) => getUserRow(ctx, params.id));
  route(app, createUser, (ctx, { body }) => createUserVerb(ctx, body));
  route(app, updateUser, (ctx, { params, body }) => updateUserVerb(ctx, params.id, body));
  route(app, setUserStatus, (ctx, { params, body }) => setStatusVerb(ctx, params.id, body.status));
  route(app, unlockUser, (ctx, { params }) => unlockVerb(ctx, params.id));
  route(app, resetUserPassword, async (ctx, { params, body }) => {
    await resetPasswordVerb(ctx, params.id, body.password);
    return { ok: true as const };
  });
  route(app, assignUserGroups, (ctx, { params, body }) => assignGroupsVerb(ctx, params.id, body.groupIds));
  route(app, deleteUser, async (ctx, { params }) => {
    await deleteUserVerb(ctx, params.id);
    return { ok: true as const };
  });
}
