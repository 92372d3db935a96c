import {
  createGroup,
  deleteGroup,
  getGroupAuthority,
  getGroupMembers,
  listGroups,
  listGroupTypes,
  setGroupAuthority,
  setGroupMembers,
  updateGroup,
} from '@fpy/contracts';
import { groups, groupTypes } from '@fpy/db';
import { and, asc, count, desc, eq, ilike, ne, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { likePattern, offsetOf, orderBy } from '../../../../data/paging.ts';
import { tenantCondition } from '../../../../data/tenant-scope.ts';
import { route } from '../../../../http/route.ts';
import { getAuthorityVerb, setAuthorityVerb } from './authority.ts';
import { getMembersVerb, setMembersVerb } from './group-members.ts';
import { selectGroupRows } from './group-rows.ts';
import { createGroupVerb, deleteGroupVerb, PLATFORM_TYPE, updateGroupVerb } from './save-group.ts';

const SORTABLE = { createdAt: groups.createdAt, code: groups.code, name: groups.name };

export function registerGroupRoutes(app: FastifyInstance) {
  route(app, listGroupTypes, async (ctx) => {
    const rows = await ctx.db
      .select({
        id: groupTypes.id,
        code: groupTypes.code,
        name: groupTypes.name,
        description: groupTypes.description,
      })
      .from(groupTypes)
      .where(ctx.actor.platform ? undefined : ne(groupTypes.code, PLATFORM_TYPE))
      .orderBy(asc(groupTypes.id));
    return rows;
  });

  route(app, listGroups, async (ctx, { query }) => {
    const conds: (SQL | undefined)[] = [tenantCondition(ctx, groups.tenantId)];
    if (query.tenantId) conds.push(eq(groups.tenantId, query.tenantId));
    if (query.groupTypeId) conds.push(eq(groups.groupTypeId, query.groupTypeId));
    if (query.keyword)
      conds.push(
        or(ilike(groups.name, likePattern(query.keyword)), ilike(groups.code, likePattern(query.keyword))),
      );
    const where = and(...conds);
    // Oldest first by default: the company's 管理员 and 普通用户 groups lead the list.
    const order = [orderBy(query.sort, SORTABLE, asc(groups.id)), desc(groups.id)];
    const [rows, [{ n }]] = await Promise.all([
      selectGroupRows(ctx.db, where, { orderBy: order, limit: query.limit, offset: offsetOf(query) }),
      ctx.db.select({ n: count() }).from(groups).where(where),
    ]);
    return { rows, total: n };
  });

  route(app, createGroup, (ctx, { body }) => createGroupVerb(ctx, body));
  route(app, updateGroup, (ctx, { params, body }) => updateGroupVerb(ctx, params.id, body));
  route(app, deleteGroup, async (ctx, { params }) => {
    await deleteGroupVerb(ctx, params.id);
    return { ok: true as const };
  });
  route(app, getGroupMembers, (ctx, { params }) => getMembersVerb(ctx, params.id));
  route(app, setGroupMembers, (ctx, { params, body }) => setMembersVerb(ctx, params.id, body.userIds));
  route(app, getGroupAuthority, (ctx, { params }) => getAuthorityVerb(ctx, params.id));
  route(app, setGroupAuthority, async (ctx, { params, body }) => {
    await setAuthorityVerb(ctx, params.id, body);
    return { ok: true as const };
  });
}
