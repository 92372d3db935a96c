import { type BodyOf, type createGroup, providedOf, type updateGroup } from '@fpy/contracts';
import type { Db } from '@fpy/db';
import { groupElements, groupMembers, groupMenus, groups, groupTypes, tenants } from '@fpy/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { AuthedCtx } from '../../../../http/context.ts';
import { scoped } from '../../../../data/tenant-scope.ts';
import { badRequest, businessError } from '../../../../lib/errors.ts';
import { isUniqueViolation } from '../../../../lib/db-errors.ts';
import { assertCanHandOut } from '../guards.ts';
import { getGroupRecord, getGroupRow, isProtectedGroup } from './group-rows.ts';
import { withTransaction } from '../../../../lib/write/index.ts';

export const PLATFORM_TYPE = 'platform';

const codeTaken = (code: string) => badRequest('GROUP_CODE_TAKEN', { code });

/** A platform-type group belongs to no company and only platform accounts create it; other types belong to one. */
async function ownerOf(ctx: AuthedCtx, db: Db, input: BodyOf<typeof createGroup>): Promise<number | null> {
  const [type] = await db.select().from(groupTypes).where(eq(groupTypes.id, input.groupTypeId));
  const platformType = type?.code === PLATFORM_TYPE;
  if (!type || (platformType && !ctx.actor.platform)) throw badRequest('GROUP_TYPE_NOT_FOUND');
  if (platformType) return null;
  const tenantId = scoped(ctx, groups).tenantFor(input.tenantId);
  if (ctx.actor.platform) {
    const [t] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId));
    if (!t) throw badRequest('TENANT_NOT_FOUND');
  }
  return tenantId;
}

export async function createGroupVerb(ctx: AuthedCtx, input: BodyOf<typeof createGroup>) {
  const id = await withTransaction(ctx, async (db) => {
    const tenantId = await ownerOf(ctx, db, input);
    // The unique index treats NULL tenants as distinct, so platform codes are checked here.
    const [dup] = await db
      .select({ id: groups.id })
      .from(groups)
      .where(
        and(
          tenantId === null ? isNull(groups.tenantId) : eq(groups.tenantId, tenantId),
          eq(groups.code, input.code),
        ),
      );
    if (dup) throw codeTaken(input.code);
    try {
      const [row] = await db
        .insert(groups)
        .values({
          tenantId,
          groupTypeId: input.groupTypeId,
          code: input.code,
          name: input.name,
          description: input.description,
        })
        .returning({ id: groups.id });
      return row.id;
    } catch (e) {
      if (isUniqueViolation(e)) throw codeTaken(input.code);
      throw e;
    }
  });
  return getGroupRow(ctx, id);
}

/** Only the fields given change (a name-only edit keeps the description). */
export async function updateGroupVerb(ctx: AuthedCtx, id: number, input: BodyOf<typeof updateGroup>) {
  await getGroupRecord(ctx, ctx.db, id);
  const given = providedOf({ name: input.name, description: input.description });
  if (Object.keys(given).length) await ctx.db.update(groups).set(given).where(eq(groups.id, id));
  return getGroupRow(ctx, id);
}

/** Deleting a group takes its grants and memberships with it, in one transaction. */
export async function deleteGroupVerb(ctx: AuthedCtx, id: number) {
  await withTransaction(ctx, async (db) => {
    const g = await getGroupRecord(ctx, db, id, true);
    if (isProtectedGroup(g)) throw businessError('GROUP_PROTECTED');
    await assertCanHandOut(ctx, db, [id]);
    await db.delete(groupMembers).where(eq(groupMembers.groupId, id));
    await db.delete(groupMenus).where(eq(groupMenus.groupId, id));
    await db.delete(groupElements).where(eq(groupElements.groupId, id));
    await db.delete(groups).where(eq(groups.id, id));
  });
  ctx.invalidateAuthz();
}
