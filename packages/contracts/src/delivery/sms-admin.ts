import { z } from 'zod';
import {
  blankText,
  idWith,
  MAX_ID,
  nonNegativeFen,
  pagedQuery,
  pageReply,
  sortParam,
  text,
} from '../common.ts';
import { defineRoute } from '../route.ts';
import { MOBILE_RE } from '../platform/users.ts';

/**
 * SMS administration (issue 14 §3, /smsMessage): each tenant's SMS balance (smsMargin), recharges recorded by
 * platform administrators (rechargeRecord) and the platform's SMS settings (smsSystemDeploy). The plain records
 * of these pages — recharges, blacklist and whitelist, frequency limits, platform templates — are declared
 * resources in packages/resources (defs/delivery/sms-*.ts); only what is not a plain record lives here.
 */
const tag = 'sms-admin';
export const SMS_ADMIN_BASE = '/api/admin/delivery';

/** A mainland mobile number as the SMS pages take it: 11 digits, 13–19 first; the message names the field. */
export const smsMobile = z.string().trim().regex(MOBILE_RE, '手机号须为11位中国大陆手机号码（以13–19开头）');

/** The warning threshold a tenant without a balance row has (the column's default). */
export const DEFAULT_SMS_WARN_BELOW = 100;
/** No balance grows beyond this (an int4 column; a typo of a few zeros is refused, not stored). */
export const MAX_SMS_BALANCE = 1_000_000_000;
/** One recharge at most. */
export const MAX_SMS_RECHARGE = 10_000_000;

// ---------------------------------------------------------------------------------------------------------
// smsMargin: balances

export const smsMarginRow = z.object({
  tenantId: z.number().int(),
  tenantName: z.string(),
  /** Messages left. */
  balance: z.number().int(),
  /** Messages consumed so far. */
  used: z.number().int(),
  /** The tenant is warned when the balance falls below this. */
  warnBelow: z.number().int(),
  /** balance < warnBelow. */
  low: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type SmsMarginRow = z.infer<typeof smsMarginRow>;

const MARGIN_SORTS = ['tenantId', 'tenantName', 'balance', 'used', 'warnBelow'] as const;
const marginFilters = {
  /** Contains, case-insensitive (platform view). */
  tenantName: text(100, '企业名称').optional(),
  /** Only balances below their warning threshold. */
  low: z.enum(['true', 'false']).optional(),
};
export const smsMarginQuery = pagedQuery(MARGIN_SORTS).extend(marginFilters);
export const smsMarginExportQuery = z.object({ sort: sortParam(MARGIN_SORTS), ...marginFilters });

export const smsWarnBody = z.object({
  warnBelow: z
    .number({ error: '预警阈值须为整数' })
    .int('预警阈值须为整数')
    .min(0, '预警阈值不能小于0')
    .max(MAX_SMS_BALANCE, `预警阈值不能大于${MAX_SMS_BALANCE}`),
});

/** A tenant's balance: platform accounts see every tenant, a tenant's users only their own. */
export const listSmsMargins = defineRoute({
  method: 'GET',
  path: `${SMS_ADMIN_BASE}/sms-margins`,
  permission: 'smsMargin',
  tag,
  summary: '短信余量：各企业短信余量、已用条数、预警阈值（企业用户只见本企业）',
  query: smsMarginQuery,
  reply: pageReply(smsMarginRow),
});

export const exportSmsMargins = defineRoute({
  method: 'GET',
  path: `${SMS_ADMIN_BASE}/sms-margins/export`,
  permission: 'smsMargin:btn_export',
  tag,
  summary: '短信余量：导出 Excel',
  query: smsMarginExportQuery,
  produces: 'file',
});

export const updateSmsWarn = defineRoute({
  method: 'PUT',
  path: `${SMS_ADMIN_BASE}/sms-margins/{tenantId}`,
  permission: 'smsMargin:btn_edit',
  tag,
  summary: '短信余量：修改预警阈值（企业只能改本企业）',
  params: z.object({ tenantId: idWith('须为正整数ID') }),
  body: smsWarnBody,
  reply: smsMarginRow,
});

// ---------------------------------------------------------------------------------------------------------
// rechargeRecord: recording a recharge (the list is the smsRecharges resource at the same path)

export const SMS_RECHARGES_PATH = `${SMS_ADMIN_BASE}/sms-recharges`;

export const smsRechargeBody = z.object({
  tenantId: idWith('请选择充值企业'),
  /** Messages added to the balance. */
  amount: z
    .number({ error: '充值条数须为正整数' })
    .int('充值条数须为正整数')
    .min(1, '充值条数须为正整数')
    .max(MAX_SMS_RECHARGE, `单次充值条数不能超过${MAX_SMS_RECHARGE}`),
  /** What the tenant paid, integer fen; optional (a free allowance). The column is an int4. */
  paidFen: nonNegativeFen
    .max(MAX_ID, '实付金额不能超过21474836.47元')
    .nullish()
    .transform((v) => v ?? null),
  remark: blankText(200, '备注'),
});

export const smsRechargeReply = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  amount: z.number().int(),
  paidFen: z.number().int().nullable(),
  balanceAfter: z.number().int(),
  remark: z.string().nullable(),
  createdAt: z.string(),
});

