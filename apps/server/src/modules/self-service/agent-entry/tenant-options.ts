import { tenants } from '@fpy/db';
import { and, asc, eq, ilike } from 'drizzle-orm';
import { likePattern } from '../../../data/paging.ts';
import type { AuthedCtx } from '../../../http/context.ts';

/** Active companies whose name contains the keyword (at most 50), for the agent-code form's picker. */
export function agentTenantOptions(ctx: AuthedCtx, keyword?: string) {
  return ctx.db
    .select({ id: tenants.id, name: tenants.name })
    .from(tenants)
    .where(and(eq(tenants.status, 1), keyword ? ilike(tenants.name, likePattern(keyword)) : undefined))
    .orderBy(asc(tenants.name), asc(tenants.id))
    .limit(50);
}
