import { z } from 'zod';
import { idSchema, idWith, text } from '../common.ts';
import { defineRoute } from '../route.ts';
import { OPEN_GROUPS } from './spec.ts';
import { WEBHOOK_EVENTS } from './webhooks.ts';

/**
 * Issue 32, lane CONSOLE: the field schemas of the open platform's management pages (the declared resources in
 * packages/resources defs/open-platform read them) and the routes beside the generic ones: an app's or an OAuth
 * client's secret, made by the server and answered exactly once (create, reset); an app's interface groups; the
 * pickers the forms use. Server: modules/open-platform/console (README there).
 */
const TAG = 'open-platform-console';

export const OPEN_STATES = ['enabled', 'disabled'] as const;
export const openState = z.enum(OPEN_STATES, { error: '状态须为启用或停用' });
export const openGroupCode = z.enum(OPEN_GROUPS, { error: '接口分组不存在' });

/** Most entries of an app's IP whitelist (issue 32 §1). */
export const MAX_IP_WHITELIST = 20;

/** One whitelist entry: an IPv4/IPv6 address or a CIDR range. */
const cidr = z
  .string()
  .trim()
  .max(64, 'IP白名单的每一项不能超过64个字符')
  .refine(
    (s) => [z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()].some((f) => f.safeParse(s).success),
    'IP白名单须为IP地址或CIDR网段（如 203.0.113.0/24）',
  );
export const ipWhitelist = z
  .array(cidr, { error: 'IP白名单须为IP地址列表' })
  .max(MAX_IP_WHITELIST, `IP白名单最多${MAX_IP_WHITELIST}项`)
  .refine((l) => new Set(l).size === l.length, 'IP白名单有重复项');

/**
 * An http(s) address a server may receive at (a callback, a redirect). Whether the host may be reached is the
 * server's outbound guard's to say, when the form is saved.
 */
export const httpUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(500, `${label}不能超过500个字符`)
    .refine((s) => {
      try {
        const u = new URL(s);
        return (u.protocol === 'https:' || u.protocol === 'http:') && !!u.hostname && !u.username;
      } catch {
        return false;
      }
    }, `${label}须为 http(s):// 开头的完整地址`);

/** A blank callback means none: '' and null become null. */
export const callbackUrl = httpUrl('回调地址')
  .nullish()
  .or(z.literal(''))
  .transform((v) => v || null);

const phone = z
  .string()
  .trim()
  .regex(/^[0-9+\-() ]{5,20}$/, '联系电话格式不正确')
  .nullish()
  .or(z.literal(''))
  .transform((v) => v || null);
const email = z
  .email('邮箱格式不正确')
  .max(120, '邮箱不能超过120个字符')
  .nullish()
  .or(z.literal(''))
  .transform((v) => v || null);
const remark = text(200, '备注')
  .nullish()
  .transform((v) => v || null);

// ---------------------------------------------------------------------------------------------------------
// 开发者权限管理 (developerRightsManager): developers and their apps

export const OPEN_DEVELOPER_KINDS = ['enterprise', 'isv'] as const;
export const openDeveloperInput = z.object({
  name: text(80, '开发者名称').min(1, '请填写开发者名称'),
  kind: z.enum(OPEN_DEVELOPER_KINDS, { error: '开发者类型须为企业自建或服务商(ISV)' }),
  tenantId: idSchema.nullish(),
  contact: text(40, '联系人')
    .nullish()
    .transform((v) => v || null),
  phone,
  email,
  state: openState,
  remark,
});

export const openAppInput = z.object({
  developerId: idWith('请选择开发者'),
  name: text(80, '应用名称').min(1, '请填写应用名称'),
  ipWhitelist: ipWhitelist.default([]),
  callbackUrl,
  webhookEvents: z
    .array(z.enum(WEBHOOK_EVENTS, { error: '回调事件不存在' }))
    .max(WEBHOOK_EVENTS.length, '回调事件有重复项')
    .refine((l) => new Set(l).size === l.length, '回调事件有重复项')
    .default([]),
  state: openState.default('enabled'),
  remark,
});

/** A secret as it is shown the one time: the app key or client id beside it. */
export const secretOnce = z.object({
  id: z.number().int(),
  key: z.string(),
  secret: z.string(),
});

