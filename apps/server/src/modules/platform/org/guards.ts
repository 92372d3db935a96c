import type { Db } from '@fpy/db';
import { elements, groupElements, groupMembers, groupMenus, groups, menus, users } from '@fpy/db';
import { RecordStatus } from '@fpy/domain';
import { and, count, eq, inArray, isNotNull } from 'drizzle-orm';
import type { AuthedCtx } from '../../../http/context.ts';
import { businessError, forbidden } from '../../../lib/errors.ts';
import { loadCodes } from '../../../plugins/auth.ts';

/** The code of every company's administrator group (created by groups/default-groups.ts, extended by syncMenus). */
export const ADMIN_GROUP_CODE = 'admin';

async function groupCodes(db: Db, groupIds: number[]): Promise<Set<string>> {
  if (!groupIds.length) return new Set();
  const [m, e] = await Promise.all([
    db
      .selectDistinct({ c: menus.code })
      .from(groupMenus)
      .innerJoin(menus, eq(menus.id, groupMenus.menuId))
      .where(inArray(groupMenus.groupId, groupIds)),
    db
      .selectDistinct({ c: elements.code })
      .from(groupElements)
      .innerJoin(elements, eq(elements.id, groupElements.elementId))
      .where(inArray(groupElements.groupId, groupIds)),
  ]);
  return new Set([...m, ...e].map((r) => r.c));
}

/**
 * Privilege escalation guard: someone holding only some buttons must not put anyone (themselves included)
 * into a group that grants more than they hold. Platform super administrators hold everything.
 */
export async function assertCanHandOut(ctx: AuthedCtx, db: Db, groupIds: number[]) {
  if (ctx.actor.platform || !groupIds.length) return;
  const codes = await groupCodes(db, groupIds);
  for (const c of codes) if (!ctx.actor.codes.has(c)) throw forbidden('FORBIDDEN.group_beyond_own');
}

/** The same guard for acting on a user: nobody takes over an account that holds more than they do. */
export async function assertManageable(ctx: AuthedCtx, db: Db, user: { id: number; isSuperAdmin: number }) {
  if (ctx.actor.platform) return;
  const codes = await loadCodes(db, user.id, user.isSuperAdmin);
  for (const c of codes) if (!ctx.actor.codes.has(c)) throw forbidden('FORBIDDEN.user_above_own');
}

/**
 * Run inside the transaction AFTER a change that may remove an administrator: the company must keep at least
 * one active member of its 管理员 group. The row lock on the group serialises concurrent removals, so two
 * administrators deleting each other cannot both succeed.
 */
export async function assertAdminRemains(db: Db, tenantId: number | null) {
  if (tenantId === null) return;
  const [g] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.tenantId, tenantId), eq(groups.code, ADMIN_GROUP_CODE), isNotNull(groups.tenantId)))
    .for('update');
  if (!g) return;
  const [row] = await db
    .select({ n: count() })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(and(eq(groupMembers.groupId, g.id), eq(users.status, RecordStatus.Active)));
  if (row.n === 0) throw businessError('LAST_TENANT_ADMIN');
}
