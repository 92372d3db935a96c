import {
  createOpenerProfile,
  deleteOpenerProfile,
  getOpenerDefaults,
  getOpenerProfile,
  listOpenerDepartments,
  listOpenerProfiles,
  updateOpenerProfile,
} from '@fpy/contracts';
import { openerProfiles } from '@fpy/db';
import { asc, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { offsetOf } from '../../../data/paging.ts';
import { scoped } from '../../../data/tenant-scope.ts';
import { route } from '../../../http/route.ts';
import { tenantDepartments, withPaths } from './departments.ts';
import { openerDefaultsFor } from './opener-defaults.ts';
import {
  createOpenerProfileVerb,
  deleteOpenerProfileVerb,
  profileRows,
  updateOpenerProfileVerb,
} from './opener-profiles.ts';

/** 开票人设置: drawers, payees and reviewers per department, and the defaults the issuing form reads. */
export function registerOpenerRoutes(app: FastifyInstance) {
  route(app, listOpenerProfiles, async (ctx, { query }) => {
    const conds: (SQL | undefined)[] = [
      query.role ? eq(openerProfiles.role, query.role) : undefined,
      query.departmentId === undefined
        ? undefined
        : query.departmentId === 0
          ? isNull(openerProfiles.departmentId)
          : eq(openerProfiles.departmentId, query.departmentId),
    ];
    const where = scoped(ctx, openerProfiles).where(...conds);
    const [rows, [{ n }]] = await Promise.all([
      ctx.db
        .select()
        .from(openerProfiles)
        .where(where)
        // Company-wide entries first, then by department; the default leads its group.
        .orderBy(
          asc(openerProfiles.role),
          sql`${openerProfiles.departmentId} asc nulls first`,
          desc(openerProfiles.isDefault),
          asc(openerProfiles.id),
        )
        .limit(query.limit)
        .offset(offsetOf(query)),
      ctx.db.select({ n: count() }).from(openerProfiles).where(where),
    ]);
    return { rows: await profileRows(ctx.db, rows), total: Number(n) };
  });
  route(
    app,
    getOpenerProfile,
    async (ctx, { params }) =>
      (await profileRows(ctx.db, [await scoped(ctx, openerProfiles).get(params.id)]))[0],
  );
  route(app, createOpenerProfile, (ctx, { body }) => createOpenerProfileVerb(ctx, body));
  route(app, updateOpenerProfile, (ctx, { params, body }) => updateOpenerProfileVerb(ctx, params.id, body));
  route(app, deleteOpenerProfile, (ctx, { params }) => deleteOpenerProfileVerb(ctx, params.id));
  route(app, listOpenerDepartments, async (ctx) =>
    ctx.actor.tenantId === null ? [] : withPaths(await tenantDepartments(ctx.db, ctx.actor.tenantId)),
  );
  route(app, getOpenerDefaults, (ctx) => openerDefaultsFor(ctx));
}
