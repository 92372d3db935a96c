import { openApps, openDevelopers, openInterfaces, tenants } from '@fpy/db';
import { and, asc, eq, ilike, isNull, or } from 'drizzle-orm';
import type { AuthedCtx } from '../../../http/context.ts';

/** Pickers of the forms: at most 50 each, matching the typed keyword (contains, case-insensitive). */
const LIMIT = 50;
const like = (keyword?: string) => (keyword ? `%${keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%` : undefined);

export async function developerOptions(ctx: AuthedCtx, keyword?: string) {
  const k = like(keyword);
  return ctx.db
    .select({ id: openDevelopers.id, name: openDevelopers.name })
    .from(openDevelopers)
    .where(k ? ilike(openDevelopers.name, k) : undefined)
    .orderBy(asc(openDevelopers.name))
    .limit(LIMIT);
}

export async function tenantOptions(ctx: AuthedCtx, keyword?: string) {
  const k = like(keyword);
  return ctx.db
    .select({ id: tenants.id, name: tenants.name })
    .from(tenants)
    .where(k ? or(ilike(tenants.name, k), ilike(tenants.creditCode, k)) : undefined)
    .orderBy(asc(tenants.id))
    .limit(LIMIT);
}

/**
 * Apps to pick. A company authorising software sees the enabled ISV apps of enabled developers (nothing of
 * another company's own apps); the platform's pages (all=1) pick among every app.
 */
export async function appOptions(ctx: AuthedCtx, keyword?: string, all?: boolean) {
  const k = like(keyword);
  const everything = all && ctx.actor.platform;
  return ctx.db
    .select({ id: openApps.id, name: openApps.name, developer: openDevelopers.name })
    .from(openApps)
    .innerJoin(openDevelopers, eq(openDevelopers.id, openApps.developerId))
    .where(
      and(
        k ? or(ilike(openApps.name, k), ilike(openDevelopers.name, k)) : undefined,
        everything
          ? undefined
          : and(
              isNull(openApps.tenantId),
              eq(openApps.state, 'enabled'),
              eq(openDevelopers.state, 'enabled'),
            ),
      ),
    )
    .orderBy(asc(openApps.name))
    .limit(LIMIT);
}

export async function operationOptions(ctx: AuthedCtx) {
  const rows = await ctx.db
    .select({
      operation: openInterfaces.operation,
      name: openInterfaces.nameZh,
      nameEn: openInterfaces.nameEn,
      groupCode: openInterfaces.groupCode,
    })
    .from(openInterfaces)
    .where(eq(openInterfaces.retired, false))
    .orderBy(asc(openInterfaces.sort));
  return rows.map((r) => ({
    operation: r.operation,
    name: ctx.lang === 'en' ? r.nameEn : r.name,
    groupCode: r.groupCode,
  }));
}
