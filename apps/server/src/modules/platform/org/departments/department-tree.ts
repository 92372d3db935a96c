import type { DepartmentNode } from '@fpy/contracts';
import type { Db } from '@fpy/db';
import { departments, users } from '@fpy/db';
import { and, asc, count, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import type { AuthedCtx } from '../../../../http/context.ts';
import { tenantCondition } from '../../../../data/tenant-scope.ts';

export type DepartmentRow = typeof departments.$inferSelect;

/** The departments the actor may see (optionally one company's), in display order. */
export function loadDepartments(
  ctx: AuthedCtx,
  tenantId?: number,
  db: Db = ctx.db,
): Promise<DepartmentRow[]> {
  const conds: (SQL | undefined)[] = [tenantCondition(ctx, departments.tenantId)];
  if (tenantId) conds.push(eq(departments.tenantId, tenantId));
  return db
    .select()
    .from(departments)
    .where(and(...conds))
    .orderBy(asc(departments.sortOrder), asc(departments.id));
}

/** Users placed directly in each department. */
export async function userCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: users.departmentId, n: count() })
    .from(users)
    .where(and(isNotNull(users.departmentId), inArray(users.departmentId, ids)))
    .groupBy(users.departmentId);
  return new Map(rows.map((r) => [r.id as number, r.n]));
}

/** Nests rows under their parents; a row whose parent is not among them (another scope) becomes a root. */
export function buildDepartmentTree(
  rows: DepartmentRow[],
  counts: Map<number, number> = new Map(),
): DepartmentNode[] {
  const ids = new Set(rows.map((r) => r.id));
  const byParent = new Map<number | null, DepartmentRow[]>();
  for (const r of rows) {
    const key = r.parentId !== null && ids.has(r.parentId) ? r.parentId : null;
    byParent.set(key, [...(byParent.get(key) ?? []), r]);
  }
  const walk = (parentId: number | null): DepartmentNode[] =>
    (byParent.get(parentId) ?? []).map((r) => ({
      id: r.id,
      tenantId: r.tenantId,
      parentId: r.parentId,
      name: r.name,
      code: r.code,
      sortOrder: r.sortOrder,
      userCount: counts.get(r.id) ?? 0,
      children: walk(r.id),
    }));
  return walk(null);
}

/** The department and all its sub-departments (the list filter "incl. sub-departments", the cycle check). */
export function withDescendants(rows: Pick<DepartmentRow, 'id' | 'parentId'>[], rootId: number): number[] {
  const children = new Map<number, number[]>();
  for (const r of rows)
    if (r.parentId !== null) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r.id]);
  const out = [rootId];
  const seen = new Set(out);
  for (let i = 0; i < out.length; i++) {
    for (const c of children.get(out[i]) ?? []) {
      // Guard against a corrupt cycle in stored data.
      if (!seen.has(c)) {
        seen.add(c);
        out.push(c);
      }
    }
  }
  return out;
}

export function toNode(r: DepartmentRow, userCount = 0): DepartmentNode {
  return {
    id: r.id,
    tenantId: r.tenantId,
    parentId: r.parentId,
    name: r.name,
    code: r.code,
    sortOrder: r.sortOrder,
    userCount,
    children: [],
  };
}