export const createOpenApp = defineRoute({
  method: 'POST',
  path: '/api/admin/open-platform/apps',
  permission: 'developerRightsManager:btn_add',
  platformOnly: true,
  tag: TAG,
  summary: '开发者权限管理：新建应用。答复 appKey 与密钥，密钥仅此一次显示（库中只存密文）',
  body: openAppInput,
  reply: secretOnce,
});

export const resetOpenAppSecret = defineRoute({
  method: 'POST',
  path: '/api/admin/open-platform/apps/{id}/reset-secret',
  permission: 'developerRightsManager:btn_resetSecret',
  platformOnly: true,
  tag: TAG,
  summary: '开发者权限管理：重置应用密钥。新密钥仅此一次显示，旧密钥立即失效',
  params: z.object({ id: idSchema }),
  reply: secretOnce,
});

export const openAppGroups = z.object({
  groups: z
    .array(openGroupCode, { error: '请选择接口分组' })
    .max(OPEN_GROUPS.length, '接口分组有重复项')
    .refine((l) => new Set(l).size === l.length, '接口分组有重复项'),
});

export const getOpenAppGroups = defineRoute({
  method: 'GET',
  path: '/api/admin/open-platform/apps/{id}/groups',
  permission: 'developerRightsManager',
  platformOnly: true,
  tag: TAG,
  summary: '开发者权限管理：应用可调用的接口分组',
  params: z.object({ id: idSchema }),
  reply: openAppGroups,
});

export const setOpenAppGroups = defineRoute({
  method: 'PUT',
  path: '/api/admin/open-platform/apps/{id}/groups',
  permission: 'developerRightsManager:btn_grant',
  platformOnly: true,
  tag: TAG,
  summary: '开发者权限管理：设置应用可调用的接口分组（整体替换）',
  params: z.object({ id: idSchema }),
  body: openAppGroups,
  reply: openAppGroups,
});

/** A picker's option: id and name (developers, apps). */
export const openOption = z.object({ id: z.number().int(), name: z.string() });

export const listOpenDeveloperOptions = defineRoute({
  method: 'GET',
  path: '/api/admin/open-platform/developer-options',
  permission: ['developerRightsManager:btn_add', 'developerRightsManager:btn_edit'],
  platformOnly: true,
  tag: TAG,
  summary: '开发者权限管理：选择开发者（名称包含关键字，最多50个）',
  query: z.object({ keyword: text(100, '关键字').optional() }),
  reply: z.array(openOption),
});

/** The ISV apps an enterprise may authorise (enabled, of an enabled ISV developer). */
export const listLicensableApps = defineRoute({
  method: 'GET',
  path: '/api/admin/open-platform/licensable-apps',
  permission: [
    'softwareInterface:btn_add',
    'enterpriseLicense:btn_add',
    'enterpriseRateLimit:btn_add',
    'enterpriseRateLimit:btn_edit',
    'authCode:btn_add',
    'authCode:btn_edit',
    'deviceBinding:btn_add',
    'deviceBinding:btn_edit',
  ],
  tag: TAG,
  summary:
    '选择应用：企业授权时为启用的服务商应用；平台页面（all=1，仅平台账号）为全部应用。名称包含关键字，最多50个',
  query: z.object({ keyword: text(100, '关键字').optional(), all: z.enum(['1']).optional() }),
  reply: z.array(openOption.extend({ developer: z.string() })),
});

/** Companies for the forms that name one (licences, limits, codes, devices, enterprise developers). */
export const listOpenTenantOptions = defineRoute({
  method: 'GET',
  path: '/api/admin/open-platform/tenant-options',
  permission: [
    'developerRightsManager:btn_add',
    'developerRightsManager:btn_edit',
    'enterpriseLicense:btn_add',
    'enterpriseRateLimit:btn_add',
    'enterpriseRateLimit:btn_edit',
    'authCode:btn_add',
    'authCode:btn_edit',
    'deviceBinding:btn_add',
  ],
  platformOnly: true,
  tag: TAG,
  summary: '开放平台：选择企业（名称或税号包含关键字，最多50个）',
  query: z.object({ keyword: text(100, '关键字').optional() }),
  reply: z.array(openOption),
});

// ---------------------------------------------------------------------------------------------------------
// 接口分组 (interfaceGroup), 平台接口 (platformInterface)

