import { type Db, tenants } from '@fpy/db';
import { eq } from 'drizzle-orm';

/**
 * Points the tenant at its seal image (or at none). tenants is written by this module only (issue 29 §4);
 * invoice-setup, which owns the seal page, switches the key through here inside its transaction.
 */
export async function setTenantSealKey(db: Db, tenantId: number, key: string | null): Promise<void> {
  await db.update(tenants).set({ sealImageKey: key, updatedAt: new Date() }).where(eq(tenants.id, tenantId));
}
