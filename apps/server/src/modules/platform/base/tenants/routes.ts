import { createTenant, getTenant, listTenants, setTenantStatus, updateTenant } from '@fpy/contracts';
import { tenants, users } from '@fpy/db';
import { passwordProblem } from '@fpy/domain';
import { passwordWeak } from '../../auth/index.ts';
import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../../http/route.ts';
import { likePattern, offsetOf, orderBy } from '../../../../data/paging.ts';
import { notFound } from '../../../../lib/errors.ts';
import { hashPassword } from '../../../../lib/hash.ts';
import type { PasswordKey } from '../../../../http/module.ts';
import { createCompany, usernameTaken } from './create-company.ts';
import { tenantChanges, tenantValues } from './tenant-fields.ts';
import { parentTenant, tenantColumns, tenantRowById, toTenantRow } from './tenant-rows.ts';

// The tenants table is platform data (it is the tenant list itself), so these routes are platformOnly and
// read it unscoped; tenant-owned tables are never touched here except through createCompany.
export function registerTenantRoutes(app: FastifyInstance, loginKey: PasswordKey) {
  route(app, listTenants, async (ctx, { query }) => {
    const conds: (SQL | undefined)[] = [
      query.name ? ilike(tenants.name, likePattern(query.name)) : undefined,
      query.creditCode ? ilike(tenants.creditCode, likePattern(query.creditCode)) : undefined,
      query.tenantType ? eq(tenants.tenantType, query.tenantType) : undefined,
      query.status !== undefined ? eq(tenants.status, query.status) : undefined,
    ];
    const where = and(...conds);
    const sort = orderBy(
      query.sort,
      {
        id: tenants.id,
        name: tenants.name,
        createdAt: tenants.createdAt,
        tenantType: tenants.tenantType,
        status: tenants.status,
      },
      desc(tenants.id),
    );
    const [rows, [{ total }]] = await Promise.all([
      ctx.db
        .select(tenantColumns)
        .from(tenants)
        .leftJoin(parentTenant, eq(parentTenant.id, tenants.parentId))
        .where(where)
        .orderBy(sort)
        .limit(query.limit)
        .offset(offsetOf(query)),
      ctx.db.select({ total: count() }).from(tenants).where(where),
    ]);
    return { rows: rows.map(toTenantRow), total };
  });

  route(app, getTenant, async (ctx, { params }) => tenantRowById(ctx.db, params.id));

  route(app, createTenant, async (ctx, { body }) => {
    const password = loginKey.decrypt(body.adminPassword);
    const problem = passwordProblem(password);
    if (problem) throw passwordWeak(problem);
    const { credit, values } = await tenantValues(ctx.db, body);
    const [u] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, body.adminUsername))
      .limit(1);
    if (u) throw usernameTaken();
    const { tenantId } = await createCompany(ctx.db, values, {
      username: body.adminUsername,
      passwordHash: await hashPassword(password),
      passwordState: 'initial',
      name: body.adminName || `${body.name}管理员`.slice(0, 64),
      phone: values.contactPhone,
      email: values.email,
    });
    return { ...(await tenantRowById(ctx.db, tenantId)), creditCodeWarning: credit.warning };
  });

  route(app, updateTenant, async (ctx, { params, body }) => {
    const [current] = await ctx.db.select().from(tenants).where(eq(tenants.id, params.id)).limit(1);
    if (!current) throw notFound('NOT_FOUND.tenant');
    const { warning, values } = await tenantChanges(ctx.db, body, current);
    if (Object.keys(values).length) await ctx.db.update(tenants).set(values).where(eq(tenants.id, params.id));
    // Cached profiles carry the company block and tenantType.
    ctx.invalidateAuthz();
    return { ...(await tenantRowById(ctx.db, params.id)), creditCodeWarning: warning };
  });

  route(app, setTenantStatus, async (ctx, { params, body }) => {
    const updated = await ctx.db
      .update(tenants)
      .set({ status: body.status })
      .where(eq(tenants.id, params.id))
      .returning({ id: tenants.id });
    if (!updated.length) throw notFound('NOT_FOUND.tenant');
    // The actor loader refuses users of a suspended tenant; dropping the caches makes that immediate.
    ctx.invalidateAuthz();
    return tenantRowById(ctx.db, params.id);
  });
}
