import { z } from 'zod';
import { idSchema } from '../common.ts';
import { defineRoute } from '../route.ts';
import { VALIDATE_API, VALIDATE_CAPTCHA_RE, VALIDATE_CODE_RE } from './invoicer-identity-pages.ts';

/**
 * 开票员身份认证 (issue 30, `/validate`): the 数电 platform now and then pauses a tax number's issuing until its
 * invoicer confirms who they are. The console (开票人设置) shows the demand and hands out a link / QR; the invoicer
 * opens it on the phone, sees which company asks, gets the bureau's captcha and types it. Unknown, expired,
 * forged and other tenants' codes answer alike.
 */
const tag = 'invoicer-identity';
const CONSOLE_BASE = '/api/billing/v1/invoicer-identity';

export const IDENTITY_STATES = ['confirmed', 'required'] as const;

export const getInvoicerIdentity = defineRoute({
  method: 'GET',
  path: CONSOLE_BASE,
  permission: 'openerSetup',
  tag,
  summary: '税务局是否要求开票员身份认证（要求期间暂停开具），以及当前有效的认证链接',
  reply: z.object({
    state: z.enum(IDENTITY_STATES),
    askedAt: z.string().nullable(),
    confirmedAt: z.string().nullable(),
    /** The newest link still open for the current demand (its code is not kept: ask for a new one to show it). */
    openLink: z.object({ expiresAt: z.string(), attemptsLeft: z.number().int() }).nullable(),
  }),
});

export const createInvoicerIdentityLink = defineRoute({
  method: 'POST',
  path: `${CONSOLE_BASE}/links`,
  permission: 'openerSetup:btn_edit',
  tag,
  summary:
    '生成开票员身份认证链接（手机打开 /validate；30 分钟有效，替换之前的链接）；税务局未要求认证时 409',
  reply: z.object({ code: z.string(), url: z.string(), expiresAt: z.string() }),
});

const linkCode = z
  .string({ error: '认证链接不能为空' })
  .min(1, '认证链接不能为空')
  .max(64, '认证链接格式不正确')
  .regex(VALIDATE_CODE_RE, '认证链接格式不正确');

const identityView = z.object({
  /** pending: type the captcha; confirmed: done, issuing resumed. */
  state: z.enum(['pending', 'confirmed']),
  companyName: z.string(),
  /** The tax number, middle masked. */
  taxNumber: z.string(),
  askedAt: z.string(),
  expiresAt: z.string(),
  attemptsLeft: z.number().int(),
  /** The bureau's captcha: an image (data: URL) or a code texted to a masked phone. Never its text. */
  captcha: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('image'), image: z.string(), expiresAt: z.string() }),
      z.object({ kind: z.literal('sms'), phoneMasked: z.string(), expiresAt: z.string() }),
    ])
    .nullable(),
});

export const invoicerCaptchaData = defineRoute({
  ...VALIDATE_API.captchaData,
  permission: 'public',
  rateLimited: true,
  tag,
  summary:
    '身份认证页：哪家企业要求认证，并向税务局取一个新的验证码（图片或短信）。未知、过期、伪造的链接一律 404',
  body: z.object({ code: linkCode }),
  reply: identityView,
});

export const invoicerCaptchaCheck = defineRoute({
  ...VALIDATE_API.captchaCheck,
  permission: 'public',
  rateLimited: true,
  tag,
  summary: '提交验证码：正确则税务局确认身份、恢复开具；错误计次，多次错误后链接锁定',
  body: z.object({
    code: linkCode,
    captcha: z
      .string({ error: '验证码不能为空' })
      .min(1, '验证码不能为空')
      .max(16, '验证码格式不正确')
      .regex(VALIDATE_CAPTCHA_RE, '验证码格式不正确'),
  }),
  reply: identityView,
});

/**
 * Sandbox lever for platform administrators: the embedded bureau asks a tenant's invoicer to confirm (as the real
 * platform does now and then), so the pause, the link and /validate can be shown and tried on any company.
 */
export const demandSandboxIdentity = defineRoute({
  method: 'POST',
  path: '/api/billing/v1/creditLine/identity-demand',
  permission: 'tenantManager:btn_edit',
  platformOnly: true,
  tag,
  summary: '沙箱：模拟税务局要求该租户的开票员身份认证（认证前暂停开具）',
  body: z.object({ tenantId: idSchema }),
  reply: z.object({ tenantId: z.number().int(), state: z.literal('required'), askedAt: z.string() }),
});
