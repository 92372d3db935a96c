import type { TenantRow } from '@fpy/contracts';
import type { Db } from '@fpy/db';
import { tenants } from '@fpy/db';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { notFound } from '../../../../lib/errors.ts';

export const parentTenant = alias(tenants, 'parent_tenant');
type TenantRecord = typeof tenants.$inferSelect;

export const tenantColumns = { t: tenants, parentName: parentTenant.name };

export const toTenantRow = ({
  t,
  parentName,
}: {
  t: TenantRecord;
  parentName: string | null;
}): TenantRow => ({
  id: t.id,
  name: t.name,
  creditCode: t.creditCode,
  tenantCode: t.tenantCode,
  tenantType: t.tenantType,
  parentId: t.parentId,
  parentName,
  status: t.status,
  invoiceMethod: t.invoiceMethod,
  address: t.address,
  phone: t.phone,
  bank: t.bank,
  account: t.account,
  contactName: t.contactName,
  contactPhone: t.contactPhone,
  email: t.email,
  logoUrl: t.logoUrl,
  titleImageUrl: t.titleImageUrl,
  createdAt: t.createdAt.toISOString(),
});

export async function tenantRowById(db: Db, id: number): Promise<TenantRow> {
  const [row] = await db
    .select(tenantColumns)
    .from(tenants)
    .leftJoin(parentTenant, eq(parentTenant.id, tenants.parentId))
    .where(eq(tenants.id, id))
    .limit(1);
  if (!row) throw notFound('NOT_FOUND.tenant');
  return toTenantRow(row);
}
