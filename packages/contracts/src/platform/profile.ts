import { z } from 'zod';
import { defineRoute } from '../route.ts';

export interface MenuNode {
  code: string;
  title: string;
  titleEn: string;
  icon: string | null;
  path: string | null;
  hidden: boolean;
  children: MenuNode[];
}
export const menuNode: z.ZodType<MenuNode> = z.lazy(() =>
  z.object({
    code: z.string(),
    title: z.string(),
    titleEn: z.string(),
    icon: z.string().nullable(),
    path: z.string().nullable(),
    hidden: z.boolean(),
    children: z.array(menuNode),
  }),
);

/** Spec §3 "Logged-in user information": every field, null where not applicable. */
export const frontInfo = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  avatar: z.string().nullable(),
  menus: z.array(menuNode),
  elements: z.array(z.object({ code: z.string() })),
  registerTaxNo: z.string().nullable(),
  departId: z.number().int().nullable(),
  departName: z.string().nullable(),
  parentId: z.number().int().nullable(),
  path: z.string().nullable(),
  tenantId: z.number().int().nullable(),
  tenantCode: z.string().nullable(),
  extensionCode: z.string().nullable(),
  serialNumber: z.string().nullable(),
  thirdPartyTenantId: z.number().int().nullable(),
  thirdSerialNumber: z.string().nullable(),
  serviceSerialNumber: z.string().nullable(),
  serviceTenantId: z.number().int().nullable(),
  serviceDepartId: z.number().int().nullable(),
  serviceDepartName: z.string().nullable(),
  terminal: z.string().nullable(),
  tenantType: z.number().int().nullable(),
  isSuperAdmin: z.number().int(),
  isInsideUser: z.number().int(),
  taxControlUrl: z.string().nullable(),
  topServiceDepart: z.string().nullable(),
  companyName: z.string().nullable(),
  companyAddress: z.string().nullable(),
  companyPhone: z.string().nullable(),
  openBank: z.string().nullable(),
  bankAccount: z.string().nullable(),
  invoiceMethod: z.number().int().nullable(),
  logoUrl: z.string().nullable(),
  titleImageUrl: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type FrontInfo = z.infer<typeof frontInfo>;

export const getFrontInfo = defineRoute({
  method: 'GET',
  path: '/api/admin/user/front/info',
  permission: 'authenticated',
  tag: 'profile',
  summary: '当前登录用户信息 (含菜单与按钮权限)',
  reply: frontInfo,
});

export const getFrontMenus = defineRoute({
  method: 'GET',
  path: '/api/admin/user/front/tenant/menus',
  permission: 'authenticated',
  tag: 'profile',
  summary: '当前用户的侧边栏菜单树',
  reply: z.array(menuNode),
});
