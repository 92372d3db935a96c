import { z } from 'zod';
import {
  faceText,
  idParams,
  idSchema,
  optionalFaceText,
  optionalText,
  pagedQuery,
  pageReply,
  patchOf,
  text,
} from '../common.ts';
import { defineRoute } from '../route.ts';
import { usernameField } from './users.ts';

/** Upper-cased and trimmed; the format and checksum are judged by checkCreditCode (@fpy/domain). */
export const creditCodeInput = text(20, '统一社会信用代码')
  .min(1, '请输入统一社会信用代码')
  .transform((s) => s.toUpperCase());

/** RSA-OAEP(SHA-256) ciphertext of the password, base64 — passwords never travel in clear text. */
export const encryptedPasswordInput = text(1024, '密码').min(1, '请输入密码');

/** The same username rule as the user manager's. */
export const usernameInput = usernameField;

export const creditCodeStatus = z.enum(['valid', 'checksum_failed', 'legacy']);

export const tenantRow = z.object({
  id: z.number().int(),
  name: z.string(),
  creditCode: z.string(),
  tenantCode: z.string(),
  tenantType: z.number().int(),
  parentId: z.number().int().nullable(),
  parentName: z.string().nullable(),
  status: z.number().int(),
  invoiceMethod: z.number().int(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  bank: z.string().nullable(),
  account: z.string().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  email: z.string().nullable(),
  logoUrl: z.string().nullable(),
  titleImageUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type TenantRow = z.infer<typeof tenantRow>;

/** A create or update reply: the row, plus a warning when the credit code fails its checksum (domain §5.1). */
export const tenantSaveReply = tenantRow.extend({ creditCodeWarning: z.string().nullable() });

/** The tenant is the seller of its invoices: what the face prints must be printable. */
const tenantFields = {
  name: faceText(128, '企业名称').min(1, '请输入企业名称'),
  creditCode: creditCodeInput,
  /** 1 enterprise, 2 agent, 3 agent client, 4 group, 5 customised (account-flags.ts). */
  tenantType: z.coerce.number().int().min(1).max(5),
  /** The agent tenant of an agent client (tenantType 3); ignored for other types. */
  parentId: idSchema.nullable().optional(),
  invoiceMethod: z.coerce.number().int().min(0).max(1),
  address: optionalFaceText(255, '地址'),
  phone: optionalFaceText(32, '电话'),
  bank: optionalFaceText(128, '开户银行'),
  account: optionalFaceText(64, '银行账号'),
  contactName: optionalText(64, '联系人'),
  contactPhone: optionalText(32, '联系电话'),
  email: z
    .union([z.email('邮箱格式不正确').max(128), z.literal('')])
    .optional()
    .nullable(),
};

export const tenantCreateBody = z.object({
  ...tenantFields,
  adminUsername: usernameInput,
  adminPassword: encryptedPasswordInput,
  adminName: optionalText(64, '管理员姓名'),
});
/** Only the fields given change. */
export const tenantUpdateBody = patchOf(tenantFields);

export const TENANT_SORTS = ['id', 'name', 'createdAt', 'tenantType', 'status'] as const;

export const tenantListQuery = pagedQuery(TENANT_SORTS).extend({
  name: text(128).optional(),
  creditCode: text(20).optional(),
  tenantType: z.coerce.number().int().min(1).max(5).optional(),
  status: z.coerce.number().int().min(0).max(1).optional(),
});

const tag = 'tenant';

export const listTenants = defineRoute({
  method: 'GET',
  path: '/api/admin/tenants',
  permission: 'tenantManager',
  platformOnly: true,
  tag,
  summary: '租户列表 (名称、信用代码、类型、状态过滤)',
  query: tenantListQuery,
  reply: pageReply(tenantRow),
});

export const getTenant = defineRoute({
  method: 'GET',
  path: '/api/admin/tenants/{id}',
  permission: 'tenantManager',
  platformOnly: true,
  tag,
  summary: '租户详情',
  params: idParams,
  reply: tenantRow,
});

export const createTenant = defineRoute({
  method: 'POST',
  path: '/api/admin/tenants',
  permission: 'tenantManager:btn_add',
  platformOnly: true,
  tag,
  summary: '新增租户及其管理员账户与默认用户组',
  body: tenantCreateBody,
  reply: tenantSaveReply,
});

export const updateTenant = defineRoute({
  method: 'PUT',
  path: '/api/admin/tenants/{id}',
  permission: 'tenantManager:btn_edit',
  platformOnly: true,
  tag,
  summary: '修改租户',
  params: idParams,
  body: tenantUpdateBody,
  reply: tenantSaveReply,
});

export const setTenantStatus = defineRoute({
  method: 'PUT',
  path: '/api/admin/tenants/{id}/status',
  permission: 'tenantManager:btn_suspend',
  platformOnly: true,
  tag,
  summary: '停用/启用租户 (停用后其用户无法登录，已有令牌立即失效)',
  params: idParams,
  body: z.object({ status: z.coerce.number().int().min(0).max(1) }),
  reply: tenantRow,
});
