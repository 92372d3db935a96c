import { z } from 'zod';
import { defineRoute } from '../route.ts';
import { okReply, text } from '../common.ts';

/** The account name a person types: trimmed, no control characters (a NUL is a 400, not a database error). */
const accountName = text(64, '账号').min(1, '请输入账号');

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
  clientCredential: true,
  summary:
    '获取访问令牌。password 模式 (Authorization: Basic clientId:clientSecret)：账号不存在与密码错误的答复、耗时与锁定相同；' +
    'client_credentials 模式 (开放平台应用，Authorization: Basic appKey:appSecret 或表单 client_id/client_secret)：2 小时有效的应用令牌',
  body: z.discriminatedUnion('grant_type', [
    z.object({
      username: accountName,
      password: encryptedPassword,
      grant_type: z.literal('password'),
    }),
    z.object({
      grant_type: z.literal('client_credentials'),
      /** The open app's appKey, when not sent as the Basic credential. */
      client_id: z.string().max(64).optional(),
      client_secret: z.string().max(128).optional(),
      scope: z.string().max(256).optional(),
    }),
  ]),
  reply: z.object({
    access_token: z.string(),
    token_type: z.literal('bearer'),
    expires_in: z.number().int(),
    /** The account (password grant); absent for an app's client-credentials token. */
    userId: z.number().int().optional(),
    /** The app's interface groups (client-credentials grant). */
    scope: z.string().optional(),
  }),
});

export const revokeToken = defineRoute({
  method: 'DELETE',
  path: '/api/auth/oauth/token',
  permission: 'public',
  tag: 'auth',
  summary:
    '注销：撤销调用者自己的令牌 (Authorization 头或控制台会话) 及 access_token 参数所指令牌，并清除会话 Cookie',
  query: z.object({ access_token: z.string().min(1).max(256).optional() }),
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
    username: accountName,
    /** Phone number or e-mail address registered on the account. */
    target: text(128, '手机号或邮箱').min(3, '请输入手机号或邮箱'),
  }),
  reply: z.object({ sent: z.literal(true), channel: z.enum(['sms', 'email']) }),
});

export const forgetPwd = defineRoute({
  method: 'PUT',
  path: '/api/admin/client/forgetPwd',
  permission: 'public',
  tag: 'auth',
  rateLimited: true,
  summary: '忘记密码：凭验证码重设密码 (账号不存在、未发送、已失效与错误的验证码答复相同)',
  body: z.object({
    username: accountName,
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