export const rechargeSms = defineRoute({
  method: 'POST',
  path: SMS_RECHARGES_PATH,
  permission: 'rechargeRecord:btn_add',
  platformOnly: true,
  tag,
  summary: '充值记录：为企业充值短信条数（余量增加，记录充值后余量）',
  body: smsRechargeBody,
  reply: smsRechargeReply,
});

// ---------------------------------------------------------------------------------------------------------
// smsSystemDeploy: the platform's SMS settings (system_settings, key below)

export const SMS_PLATFORM_SETTINGS_KEY = 'delivery.smsPlatform';

export const smsPlatformSettings = z.object({
  /**
   * The default 签名 of platform messages, without 【】 (the provider adds them); a template's own signName
   * wins. Providers accept 2–12 characters.
   */
  signName: z
    .string()
    .trim()
    .min(2, '短信签名须为2–12个字符')
    .max(12, '短信签名须为2–12个字符')
    .regex(/^[\u4e00-\u9fa5A-Za-z0-9]+$/, '短信签名只能包含汉字、字母和数字（不含【】）'),
});
export type SmsPlatformSettings = z.infer<typeof smsPlatformSettings>;

export const DEFAULT_SMS_PLATFORM_SETTINGS: SmsPlatformSettings = { signName: '发票云' };

export const getSmsPlatformSettings = defineRoute({
  method: 'GET',
  path: `${SMS_ADMIN_BASE}/sms-platform-settings`,
  permission: 'smsSystemDeploy',
  platformOnly: true,
  tag,
  summary: '短信系统配置：平台默认签名等',
  reply: smsPlatformSettings,
});

export const saveSmsPlatformSettings = defineRoute({
  method: 'PUT',
  path: `${SMS_ADMIN_BASE}/sms-platform-settings`,
  permission: 'smsSystemDeploy:btn_edit',
  platformOnly: true,
  tag,
  summary: '短信系统配置：保存平台默认签名等',
  body: smsPlatformSettings,
  reply: smsPlatformSettings,
});

// ---------------------------------------------------------------------------------------------------------
// The company picker of these pages (platform accounts name the company a recharge, a limit or a whitelist
// entry is for), so a recharge does not need the tenant-management grant.

export const smsTenantOption = z.object({ id: z.number().int(), name: z.string() });

export const listSmsTenantOptions = defineRoute({
  method: 'GET',
  path: `${SMS_ADMIN_BASE}/tenant-options`,
  permission: [
    'rechargeRecord:btn_add',
    'smsControlManage:btn_add',
    'smsControlManage:btn_edit',
    'smsWhite:btn_add',
  ],
  platformOnly: true,
  tag,
  summary: '短信管理：选择企业（名称包含关键字，最多50个）',
  query: z.object({ keyword: text(100, '关键字').optional() }),
  reply: z.array(smsTenantOption),
});
