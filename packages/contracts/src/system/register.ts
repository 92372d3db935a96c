import { z } from 'zod';
import { optionalText, text } from '../common.ts';
import { defineRoute } from '../route.ts';
import { creditCodeInput, creditCodeStatus, encryptedPasswordInput, usernameInput } from './tenants.ts';

export const registerBody = z.object({
  companyName: text(128).min(1, '请输入企业名称'),
  creditCode: creditCodeInput,
  contactName: text(64).min(1, '请输入联系人'),
  contactPhone: z
    .string()
    .trim()
    .regex(/^1\d{10}$/, '请输入11位手机号'),
  email: z
    .union([z.email('邮箱格式不正确').max(128), z.literal('')])
    .optional()
    .nullable(),
  username: usernameInput,
  password: encryptedPasswordInput,
  /** Reserved for a referral code printed on activity pages. */
  extensionCode: optionalText(64),
});

export const registerCompany = defineRoute({
  method: 'POST',
  path: '/api/admin/register',
  permission: 'public',
  rateLimited: true,
  tag: 'register',
  summary: '企业自助注册：创建企业、管理员账户与默认用户组',
  body: registerBody,
  reply: z.object({ tenantId: z.number().int(), creditCodeStatus }),
});