export const openInterfaceGroupInput = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9-]{1,39}$/, '分组编码须为2–40位小写字母、数字或连字符，以字母开头'),
  nameZh: text(40, '中文名称').min(1, '请填写中文名称'),
  nameEn: text(80, '英文名称').min(1, '请填写英文名称'),
  descriptionZh: remark,
  descriptionEn: remark,
  state: openState,
  sort: z.coerce.number().int('排序须为整数').min(0, '排序不能为负数').max(9999, '排序不能超过9999'),
});

export const openInterfaceInput = z.object({ state: openState });

// ---------------------------------------------------------------------------------------------------------
// 企业授权 (enterpriseLicense, platform) and 软件接口授权 (softwareInterface, the enterprise's own)

/** A day or an instant; read as China time; a bare day lasts to its end. Blank: no expiry. */
const CHINA = '+08:00';
export const expiryInstant = z
  .string()
  .trim()
  .max(40)
  .transform((s, ctx) => {
    let iso = s;
    if (/^\d{4}-\d{2}-\d{2}$/.test(s)) iso = `${s}T23:59:59${CHINA}`;
    else if (/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/.test(s)) iso = `${s.replace(' ', 'T')}${CHINA}`;
    const d = new Date(iso);
    const year = d.getUTCFullYear();
    if (Number.isNaN(d.getTime()) || year < 2000 || year > 2100) {
      ctx.addIssue({ code: 'custom', message: '到期时间格式不正确，应为 YYYY-MM-DD HH:mm:ss' });
      return z.NEVER;
    }
    return d;
  });
export const optionalExpiry = expiryInstant
  .nullish()
  .or(z.literal('').transform(() => null))
  .transform((v) => v ?? null);

export const openLicenseScopes = z
  .array(openGroupCode, { error: '请选择授权范围' })
  .min(1, '请至少选择一个授权范围')
  .max(OPEN_GROUPS.length, '授权范围有重复项')
  .refine((l) => new Set(l).size === l.length, '授权范围有重复项');

export const openLicenseInput = z.object({
  appId: idWith('请选择应用'),
  scopes: openLicenseScopes,
  expiresAt: optionalExpiry,
  remark,
});

// ---------------------------------------------------------------------------------------------------------
// 企业限流 (enterpriseRateLimit)

export const OPEN_LIMIT_SCOPES = ['app', 'enterprise', 'api'] as const;
export const openRateLimitInput = z.object({
  scope: z.enum(OPEN_LIMIT_SCOPES, { error: '限流维度须为应用、企业或接口' }),
  appId: idSchema.nullish(),
  tenantId: idSchema.nullish(),
  operation: z
    .string()
    .trim()
    .regex(/^[a-z][a-zA-Z0-9_.-]{1,79}$/, '接口编码格式不正确')
    .nullish()
    .or(z.literal(''))
    .transform((v) => v || null),
  points: z.coerce
    .number({ error: '次数须为整数' })
    .int('次数须为整数')
    .min(1, '次数至少为1')
    .max(1_000_000, '次数不能超过1000000'),
  windowSeconds: z.coerce
    .number({ error: '时间窗须为整数秒' })
    .int('时间窗须为整数秒')
    .min(1, '时间窗至少1秒')
    .max(86_400, '时间窗不能超过86400秒'),
  state: openState,
  remark,
});

/** The open APIs a limit may name (the registry), for the form's picker. */
export const listOpenOperationOptions = defineRoute({
  method: 'GET',
  path: '/api/admin/open-platform/operation-options',
  permission: ['enterpriseRateLimit:btn_add', 'enterpriseRateLimit:btn_edit'],
  platformOnly: true,
  tag: TAG,
  summary: '企业限流：选择接口（接口编码与名称）',
  reply: z.array(z.object({ operation: z.string(), name: z.string(), groupCode: z.string() })),
});

// ---------------------------------------------------------------------------------------------------------
// OAuth 客户端 (oauthClientDetailsManager), 授权码 (authCode), 设备绑定 (deviceBinding)

export const OAUTH_GRANT_TYPES = [
  'password',
  'client_credentials',
  'authorization_code',
  'refresh_token',
] as const;
/** The console's own client: it cannot be switched off or lose the password grant (nobody could log in). */
export const CONSOLE_CLIENT_ID = 'webApp';

