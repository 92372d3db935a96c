import { OPENER_ROLES, type OpenerRole } from '@fpy/contracts';
import { openerProfiles, users } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import type { AuthedCtx } from '../../../http/context.ts';
import { ancestry, tenantDepartments } from './departments.ts';

type Defaults = Record<OpenerRole, string | null>;

/**
 * The names the issuing form starts from: per role, the default of the caller's department, else of the
 * nearest ancestor department that has one, else the company-wide default, else null. The department is
 * read fresh (not from the cached actor) so a move takes effect at once.
 */
export async function openerDefaultsFor(ctx: AuthedCtx): Promise<Defaults> {
  const none: Defaults = { drawer: null, payee: null, reviewer: null };
  const tenantId = ctx.actor.tenantId;
  if (tenantId === null) return none;
  const [[me], defaults] = await Promise.all([
    ctx.db
      .select({ departmentId: users.departmentId })
      .from(users)
      .where(and(eq(users.id, ctx.actor.userId), eq(users.tenantId, tenantId))),
    ctx.db
      .select({
        role: openerProfiles.role,
        name: openerProfiles.name,
        departmentId: openerProfiles.departmentId,
      })
      .from(openerProfiles)
      .where(and(eq(openerProfiles.tenantId, tenantId), eq(openerProfiles.isDefault, 1))),
  ]);
  if (!defaults.length) return none;
  const chain =
    me?.departmentId && defaults.some((d) => d.departmentId !== null)
      ? ancestry(await tenantDepartments(ctx.db, tenantId), me.departmentId)
      : [];
  // Nearest first: the caller's own department, its ancestors, then company-wide (null).
  const rank = (departmentId: number | null) => {
    if (departmentId === null) return chain.length;
    const i = chain.indexOf(departmentId);
    return i < 0 ? Number.POSITIVE_INFINITY : i;
  };
  const result = { ...none };
  for (const role of OPENER_ROLES) {
    const best = defaults
      .filter((d) => d.role === role && Number.isFinite(rank(d.departmentId)))
      .sort((a, b) => rank(a.departmentId) - rank(b.departmentId))[0];
    result[role] = best?.name ?? null;
  }
  return result;
}
