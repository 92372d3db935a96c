import { type BodyOf, type createDepartment, providedOf, type updateDepartment } from '@fpy/contracts';
import type { Db } from '@fpy/db';
import { departments, users } from '@fpy/db';
import { and, count, eq, isNull, ne, type SQL } from 'drizzle-orm';
import type { AuthedCtx } from '../../../../http/context.ts';
import { scoped } from '../../../../data/tenant-scope.ts';
import { badRequest, businessError } from '../../../../lib/errors.ts';
import { toNode, withDescendants } from './department-tree.ts';
import { withTransaction } from '../../../../lib/write/index.ts';

/** The parent must be a department of the same company; another company's id reads as "does not exist". */
async function checkParent(db: Db, tenantId: number, parentId: number | null) {
  if (parentId === null) return;
  const [p] = await db
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.id, parentId), eq(departments.tenantId, tenantId)));
  if (!p) throw badRequest('PARENT_NOT_FOUND');
}

/** Sibling names are unique, so a name in an import file or a breadcrumb means one department. */
async function checkName(db: Db, tenantId: number, parentId: number | null, name: string, selfId?: number) {
  const conds: SQL[] = [
    eq(departments.tenantId, tenantId),
    parentId === null ? isNull(departments.parentId) : eq(departments.parentId, parentId),
    eq(departments.name, name),
  ];
  if (selfId) conds.push(ne(departments.id, selfId));
  const [dup] = await db
    .select({ id: departments.id })
    .from(departments)
    .where(and(...conds))
    .limit(1);
  if (dup) throw badRequest('DEPARTMENT_NAME_TAKEN', { name });
}

export async function createDepartmentVerb(ctx: AuthedCtx, input: BodyOf<typeof createDepartment>) {
  const repo = scoped(ctx, departments);
  const tenantId = repo.tenantFor(input.tenantId);
  return withTransaction(ctx, async (db) => {
    await checkParent(db, tenantId, input.parentId);
    await checkName(db, tenantId, input.parentId, input.name);
    const row = await scoped(ctx, departments, db).insert({ ...input, code: input.code ?? null, tenantId });
    return toNode(row);
  });
}

/** Only the fields given change; a move (parentId) and a rename are checked against the department's place. */
export async function updateDepartmentVerb(
  ctx: AuthedCtx,
  id: number,
  input: BodyOf<typeof updateDepartment>,
) {
  return withTransaction(ctx, async (db) => {
    const repo = scoped(ctx, departments, db);
    const current = await repo.get(id);
    const given = providedOf(input);
    const parentId = given.parentId === undefined ? current.parentId : given.parentId;
    const name = given.name ?? current.name;
    if (given.parentId !== undefined && parentId !== null) {
      await checkParent(db, current.tenantId, parentId);
      const all = await db
        .select({ id: departments.id, parentId: departments.parentId })
        .from(departments)
        .where(eq(departments.tenantId, current.tenantId));
      if (withDescendants(all, id).includes(parentId)) {
        throw badRequest('DEPARTMENT_CYCLE');
      }
    }
    if (given.parentId !== undefined || given.name !== undefined)
      await checkName(db, current.tenantId, parentId, name, id);
    const changes = 'code' in given ? { ...given, code: given.code ?? null } : given;
    const row = await repo.update(id, changes);
    const [n] = await db.select({ n: count() }).from(users).where(eq(users.departmentId, id));
    return toNode(row, n.n);
  });
}

export async function deleteDepartmentVerb(ctx: AuthedCtx, id: number) {
  await withTransaction(ctx, async (db) => {
    const repo = scoped(ctx, departments, db);
    await repo.get(id);
    const [kids] = await db.select({ n: count() }).from(departments).where(eq(departments.parentId, id));
    if (kids.n > 0) throw businessError('DEPARTMENT_HAS_CHILDREN', { count: kids.n });
    const [members] = await db.select({ n: count() }).from(users).where(eq(users.departmentId, id));
    if (members.n > 0) throw businessError('DEPARTMENT_HAS_USERS', { count: members.n });
    await repo.remove(id);
  });
}
