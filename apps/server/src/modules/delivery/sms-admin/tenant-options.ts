import { tenants } from '@fpy/db';
import { asc, ilike } from 'drizzle-orm';
import { likePattern } from '../../../data/paging.ts';
import type { AuthedCtx } from '../../../http/context.ts';

/** Companies whose name contains the keyword, for the pickers of the platform's SMS pages (platform only). */
export function tenantOptions(ctx: AuthedCtx, keyword?: string) {
  return ctx.db
    .select({ id: tenants.id, name: tenants.name })
    .from(tenants)
    .where(keyword ? ilike(tenants.name, likePattern(keyword)) : undefined)
    .orderBy(asc(tenants.name), asc(tenants.id))
    .limit(50);
}
