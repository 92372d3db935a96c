import {
  type BodyOf,
  labelText,
  type openerProfileInput,
  type OpenerProfileRow,
  type OpenerRole,
  providedOf,
  type updateOpenerProfile,
} from '@fpy/contracts';
import { type Db, openerProfiles } from '@fpy/db';
import { and, eq, isNull, ne, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { scoped } from '../../../data/tenant-scope.ts';
import type { AuthedCtx } from '../../../http/context.ts';
import { badRequest } from '../../../lib/errors.ts';
import { assertOwnDepartment, tenantDepartments, withPaths } from './departments.ts';
import { LockClass, lockTenant } from './tenant-lock.ts';
import { withTransaction } from '../../../lib/write/index.ts';

type Values = z.output<typeof openerProfileInput>;
type Profile = typeof openerProfiles.$inferSelect;

export const ROLE_LABELS: Record<OpenerRole, string> = {
  drawer: '开票人',
  payee: '收款人',
  reviewer: '复核人',
};

const sameSlot = (tenantId: number, role: string, departmentId: number | null): SQL =>
  and(
    eq(openerProfiles.tenantId, tenantId),
    eq(openerProfiles.role, role),
    departmentId === null
      ? isNull(openerProfiles.departmentId)
      : eq(openerProfiles.departmentId, departmentId),
  ) as SQL;

/**
 * The checks and the default switch every write shares, inside the caller's transaction: the department
 * must be the tenant's own, a name appears once per role and department, and at most one entry per role
 * and department is the default — setting a new one clears the old one under the tenant's lock.
 */
async function prepare(db: Db, tenantId: number, v: Values, selfId?: number) {
  if (v.departmentId !== null) await assertOwnDepartment(db, tenantId, v.departmentId);
  const slot = sameSlot(tenantId, v.role, v.departmentId);
  const notSelf = selfId ? ne(openerProfiles.id, selfId) : undefined;
  const [dup] = await db
    .select({ id: openerProfiles.id })
    .from(openerProfiles)
    .where(and(slot, eq(openerProfiles.name, v.name), notSelf))
    .limit(1);
  if (dup)
    throw badRequest('OPENER_DUPLICATE', {
      role: labelText(ROLE_LABELS[v.role]),
      name: v.name,
      scope: labelText(v.departmentId === null ? '全公司' : '该部门'),
    });
  if (v.isDefault) {
    await lockTenant(db, LockClass.openerDefault, tenantId);
    await db
      .update(openerProfiles)
      .set({ isDefault: 0, updatedAt: new Date() })
      .where(and(slot, eq(openerProfiles.isDefault, 1), notSelf));
  }
}

const stored = (v: Values) => ({
  role: v.role,
  name: v.name,
  departmentId: v.departmentId,
  isDefault: v.isDefault ? 1 : 0,
  updatedAt: new Date(),
});

export async function createOpenerProfileVerb(ctx: AuthedCtx, v: Values): Promise<OpenerProfileRow> {
  const tenantId = scoped(ctx, openerProfiles).tenantFor(null);
  const row = await withTransaction(ctx, async (tx) => {
    await prepare(tx, tenantId, v);
    return scoped(ctx, openerProfiles, tx).insert({ ...stored(v), tenantId });
  });
  return (await profileRows(ctx.db, [row]))[0];
}

/** Only the fields given change: the stored entry with them laid over it is checked and saved. */
export async function updateOpenerProfileVerb(
  ctx: AuthedCtx,
  id: number,
  patch: BodyOf<typeof updateOpenerProfile>,
): Promise<OpenerProfileRow> {
  const row = await withTransaction(ctx, async (tx) => {
    const s = scoped(ctx, openerProfiles, tx);
    const existing = await s.get(id);
    const v: Values = {
      role: existing.role as OpenerRole,
      name: existing.name,
      departmentId: existing.departmentId,
      isDefault: existing.isDefault === 1,
      ...providedOf(patch),
    };
    await prepare(tx, existing.tenantId, v, id);
    return s.update(id, stored(v));
  });
  return (await profileRows(ctx.db, [row]))[0];
}

export async function deleteOpenerProfileVerb(ctx: AuthedCtx, id: number) {
  await scoped(ctx, openerProfiles).remove(id);
  return { ok: true as const };
}

/** Reply rows with each department's path, read once per tenant involved. */
export async function profileRows(db: Db, rows: Profile[]): Promise<OpenerProfileRow[]> {
  const tenants = [...new Set(rows.filter((r) => r.departmentId !== null).map((r) => r.tenantId))];
  const paths = new Map<number, string>();
  for (const t of tenants) for (const d of withPaths(await tenantDepartments(db, t))) paths.set(d.id, d.path);
  return rows.map((r) => ({
    id: r.id,
    tenantId: r.tenantId,
    role: r.role as OpenerRole,
    name: r.name,
    departmentId: r.departmentId,
    // A department deleted since reads as unnamed rather than breaking the list.
    departmentName: r.departmentId === null ? null : (paths.get(r.departmentId) ?? null),
    isDefault: r.isDefault === 1,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}