/** Comma-separated values, each checked, kept in the order given without repeats. */
const commaList = (label: string, item: z.ZodType<string>, max: number) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .max(2000, `${label}过长`)
    .transform((s, ctx) => {
      const items = [
        ...new Set(
          s
            .split(/[,\s]+/)
            .map((x) => x.trim())
            .filter(Boolean),
        ),
      ];
      if (items.length > max) {
        ctx.addIssue({ code: 'custom', message: `${label}最多${max}项` });
        return z.NEVER;
      }
      for (const x of items) {
        const r = item.safeParse(x);
        if (!r.success) {
          ctx.addIssue({ code: 'custom', message: r.error.issues[0].message });
          return z.NEVER;
        }
      }
      return items.join(',');
    });

export const oauthClientInput = z.object({
  clientId: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_-]{2,63}$/, '客户端ID须为3–64位字母、数字、下划线或连字符，以字母开头'),
  name: text(60, '客户端名称').min(1, '请填写客户端名称'),
  grantTypes: commaList(
    '授权类型',
    z.enum(OAUTH_GRANT_TYPES, {
      error: '授权类型须为 password、client_credentials、authorization_code 或 refresh_token',
    }),
    OAUTH_GRANT_TYPES.length,
  ).refine((s) => s.length > 0, '请至少选择一种授权类型'),
  scopes: commaList(
    '授权范围',
    z
      .string()
      .regex(/^[a-z][a-z0-9_.:-]{0,39}$/, '授权范围须为小写字母开头的编码（如 all、read、invoice:write）'),
    20,
  ).refine((s) => s.length > 0, '请至少填写一个授权范围'),
  redirectUris: commaList('回调地址', httpUrl('回调地址'), 10),
  accessTokenTtl: z.coerce
    .number({ error: '访问令牌有效期须为整数秒' })
    .int('访问令牌有效期须为整数秒')
    .min(60, '访问令牌有效期至少60秒')
    .max(2_592_000, '访问令牌有效期不能超过2592000秒（30天）'),
  refreshTokenTtl: z.coerce
    .number({ error: '刷新令牌有效期须为整数秒' })
    .int('刷新令牌有效期须为整数秒')
    .min(60, '刷新令牌有效期至少60秒')
    .max(31_536_000, '刷新令牌有效期不能超过31536000秒（365天）'),
  enabled: z.boolean({ error: '启用状态须为是或否' }),
  remark: text(200, '备注').default(''),
});

export const createOauthClient = defineRoute({
  method: 'POST',
  path: '/api/admin/auth/oauth-clients',
  permission: 'oauthClientDetailsManager:btn_add',
  platformOnly: true,
  tag: TAG,
  summary: 'OAuth 客户端：新建。答复客户端密钥，仅此一次显示（库中只存摘要）',
  body: oauthClientInput,
  reply: secretOnce,
});

export const resetOauthClientSecret = defineRoute({
  method: 'POST',
  path: '/api/admin/auth/oauth-clients/{id}/reset-secret',
  permission: 'oauthClientDetailsManager:btn_resetSecret',
  platformOnly: true,
  tag: TAG,
  summary: 'OAuth 客户端：重置密钥。新密钥仅此一次显示，旧密钥立即失效',
  params: z.object({ id: idSchema }),
  reply: secretOnce,
});

export const authCodeInput = z.object({
  tenantId: idSchema.nullish(),
  appId: idSchema.nullish(),
  product: openGroupCode,
  expiresAt: expiryInstant,
  maxUses: z.coerce
    .number({ error: '可用次数须为整数' })
    .int('可用次数须为整数')
    .min(1, '可用次数至少为1')
    .max(100_000, '可用次数不能超过100000'),
  state: openState,
  remark: text(200, '备注').default(''),
});

export const DEVICE_TYPES = ['tax-ukey', 'tax-disk', 'printer', 'pos', 'scanner', 'kiosk'] as const;
export const DEVICE_BINDING_STATES = ['bound', 'unbound'] as const;
export const deviceBindingInput = z.object({
  deviceSerial: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{4,40}$/, '设备序列号须为4–40位字母、数字、下划线或连字符'),
  deviceType: z.enum(DEVICE_TYPES, { error: '设备类型不存在' }),
  deviceName: text(60, '设备名称').default(''),
  appId: idSchema.nullish(),
  clientId: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_-]{2,63}$/, '客户端ID格式不正确')
    .nullish()
    .or(z.literal(''))
    .transform((v) => v || null),
  remark: text(200, '备注').default(''),
});
