import { DELIVERY_FAILURE_KINDS, SECRET_MASK, type SecretDestinations } from '@fpy/domain';
import { z } from 'zod';
import { blankText, idParams, okReply, text } from '../common.ts';
import { defineRoute } from '../route.ts';

/**
 * SMS and e-mail provider accounts (短信/邮件服务商, issue 14 §1), stored in message_providers. The platform pages
 * /smsMessage/smsFacilitatorManage and /emailMessage/emailFacilitatorManage manage the platform's accounts
 * (tenant_id null); a tenant's own mailbox (企业邮箱) is `enterpriseMail` below. Secrets never leave the server
 * unmasked: every answer carries SECRET_MASK in their place, and a save that sends SECRET_MASK (or nothing)
 * back keeps the stored secret.
 */

export { SECRET_MASK } from '@fpy/domain';

export const messageChannels = ['sms', 'email'] as const;
export type MessageChannel = (typeof messageChannels)[number];
export const providerKinds = ['smtp', 'aliyun', 'tencent', 'sandbox'] as const;
export type ProviderKind = (typeof providerKinds)[number];

/** Which kinds serve which channel. */
export const KINDS_OF_CHANNEL: Record<MessageChannel, readonly ProviderKind[]> = {
  sms: ['aliyun', 'tencent', 'sandbox'],
  email: ['smtp', 'sandbox'],
};

/**
 * The secret fields of each kind's config, each with the fields of the destination it belongs to: masked in
 * answers, and kept when sent back masked only while none of those fields changed (issue 28 §2; the rule is
 * @fpy/domain mergeMaskedSecrets). TLS settings count: turning TLS or certificate checks off would hand a kept
 * password to whoever sits on the way.
 */
export const SECRET_DESTINATIONS: Record<ProviderKind, SecretDestinations> = {
  smtp: { pass: ['host', 'port', 'user', 'secure', 'rejectUnauthorized'] },
  aliyun: { accessKeySecret: ['accessKeyId', 'endpoint', 'protocol', 'regionId'] },
  tencent: { secretKey: ['secretId', 'endpoint', 'protocol', 'region'] },
  sandbox: {},
};

/**
 * The config field naming where each kind connects (a host, or an SDK endpoint host[:port]): checked by the
 * server's outbound guard when saved and on every connection.
 */
export const DESTINATION_HOST_FIELD: Record<ProviderKind, string | null> = {
  smtp: 'host',
  aliyun: 'endpoint',
  tencent: 'endpoint',
  sandbox: null,
};

/** The secret fields of each kind's config. */
export const SECRET_FIELDS = Object.fromEntries(
  Object.entries(SECRET_DESTINATIONS).map(([kind, d]) => [kind, Object.keys(d)]),
) as unknown as Record<ProviderKind, readonly string[]>;

const required = (max: number, label: string) => text(max, label).min(1, `请输入${label}`);
/** A secret as typed; blank or SECRET_MASK means "keep the stored one" (the server then requires one). */
const secret = (label: string) => text(255, label).default('');
const emailAddress = (label: string) =>
  z.string().trim().max(128, `${label}不能超过128个字符`).email(`${label}格式不正确`);
/** A host name or host:port, no scheme, no path: what the SDKs take as their endpoint. */
const endpoint = (label: string, fallback: string) =>
  z
    .string()
    .trim()
    .max(255, `${label}不能超过255个字符`)
    .regex(/^[A-Za-z0-9.-]+(:\d{1,5})?$/, `${label}应为域名或 域名:端口，不含 http:// 与路径`)
    .default(fallback);
const protocol = z.enum(['https', 'http'], { error: '协议只能是 https 或 http' }).default('https');

