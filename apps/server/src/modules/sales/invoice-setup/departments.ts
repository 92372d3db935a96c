import type { OpenerDepartment } from '@fpy/contracts';
import { type Db, departments } from '@fpy/db';
import { and, asc, eq } from 'drizzle-orm';
import { badRequest } from '../../../lib/errors.ts';

type DepartmentRow = Pick<typeof departments.$inferSelect, 'id' | 'parentId' | 'name'>;

export async function tenantDepartments(db: Db, tenantId: number): Promise<DepartmentRow[]> {
  return db
    .select({ id: departments.id, parentId: departments.parentId, name: departments.name })
    .from(departments)
    .where(eq(departments.tenantId, tenantId))
    .orderBy(asc(departments.sortOrder), asc(departments.id));
}

/** Each department with its path from the root; a parent outside the list ends the path (no cycles assumed, but bounded). */
export function withPaths(rows: DepartmentRow[]): OpenerDepartment[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return rows.map((r) => {
    const names: string[] = [];
    for (let d: DepartmentRow | undefined = r, i = 0; d && i < 32; d = byId.get(d.parentId ?? -1), i++)
      names.unshift(d.name);
    return { id: r.id, parentId: r.parentId, name: r.name, path: names.join(' / ') };
  });
}

/** The department and its ancestors, nearest first. */
export function ancestry(rows: DepartmentRow[], id: number): number[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const chain: number[] = [];
  for (let d = byId.get(id), i = 0; d && i < 32; d = byId.get(d.parentId ?? -1), i++) chain.push(d.id);
  return chain;
}

/** A reference to another company's department reads like a missing one (400, ids do not leak). */
export async function assertOwnDepartment(db: Db, tenantId: number, departmentId: number) {
  const [row] = await db
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.id, departmentId), eq(departments.tenantId, tenantId)))
    .limit(1);
  if (!row) throw badRequest('DEPARTMENT_NOT_FOUND.own');
}
