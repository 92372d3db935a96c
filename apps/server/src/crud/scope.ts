import { TenantType } from '@fpy/domain';
import { tenants } from '@fpy/db';
import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { tenantCondition } from '../data/tenant-scope.ts';
import type { AuthedCtx } from '../http/context.ts';
import type { ServerResource } from './bind.ts';

/**
 * The companies an agent serves: tenants whose parent is the caller's company, marked as an agent's client,
 * while the caller's company is itself an agent (tenant_type 2). A company that merely has a parent_id of
 * another kind (a group's subsidiary) widens nothing. A subquery, so it follows tenants as they change.
 */
function servedCompanies(agentId: number) {
  return (db: AuthedCtx['db']) =>
    db
      .select({ id: tenants.id })
      .from(tenants)
      .where(
        and(
          eq(tenants.parentId, agentId),
          eq(tenants.tenantType, TenantType.AgentClient),
          inArray(
            tenants.parentId,
            db
              .select({ id: tenants.id })
              .from(tenants)
              .where(and(eq(tenants.id, agentId), eq(tenants.tenantType, TenantType.Agent))),
          ),
        ),
      );
}

/**
 * The one place the crud data path decides which rows a caller sees (ResourceMeta.scope): the tenant
 * condition of data/tenant-scope.ts, widened for 'agent-companies' to the companies the caller's agent
 * company serves. Platform accounts see every row; platform-scoped resources have no tenant column and are
 * guarded by platformOnly on their routes.
 */
export function scopeCondition(ctx: AuthedCtx, res: ServerResource): SQL | undefined {
  if (!res.tenantId) return undefined;
  const own = tenantCondition(ctx, res.tenantId);
  if (!own || res.scope !== 'agent-companies') return own;
  const agentId = ctx.actor.tenantId as number;
  return or(own, inArray(res.tenantId as PgColumn, servedCompanies(agentId)(ctx.db)));
}