export const smtpConfig = z.object({
  host: required(255, 'SMTP服务器'),
  port: z.coerce
    .number({ error: '端口须为1–65535的整数' })
    .int('端口须为1–65535的整数')
    .min(1, '端口须为1–65535的整数')
    .max(65535, '端口须为1–65535的整数'),
  /** TLS from the first byte (465); false = plain connection upgraded by STARTTLS when offered (25/587). */
  secure: z.boolean().default(false),
  /** Refuse a server certificate that does not verify (off only for a private relay with its own CA). */
  rejectUnauthorized: z.boolean().default(true),
  user: blankText(128, '用户名'),
  pass: secret('密码'),
  from: emailAddress('发件人地址'),
  fromName: blankText(64, '发件人名称'),
  /**
   * Where bounces and delivery status notifications go (the envelope sender, Return-Path); blank = `from`.
   * A mailbox whose messages the MTA pipes to the account's bounce endpoint (`receiptPath`).
   */
  bounceAddress: z
    .union([z.literal(''), emailAddress('退信地址')])
    .nullish()
    .transform((v) => v || null),
  /** VERP: the envelope sender becomes `local+<message tag>@domain` of the bounce address, per message. */
  verp: z.boolean().default(false),
});
export type SmtpConfig = z.infer<typeof smtpConfig>;

/**
 * What an SMS is for. 阿里云 and 腾讯云 only send approved templates, so an account names one template per scene;
 * a message names its scene and the adapter takes that scene's template when the message gives no explicit
 * template code. invoice_delivery falls back to the account's default template; the others do not (a
 * verification code sent with the invoice template would read wrong).
 */
export const smsScenes = ['invoice_delivery', 'verify_code', 'notice'] as const;
export type SmsScene = (typeof smsScenes)[number];
/** The config field holding each scene's template (flat keys: the provider row's config stays flat). */
export const SCENE_TEMPLATE_FIELD = {
  invoice_delivery: 'invoiceTemplate',
  verify_code: 'verifyCodeTemplate',
  notice: 'noticeTemplate',
} as const satisfies Record<SmsScene, string>;

const sceneTemplates = (max: number) => ({
  /** 发票交付 (variables: buyerName, sellerName, invoiceNumber, amount, issueDate, link). */
  invoiceTemplate: blankText(max, '发票交付模板'),
  /** 验证码 (variable: code). */
  verifyCodeTemplate: blankText(max, '验证码模板'),
  /** 通知 (no variables). */
  noticeTemplate: blankText(max, '通知模板'),
});

export const aliyunConfig = z.object({
  accessKeyId: required(128, 'AccessKey ID'),
  accessKeySecret: secret('AccessKey Secret'),
  signName: required(64, '短信签名'),
  /** The approved template used when the message names none (SMS_xxxxxxxx). */
  templateCode: blankText(64, '默认模板编号'),
  ...sceneTemplates(64),
  endpoint: endpoint('接入地址', 'dysmsapi.aliyuncs.com'),
  protocol,
  regionId: text(64, '地域').default('cn-hangzhou'),
});
export type AliyunConfig = z.infer<typeof aliyunConfig>;

export const tencentConfig = z.object({
  secretId: required(128, 'SecretId'),
  secretKey: secret('SecretKey'),
  sdkAppId: z
    .string()
    .trim()
    .regex(/^\d{1,20}$/, 'SdkAppId须为数字'),
  signName: required(64, '短信签名'),
  /** The approved template id used when the message names none. */
  templateId: blankText(32, '默认模板ID'),
  ...sceneTemplates(32),
  endpoint: endpoint('接入地址', 'sms.tencentcloudapi.com'),
  protocol,
  region: text(64, '地域').default('ap-guangzhou'),
});
export type TencentConfig = z.infer<typeof tencentConfig>;

export const sandboxConfig = z.object({});

export const CONFIG_OF_KIND = {
  smtp: smtpConfig,
  aliyun: aliyunConfig,
  tencent: tencentConfig,
  sandbox: sandboxConfig,
} as const;

