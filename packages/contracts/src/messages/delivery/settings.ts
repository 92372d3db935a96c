import type { MessageText } from '../text.ts';

/** 开票平台设置 (/invoicePlat): company information, templates, signature, delivery settings, short links. */
export const deliverySettingsMessages = {
  'TENANT_REQUIRED.plat_settings': {
    zh: '平台账号没有开票平台设置，请以企业账号操作',
    en: 'A platform account has no invoicing platform settings; please use a company account',
  },
  TEMPLATE_UNKNOWN_VARIABLE: {
    zh: '{label}中有未知的变量：{names}（可用变量：{allowed}）',
    en: 'The {label} uses unknown variables: {names} (available: {allowed})',
  },
  TEMPLATE_SUBJECT_REQUIRED: {
    zh: '邮件模板须填写邮件主题',
    en: 'An e-mail template needs a subject',
  },
  TEMPLATE_SMS_NO_SUBJECT: {
    zh: '短信模板没有邮件主题，请清空邮件主题',
    en: 'An SMS template has no subject; please clear the subject',
  },
  TEMPLATE_SMS_NEEDS_LINK: {
    zh: '短信模板须包含下载链接（变量 link），否则购买方无法取得发票',
    en: 'An SMS template must contain the download link (variable link), or the buyer cannot get the invoice',
  },
  TEMPLATE_SMS_TOO_LONG: {
    zh: '短信内容最多 {max} 个字（按示例发票预览为 {chars} 个字）',
    en: 'An SMS may hold at most {max} characters (the sample preview has {chars})',
  },
  TEMPLATE_EMAIL_ONLY_FIELD: {
    zh: '{label}只适用于短信模板',
    en: 'The {label} applies to SMS templates only',
  },
  SHORT_LINKS_NONE: {
    zh: '所选短链接不存在或已停用',
    en: 'The selected short links do not exist or are already disabled',
  },
  'SHORT_LINKS_NONE.extend': {
    zh: '所选短链接不存在、已停用或永久有效，无需延期',
    en: 'The selected short links do not exist, are disabled or never expire; nothing to extend',
  },
  'SHORT_LINKS_NONE.expire': {
    zh: '所选短链接不存在、已停用或已过期',
    en: 'The selected short links do not exist, are disabled or have already expired',
  },
  CODE_CARD_NO_CONTACT: {
    zh: '邮箱和手机号至少要显示一项，否则无法将发票交付给购买方（字段 fields.mobile）',
    en: 'Show at least one of e-mail and mobile, or the invoice cannot reach the buyer (field fields.mobile)',
  },
  CATEGORY_CODE_INVALID: {
    zh: '分类编码只能包含字母、数字、下划线和短横线',
    en: 'A category code may contain only letters, digits, underscores and hyphens',
  },
} as const satisfies Record<string, MessageText>;
