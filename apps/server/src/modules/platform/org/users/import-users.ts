import { createUser, type UserImportReport } from '@fpy/contracts';
import { groups, positions, users } from '@fpy/db';
import { eq } from 'drizzle-orm';
import type { AuthedCtx } from '../../../../http/context.ts';
import { scoped } from '../../../../data/tenant-scope.ts';
import { AppError } from '../../../../lib/errors.ts';
import { readWorkbook } from '../../../../lib/excel.ts';
import { hashPassword } from '../../../../lib/hash.ts';
import { loadDepartments } from '../departments/department-tree.ts';
import { insertUser } from './create-user.ts';
import { IMPORT_COLUMNS, IMPORT_LABELS } from './user-excel.ts';
import { withTransaction } from '../../../../lib/write/index.ts';

class RowProblem extends Error {}

/** Name → id lookups of one company, built once per file. */
async function lookups(ctx: AuthedCtx, tenantId: number) {
  const deps = await loadDepartments(ctx, tenantId);
  const pos = await ctx.db.select().from(positions).where(eq(positions.tenantId, tenantId));
  const grp = await ctx.db.select().from(groups).where(eq(groups.tenantId, tenantId));
  const pathOf = new Map<number, string>();
  const byId = new Map(deps.map((d) => [d.id, d]));
  const path = (id: number): string => {
    const d = byId.get(id)!;
    if (!pathOf.has(id))
      pathOf.set(id, d.parentId && byId.has(d.parentId) ? `${path(d.parentId)}/${d.name}` : d.name);
    return pathOf.get(id)!;
  };
  const department = (text: string): number | null => {
    if (!text) return null;
    const wanted = text.replace(/\s*\/\s*/g, '/');
    const hits = deps.filter((d) => (wanted.includes('/') ? path(d.id) === wanted : d.name === wanted));
    if (hits.length > 1) throw new RowProblem(`部门「${text}」有重名，请写完整路径，如：技术部/前端组`);
    if (!hits.length) throw new RowProblem(`部门「${text}」不存在`);
    return hits[0].id;
  };
  const position = (text: string): number | null => {
    if (!text) return null;
    const hit = pos.find((p) => p.name === text) ?? pos.find((p) => p.code === text);
    if (!hit) throw new RowProblem(`岗位「${text}」不存在`);
    return hit.id;
  };
  const groupIds = (text: string): number[] =>
    text
      .split(/[、,，;；]/)
      .map((s) => s.trim())
      .filter(Boolean)
      .map((name) => {
        const hit = grp.find((g) => g.name === name) ?? grp.find((g) => g.code === name);
        if (!hit) throw new RowProblem(`用户组「${name}」不存在`);
        return hit.id;
      });
  return { department, position, groupIds };
}

/**
 * Row-by-row import: each row is validated like the create form and written in its own transaction, so a bad
 * row leaves nothing behind and does not stop the good ones. Messages name the row and the column.
 */
export async function importUsersVerb(
  ctx: AuthedCtx,
  data: Buffer,
  requestedTenant?: number,
): Promise<UserImportReport> {
  const tenantId = scoped(ctx, users).tenantFor(requestedTenant);
  const { rows } = await readWorkbook(data, IMPORT_COLUMNS);
  const find = await lookups(ctx, tenantId);
  const report: UserImportReport = { total: rows.length, succeeded: 0, failed: 0, errors: [] };
  for (const { rowNumber, values } of rows) {
    try {
      const parsed = createUser.body!.safeParse({
        username: values.username,
        password: values.password,
        name: values.name,
        phone: values.phone,
        email: values.email,
        departmentId: find.department(values.department),
        positionId: find.position(values.position),
        groupIds: find.groupIds(values.groups),
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const key = String(issue.path[0] ?? '');
        throw new RowProblem(`${IMPORT_LABELS[key] ?? key}：${issue.message}`);
      }
      const passwordHash = await hashPassword(parsed.data.password);
      await withTransaction(ctx, (tx) => insertUser(ctx, tx, tenantId, parsed.data, passwordHash));
      report.succeeded++;
    } catch (e) {
      if (!(e instanceof RowProblem) && !(e instanceof AppError)) {
        ctx.log.error({ err: e, rowNumber }, 'user import row failed');
      }
      const message =
        e instanceof RowProblem || e instanceof AppError
          ? e.message.replace(/（字段 \w+）$/, '')
          : '导入失败：服务器内部错误';
      report.failed++;
      report.errors.push({ rowNumber, message: `第${rowNumber}行：${message}` });
    }
  }
  if (report.succeeded) ctx.invalidateAuthz();
  return report;
}
