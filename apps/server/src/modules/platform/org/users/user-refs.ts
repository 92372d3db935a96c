import type { Db } from '@fpy/db';
import { departments, groups, positions } from '@fpy/db';
import { and, eq, inArray } from 'drizzle-orm';
import { badRequest } from '../../../../lib/errors.ts';

/**
 * A user may only point at a department, position and groups of their own company. An id of another company
 * is answered like an unknown id, so ids of other companies cannot be probed.
 */
export async function checkUserRefs(
  db: Db,
  tenantId: number | null,
  refs: { departmentId?: number | null; positionId?: number | null; groupIds?: number[] },
) {
  const tid = tenantId ?? -1;
  if (refs.departmentId) {
    const [d] = await db
      .select({ id: departments.id })
      .from(departments)
      .where(and(eq(departments.id, refs.departmentId), eq(departments.tenantId, tid)));
    if (!d) throw badRequest('DEPARTMENT_NOT_FOUND');
  }
  if (refs.positionId) {
    const [p] = await db
      .select({ id: positions.id })
      .from(positions)
      .where(and(eq(positions.id, refs.positionId), eq(positions.tenantId, tid)));
    if (!p) throw badRequest('POSITION_NOT_FOUND');
  }
  const ids = [...new Set(refs.groupIds ?? [])];
  if (ids.length) {
    // Platform accounts (no company) belong to platform groups (tenant_id null).
    const found = await db
      .select({ id: groups.id, tenantId: groups.tenantId })
      .from(groups)
      .where(inArray(groups.id, ids));
    const ok = found.filter((g) => g.tenantId === tenantId).length;
    if (ok !== ids.length) throw badRequest('GROUP_NOT_FOUND');
  }
  return ids;
}
