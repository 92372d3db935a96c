import type { MessageText } from '../text.ts';

/**
 * SMS and e-mail administration (issue 14 §3): recharges, the blacklist and whitelist, frequency limits and the
 * platform's SMS settings. Validation of single fields (mobile, amounts) is worded by the contracts' schemas.
 */
export const deliveryAdminMessages = {
  SMS_TENANT_UNKNOWN: {
    zh: '企业不存在：{tenantId}',
    en: 'No such company: {tenantId}',
  },
  SMS_BALANCE_OVERFLOW: {
    zh: '充值后短信余量将超过上限 {max} 条',
    en: 'After this recharge the SMS balance would exceed the limit of {max} messages',
  },
  SMS_CONTROL_DUPLICATE: {
    zh: '手机号 {mobile} 已在{list}中',
    en: 'The mobile number {mobile} is already on the {list}',
  },
  'SMS_CONTROL_DUPLICATE.white': {
    zh: '手机号 {mobile} 已在白名单中',
    en: 'The mobile number {mobile} is already on the whitelist',
  },
  SMS_LIMIT_DUPLICATE: {
    zh: '该企业已有频率限制，请直接修改',
    en: 'This company already has its frequency limits; edit them instead',
  },
  'SMS_LIMIT_DUPLICATE.platform': {
    zh: '平台默认频率限制已存在，请直接修改',
    en: 'The platform default limits already exist; edit them instead',
  },
} as const satisfies Record<string, MessageText>;
