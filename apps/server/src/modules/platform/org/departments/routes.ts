import { createDepartment, deleteDepartment, getDepartmentTree, updateDepartment } from '@fpy/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../../http/route.ts';
import { buildDepartmentTree, loadDepartments, userCounts } from './department-tree.ts';
import { createDepartmentVerb, deleteDepartmentVerb, updateDepartmentVerb } from './save-department.ts';

export function registerDepartmentRoutes(app: FastifyInstance) {
  route(app, getDepartmentTree, async (ctx, { query }) => {
    const rows = await loadDepartments(ctx, query.tenantId);
    return buildDepartmentTree(
      rows,
      await userCounts(
        ctx.db,
        rows.map((r) => r.id),
      ),
    );
  });
  route(app, createDepartment, (ctx, { body }) => createDepartmentVerb(ctx, body));
  route(app, updateDepartment, async (ctx, { params, body }) => {
    const node = await updateDepartmentVerb(ctx, params.id, body);
    // Cached profiles carry the department name (departName).
    ctx.invalidateAuthz();
    return node;
  });
  route(app, deleteDepartment, async (ctx, { params }) => {
    await deleteDepartmentVerb(ctx, params.id);
    return { ok: true as const };
  });
}
