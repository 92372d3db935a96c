import { z } from 'zod';
import { defineRoute } from '../route.ts';
import { okReply } from '../common.ts';

/** RSA-OAEP(SHA-256) ciphertext of the UTF-8 password, base64. */
const encryptedPassword = z.string().min(1).max(1024);

export const getPublicKey = defineRoute({
  method: 'GET',
  path: '/api/auth/publicKey',
  permission: 'public',
  tag: 'auth',
  summary: '登录用 RSA 公钥 (PEM, SPKI, 2048)',
  reply: z.object({ publicKey: z.string() }),
});

export const issueToken = defineRoute({
  method: 'POST',
  path: '/api/auth/oauth/token',
  permission: 'public',
  tag: 'auth',
  consumes: 'form',
  rateLimited: true,
  summary: '密码模式获取访问令牌 (Authorization: Basic clientId:clientSecret)',
  body: z.object({
    username: z.string().trim().min(1).max(64),
    password: encryptedPassword,
    grant_type: z.literal('password'),
  }),
  reply: z.object({
    access_token: z.string(),
    token_type: z.literal('bearer'),
    expires_in: z.number().int(),
    userId: z.number().int(),
  }),
});

export const revokeToken = defineRoute({
  method: 'DELETE',
  path: '/api/auth/oauth/token',
  permission: 'public',
  tag: 'auth',
  summary: '注销令牌',
  query: z.object({ access_token: z.string().min(1).max(256) }),
  reply: okReply,
});

export const getForgetPwdCode = defineRoute({
  method: 'POST',
  path: '/api/admin/client/getForgetPwdCode',
  permission: 'public',
  tag: 'auth',
  rateLimited: true,
  summary: '忘记密码：发送验证码 (不透露账号是否存在)',
  body: z.object({
    username: z.string().trim().min(1).max(64),
    /** Phone number or e-mail address registered on the account. */
    target: z.string().trim().min(3).max(128),
  }),
  reply: z.object({ sent: z.literal(true), channel: z.enum(['sms', 'email']) }),
});

export const forgetPwd = defineRoute({
  method: 'PUT',
  path: '/api/admin/client/forgetPwd',
  permission: 'public',
  tag: 'auth',
  rateLimited: true,
  summary: '忘记密码：凭验证码重设密码',
  body: z.object({
    username: z.string().trim().min(1).max(64),
    code: z.string().regex(/^\d{6}$/, '验证码为6位数字'),
    password: encryptedPassword,
  }),
  reply: okReply,
});

export const getModifyPasswordCode = defineRoute({
  method: 'GET',
  path: '/api/admin/client/getModifyPasswordCode',
  permission: 'authenticated',
  tag: 'auth',
  rateLimited: true,
  summary: '修改密码/绑定手机邮箱：向本人手机或邮箱发送验证码',
  query: z.object({
    channel: z.enum(['sms', 'email']).default('sms'),
    target: z.string().trim().max(128).optional(),
  }),
  reply: z.object({ sent: z.literal(true), channel: z.enum(['sms', 'email']), maskedTarget: z.string() }),
});

export const modifyPassword = defineRoute({
  method: 'PUT',
  path: '/api/admin/user/modifyPassword',
  permission: 'authenticated',
  tag: 'auth',
  rateLimited: true,
  summary: '修改本人密码 (验证码 + RSA 加密的新密码)',
  body: z.object({ code: z.string().regex(/^\d{6}$/, '验证码为6位数字'), password: encryptedPassword }),
  reply: okReply,
});

export const unsafeUser = defineRoute({
  method: 'GET',
  path: '/api/admin/user/unsafeUser',
  permission: 'authenticated',
  tag: 'auth',
  summary: '密码是否仍为初始、重置或弱密码',
  reply: z.object({
    unsafe: z.boolean(),
    reason: z.enum(['initial', 'reset', 'weak', 'expired']).nullable(),
    passwordChangedAt: z.string().nullable(),
  }),
});
