import { z } from 'zod';
import { faceText, optionalText, text } from '../common.ts';
import { defineRoute } from '../route.ts';
import { creditCodeInput, encryptedPasswordInput, usernameInput } from './tenants.ts';
import { MOBILE_RE } from './users.ts';

/**
 * Self-service registration in two calls, as Chinese SaaS sign-up goes: an SMS code to the contact's mobile,
 * then the form with that code. Neither answer tells whether a username or a company is already on the
 * platform (issue 12 §4): the server accepts every well-formed request with a valid code alike, and the
 * outcome (opened, or why not) goes by SMS to the mobile that code proved.
 */
const contactPhone = z.string().trim().regex(MOBILE_RE, '请输入11位手机号');
const smsCode = z.string().regex(/^\d{6}$/, '验证码为6位数字');

/** Where the code or the outcome went, masked (138****0000). */
const smsReceipt = { channel: z.literal('sms'), maskedTarget: z.string() };

export const getRegisterCode = defineRoute({
  method: 'POST',
  path: '/api/admin/register/getCode',
  permission: 'public',
  rateLimited: true,
  tag: 'register',
  summary: '企业注册：向联系人手机发送短信验证码（每个手机号每分钟1条、每天10条）',
  body: z.object({ contactPhone }),
  reply: z.object({ sent: z.literal(true), ...smsReceipt }),
});

export const registerBody = z.object({
  /** Becomes the seller name on the invoice face: only characters the face prints (as the tenant manager). */
  companyName: faceText(128, '企业名称').min(1, '请输入企业名称'),
  /** An 18-character 统一社会信用代码 whose check character is right; older tax numbers open through 客服. */
  creditCode: creditCodeInput,
  contactName: text(64, '联系人').min(1, '请输入联系人'),
  contactPhone,
  email: z
    .union([z.email('邮箱格式不正确').max(128), z.literal('')])
    .optional()
    .nullable(),
  username: usernameInput,
  password: encryptedPasswordInput,
  /** The SMS code sent to contactPhone by getRegisterCode. */
  code: smsCode,
  /** Reserved for a referral code printed on activity pages. */
  extensionCode: optionalText(64, '推广码'),
});

export const registerCompany = defineRoute({
  method: 'POST',
  path: '/api/admin/register',
  permission: 'public',
  rateLimited: true,
  tag: 'register',
  summary:
    '企业自助注册：校验全部信息与短信验证码后受理，开通结果（成功，或账号/企业已存在）以短信告知联系人手机；答复不透露账号或企业是否已存在',
  body: registerBody,
  reply: z.object({ submitted: z.literal(true), ...smsReceipt }),
});
