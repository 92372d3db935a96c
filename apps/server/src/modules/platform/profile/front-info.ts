import type { FrontInfo } from '@fpy/contracts';
import { departments, tenants, users } from '@fpy/db';
import { eq } from 'drizzle-orm';
import type { AuthedCtx } from '../../../http/context.ts';
import { loadMenuRows, servedMenuTree } from './menu-tree.ts';

/** Spec §3 "Logged-in user information". Fields the platform has no concept of yet are null. */
export async function loadFrontInfo(ctx: AuthedCtx): Promise<FrontInfo> {
  const { db, actor } = ctx;
  const [row] = await db
    .select({ u: users, t: tenants, d: departments })
    .from(users)
    .leftJoin(tenants, eq(tenants.id, users.tenantId))
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .where(eq(users.id, actor.userId));
  const { u, t, d } = row;
  const menuRows = await loadMenuRows(db);
  const menus = servedMenuTree(menuRows, {
    tenantId: u.tenantId,
    isSuperAdmin: u.isSuperAdmin,
    tenantType: t?.tenantType ?? null,
    granted: (code) => actor.platform || actor.codes.has(code),
  });
  const menuCodes = new Set(menuRows.map((m) => m.code));
  const elements = [...actor.codes]
    .filter((c) => !menuCodes.has(c))
    .sort()
    .map((code) => ({ code }));
  return {
    id: u.id,
    username: u.username,
    name: u.name,
    description: u.description,
    avatar: u.avatar,
    menus,
    elements,
    registerTaxNo: t?.creditCode ?? null,
    departId: u.departmentId,
    departName: d?.name ?? null,
    parentId: t?.parentId ?? null,
    path: d ? `/${t?.tenantCode ?? ''}/${d.id}` : null,
    tenantId: u.tenantId,
    tenantCode: t?.tenantCode ?? null,
    extensionCode: t?.extensionCode ?? null,
    serialNumber: t?.tenantCode ?? null,
    thirdPartyTenantId: t?.parentId ?? null,
    thirdSerialNumber: null,
    serviceSerialNumber: null,
    serviceTenantId: null,
    serviceDepartId: null,
    serviceDepartName: null,
    terminal: null,
    tenantType: t?.tenantType ?? null,
    isSuperAdmin: u.isSuperAdmin,
    isInsideUser: u.isInsideUser,
    taxControlUrl: null,
    topServiceDepart: null,
    companyName: t?.name ?? null,
    companyAddress: t?.address ?? null,
    companyPhone: t?.phone ?? null,
    openBank: t?.bank ?? null,
    bankAccount: t?.account ?? null,
    invoiceMethod: t?.invoiceMethod ?? null,
    logoUrl: t?.logoUrl ?? null,
    titleImageUrl: t?.titleImageUrl ?? null,
    phone: u.phone,
    email: u.email,
  };
}
