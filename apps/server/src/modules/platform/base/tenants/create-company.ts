import type { Db } from '@fpy/db';
import { tenants, users } from '@fpy/db';
import { eq } from 'drizzle-orm';
import { badRequest } from '../../../../lib/errors.ts';
import { isUniqueViolation } from '../../../../lib/db-errors.ts';
import { withTransaction } from '../../../../lib/write/index.ts';
import { createDefaultGroups, insertTenantAdmin, type TenantAdminAccount } from '../../org/index.ts';

export type CompanyFields = Omit<
  typeof tenants.$inferInsert,
  'id' | 'tenantCode' | 'createdAt' | 'updatedAt'
>;

/** The administrator of a new company (org writes the account, through its face). */
export type CompanyAdmin = TenantAdminAccount;

export const usernameTaken = () => badRequest('USERNAME_TAKEN.register');
export const creditCodeTaken = () => badRequest('CREDIT_CODE_TAKEN');

/** Pre-checks give a clear message; the unique index on usernames still decides a race. */
export async function assertCompanyFree(db: Db, creditCode: string, username: string) {
  const [t] = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(eq(tenants.creditCode, creditCode))
    .limit(1);
  if (t) throw creditCodeTaken();
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
  if (u) throw usernameTaken();
}

/**
 * A new company: the tenant, its administrator (isSuperAdmin 1) and its default groups, all in one
 * transaction so a failure leaves no half-made company behind.
 */
export async function createCompany(
  db: Db,
  fields: CompanyFields,
  admin: CompanyAdmin,
): Promise<{ tenantId: number; adminId: number }> {
  try {
    return await withTransaction({ db }, async (tx) => {
      // The readable code follows the id; a placeholder keeps the unique index satisfied until the id is known.
      const [t] = await tx
        .insert(tenants)
        .values({ ...fields, tenantCode: `new-${crypto.randomUUID()}` })
        .returning({ id: tenants.id });
      await tx
        .update(tenants)
        .set({ tenantCode: `T${String(t.id).padStart(4, '0')}` })
        .where(eq(tenants.id, t.id));
      const adminId = await insertTenantAdmin(tx, t.id, admin);
      await createDefaultGroups(tx, t.id, adminId);
      return { tenantId: t.id, adminId };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'users_username_uq')) throw usernameTaken();
    throw err;
  }
}
