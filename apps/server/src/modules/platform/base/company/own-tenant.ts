import { tenants } from '@fpy/db';
import { eq } from 'drizzle-orm';
import type { AuthedCtx } from '../../../../http/context.ts';
import { badRequest, notFound } from '../../../../lib/errors.ts';

/**
 * The caller's own company. These routes take no tenant id at all — the company is always the actor's —
 * so one tenant can never name another's; platform accounts belong to no company.
 */
export function ownTenantId(ctx: AuthedCtx): number {
  if (ctx.actor.tenantId === null) throw badRequest('NO_COMPANY');
  return ctx.actor.tenantId;
}

export async function ownTenant(ctx: AuthedCtx) {
  const [t] = await ctx.db
    .select()
    .from(tenants)
    .where(eq(tenants.id, ownTenantId(ctx)))
    .limit(1);
  if (!t) throw notFound('NOT_FOUND.company');
  return t;
}
