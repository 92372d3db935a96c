import { z } from 'zod';
import { text } from '../common.ts';
import { defineRoute } from '../route.ts';

export const selfInfo = z.object({
  username: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
  /** The last 10 tokens issued to the account, newest first. */
  recentLogins: z.array(
    z.object({ time: z.string(), ip: z.string().nullable(), userAgent: z.string().nullable() }),
  ),
});
export type SelfInfo = z.infer<typeof selfInfo>;

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** Every field: undefined = unchanged; phone and e-mail: null or '' = remove. */
export const selfUpdateBody = z.object({
  name: text(64, '姓名').min(1, '请输入姓名').optional(),
  phone: z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .regex(/^1\d{10}$/, '请输入11位手机号')
      .nullable()
      .optional(),
  ),
  email: z.preprocess(blankToNull, z.email('邮箱格式不正确').max(128).nullable().optional()),
  /** Required when the phone or e-mail changes: from GET /api/admin/client/getModifyPasswordCode. */
  code: z
    .string()
    .regex(/^\d{6}$/, '验证码为6位数字')
    .optional(),
});

export const getSelf = defineRoute({
  method: 'GET',
  path: '/api/admin/user/self',
  permission: 'authenticated',
  tag: 'self',
  summary: '本人资料与最近登录记录',
  reply: selfInfo,
});

export const updateSelf = defineRoute({
  method: 'PUT',
  path: '/api/admin/user/self',
  permission: 'authenticated',
  tag: 'self',
  summary: '修改本人资料 (改手机号或邮箱需验证码)',
  body: selfUpdateBody,
  reply: selfInfo,
});