const common = {
  name: required(64, '名称'),
  /** Lower first; the tenant's own accounts always come before the platform's. */
  priority: z.coerce
    .number({ error: '优先级须为0–999的整数' })
    .int('优先级须为0–999的整数')
    .min(0, '优先级须为0–999的整数')
    .max(999, '优先级须为0–999的整数')
    .default(10),
  /** Share of traffic among accounts of the same priority. */
  weight: z.coerce
    .number({ error: '权重须为1–100的整数' })
    .int('权重须为1–100的整数')
    .min(1, '权重须为1–100的整数')
    .max(100, '权重须为1–100的整数')
    .default(1),
  enabled: z.boolean().default(true),
  remark: blankText(255, '备注'),
};

/** Create or replace one account: its kind's config, validated by kind. */
export const providerBody = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('smtp'), config: smtpConfig, ...common }),
    z.object({ kind: z.literal('aliyun'), config: aliyunConfig, ...common }),
    z.object({ kind: z.literal('tencent'), config: tencentConfig, ...common }),
    z.object({ kind: z.literal('sandbox'), config: sandboxConfig.default({}), ...common }),
  ],
  { error: '服务商类型只能是 smtp、aliyun、tencent 或 sandbox' },
);
export type ProviderBody = z.infer<typeof providerBody>;
export type ProviderBodyInput = z.input<typeof providerBody>;

export const providerRow = z.object({
  id: z.number().int(),
  tenantId: z.number().int().nullable(),
  channel: z.enum(messageChannels),
  kind: z.enum(providerKinds),
  name: z.string(),
  priority: z.number().int(),
  weight: z.number().int(),
  enabled: z.boolean(),
  remark: z.string().nullable(),
  /** The kind's settings, secrets replaced by SECRET_MASK. */
  config: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  /**
   * Where the provider pushes delivery receipts (状态报告): a path on this server carrying the account's own
   * token, to be prefixed with the public address and entered in the provider's console. For SMTP: the bounce
   * endpoint the MTA of the bounce address pipes bounces and DSNs to (raw message as the body).
   */
  receiptPath: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProviderRow = z.infer<typeof providerRow>;

export const providerTestBody = z.object({
  /** A mobile (SMS) or an e-mail address (e-mail); checked against the channel by the server. */
  to: text(128, '接收人').min(1, '请输入接收人'),
  /** SMS: the template to send instead of the account's default. */
  templateCode: blankText(64, '模板编号'),
  /** SMS: the template's variables. */
  templateParams: z
    .record(text(32, '模板变量名').min(1, '模板变量名不能为空'), text(64, '模板变量值'))
    .refine((r) => Object.keys(r).length <= 20, '模板变量最多20个')
    .default({}),
});
export type ProviderTestBody = z.input<typeof providerTestBody>;

/**
 * What one account answered to a test message: accepted with its message id, or the kind of its failure
 * (refused, timed out, authentication, TLS, recipient, blocked address …) with our own words for it in the
 * caller's language — never the remote's own text (a banner or a version would tell an internal service apart).
 */
export const providerTestReply = z.object({
  accepted: z.boolean(),
  providerMessageId: z.string().nullable(),
  /** The refusal's code (SMTP_535, ECONNECTION, isv.MOBILE_NUMBER_ILLEGAL …; OUTBOUND_BLOCKED for the guard). */
  code: z.string().nullable(),
  kind: z.enum(DELIVERY_FAILURE_KINDS).nullable(),
  message: z.string().nullable(),
  retryable: z.boolean().nullable(),
});
export type ProviderTestReply = z.infer<typeof providerTestReply>;

function providerRoutes(channel: MessageChannel, base: string, menu: string) {
  const tag = 'delivery';
  const label = channel === 'sms' ? '短信' : '邮件';
  return {
    list: defineRoute({
      method: 'GET',
      path: base,
      permission: menu,
      platformOnly: true,
      tag,
      summary: `平台${label}服务商账号列表（密钥已遮蔽）`,
      reply: z.object({ rows: z.array(providerRow), total: z.number().int() }),
    }),
    create: defineRoute({
      method: 'POST',
      path: base,
      permission: `${menu}:btn_add`,
      platformOnly: true,
      tag,
      summary: `新增平台${label}服务商账号`,
      body: providerBody,
      reply: providerRow,
    }),
    update: defineRoute({
      method: 'PUT',
      path: `${base}/{id}`,
      permission: `${menu}:btn_edit`,
      platformOnly: true,
      tag,
      summary: `修改${label}服务商账号（密钥回传 ${SECRET_MASK} 或留空则保持不变）`,
      params: idParams,
      body: providerBody,
      reply: providerRow,
    }),
    setStatus: defineRoute({
      method: 'PUT',
      path: `${base}/{id}/status`,
      permission: `${menu}:btn_enable`,
      platformOnly: true,
      tag,
      summary: `启用或停用${label}服务商账号`,
      params: idParams,
      body: z.object({ enabled: z.boolean({ error: '请选择启用或停用' }) }),
      reply: providerRow,
    }),
    remove: defineRoute({
      method: 'DELETE',
      path: `${base}/{id}`,
      permission: `${menu}:btn_del`,
      platformOnly: true,
      tag,
      summary: `删除${label}服务商账号`,
      params: idParams,
      reply: okReply,
    }),
    test: defineRoute({
      method: 'POST',
      path: `${base}/{id}/test`,
      permission: `${menu}:btn_test`,
      platformOnly: true,
      tag,
      summary: `用该${label}账号发送一条测试消息（不经故障转移），返回服务商的受理结果或拒绝码`,
      params: idParams,
      body: providerTestBody,
      reply: providerTestReply,
    }),
  };
}

export const smsProviderRoutes = providerRoutes('sms', '/api/admin/v1/smsProviders', 'smsFacilitatorManage');
export const emailProviderRoutes = providerRoutes(
  'email',
  '/api/admin/v1/emailProviders',
  'emailFacilitatorManage',
);

// ---------------------------------------------------------------------------------------------------------
// Pushed delivery receipts (状态报告): public, verified by the account's token, rate-limited per IP.

const receiptParams = z.object({ id: idParams.shape.id });
const receiptQuery = z.object({ token: z.string().trim().min(1).max(128) });

/** 阿里云 SmsReport pushed over HTTP: a JSON array of reports. */
export const aliyunSmsReport = z.object({
  phone_number: z.string().max(32).optional(),
  send_time: z.string().max(32).optional(),
  report_time: z.string().max(32).optional(),
  success: z.boolean(),
  err_code: z.string().max(64).optional(),
  err_msg: z.string().max(255).optional(),
  sms_size: z.string().max(8).optional(),
  biz_id: z.string().min(1).max(64),
  out_id: z.string().max(255).optional(),
});

export const pushAliyunReceipts = defineRoute({
  method: 'POST',
  path: '/api/public/v1/smsReceipts/aliyun/{id}',
  permission: 'public',
  tag: 'delivery',
  summary: '阿里云短信状态报告推送（SmsReport，HTTP批量推送；token为该账号的回执令牌）',
  params: receiptParams,
  query: receiptQuery,
  body: z.array(aliyunSmsReport).max(1000),
  bodyLimit: 512 * 1024,
  reply: z.object({ code: z.number().int(), msg: z.string() }),
});

/** 腾讯云 短信下发状态回调: a JSON array of reports. */
export const tencentSmsReport = z.object({
  user_receive_time: z.string().max(32).optional(),
  nationcode: z.string().max(8).optional(),
  mobile: z.string().max(32).optional(),
  report_status: z.enum(['SUCCESS', 'FAIL']),
  errmsg: z.string().max(64).optional(),
  description: z.string().max(255).optional(),
  sid: z.string().min(1).max(128),
});

export const pushTencentReceipts = defineRoute({
  method: 'POST',
  path: '/api/public/v1/smsReceipts/tencent/{id}',
  permission: 'public',
  tag: 'delivery',
  summary: '腾讯云短信下发状态回调（token为该账号的回执令牌）',
  params: receiptParams,
  query: receiptQuery,
  body: z.array(tencentSmsReport).max(1000),
  bodyLimit: 512 * 1024,
  reply: z.object({ result: z.number().int(), errmsg: z.string() }),
});

/** Largest bounce accepted (bytes): DSNs asked with RET=HDRS are a few KB; classic bounces may quote more. */
export const MAIL_BOUNCE_MAX_BYTES = 4 * 1024 * 1024;

/**
 * Bounces and delivery status notifications (RFC 3464) of an SMTP account, piped by the bounce mailbox's MTA:
 * the body is the raw RFC 822 message (Content-Type message/rfc822 or text/plain). The answer counts the
 * receipts read from it (delivered or failed; delayed ones are only noted).
 */
export const pushMailBounce = defineRoute({
  method: 'POST',
  path: '/api/public/v1/mailBounces/{id}',
  permission: 'public',
  tag: 'delivery',
  summary:
    '邮件退信与投递状态通知（DSN）推送：请求体为原始邮件（Content-Type: message/rfc822），token为该邮件账号的回执令牌',
  params: receiptParams,
  query: receiptQuery,
  body: z.string().min(1).max(MAIL_BOUNCE_MAX_BYTES),
  bodyLimit: MAIL_BOUNCE_MAX_BYTES,
  reply: z.object({ ok: z.literal(true), receipts: z.number().int() }),
});

// ---------------------------------------------------------------------------------------------------------
// 企业邮箱 (spec §7 POST /api/admin/v1/parameterSetting/enterpriseMail): the tenant's own SMTP account, tried
// before the platform's for that tenant's e-mail. The form lives on /invoicePlat/zzsdzfp.

export const enterpriseMailBody = smtpConfig.extend({
  /** Off keeps the settings but sends through the platform's accounts again. */
  enabled: z.boolean().default(true),
});
export type EnterpriseMailBody = z.input<typeof enterpriseMailBody>;

export const enterpriseMailReply = z.object({
  /** False when the tenant has never saved a mailbox (the other fields then hold defaults). */
  configured: z.boolean(),
  enabled: z.boolean(),
  host: z.string(),
  port: z.number().int(),
  secure: z.boolean(),
  rejectUnauthorized: z.boolean(),
  user: z.string().nullable(),
  /** SECRET_MASK when a password is stored, '' otherwise. */
  pass: z.string(),
  from: z.string(),
  fromName: z.string().nullable(),
  bounceAddress: z.string().nullable(),
  verp: z.boolean(),
  /** The mailbox's bounce endpoint (path with its token; prefix the public address), null before the first save. */
  bouncePath: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type EnterpriseMailReply = z.infer<typeof enterpriseMailReply>;

export const ENTERPRISE_MAIL_PATH = '/api/admin/v1/parameterSetting/enterpriseMail';

export const getEnterpriseMail = defineRoute({
  method: 'GET',
  path: ENTERPRISE_MAIL_PATH,
  permission: 'zzsdzfp',
  tag: 'delivery',
  summary: '查看本企业的企业邮箱（SMTP）设置，密码已遮蔽',
  reply: enterpriseMailReply,
});

export const saveEnterpriseMail = defineRoute({
  method: 'POST',
  path: ENTERPRISE_MAIL_PATH,
  permission: 'zzsdzfp:btn_mail',
  tag: 'delivery',
  summary: `保存本企业的企业邮箱（SMTP）；密码回传 ${SECRET_MASK} 或留空则保持不变`,
  body: enterpriseMailBody,
  reply: enterpriseMailReply,
});

export const testEnterpriseMail = defineRoute({
  method: 'POST',
  path: `${ENTERPRISE_MAIL_PATH}/test`,
  permission: 'zzsdzfp:btn_mail',
  tag: 'delivery',
  summary: '用已保存的企业邮箱发送一封测试邮件，返回SMTP服务器的受理结果或拒绝码',
  body: z.object({ to: z.string().trim().max(128, '收件人不能超过128个字符').email('收件人邮箱格式不正确') }),
  reply: providerTestReply,
});
