import type { MessageText } from './text.ts';

/**
 * SMS and e-mail provider accounts (issue 14 §1): the platform's provider pages and a tenant's 企业邮箱. Field
 * formats are worded by the contracts' schemas (delivery/providers.ts); these are the rules beyond them.
 */
export const deliveryProviderMessages = {
  // Our own refusals while sending (their code lands on the delivery record with the Chinese text).
  TIMEOUT: { zh: '服务商{ms}毫秒内未应答', en: 'The provider did not answer within {ms} ms' },
  CHANNEL_UNSUPPORTED: { zh: '该服务商不支持此渠道', en: 'This provider does not serve this channel' },
  'CHANNEL_UNSUPPORTED.email': { zh: '该服务商不能发送邮件', en: 'This provider cannot send e-mail' },
  'CHANNEL_UNSUPPORTED.sms': { zh: '该服务商不能发送短信', en: 'This provider cannot send SMS' },
  NO_PROVIDER: { zh: '没有启用的服务商账号', en: 'No provider account is enabled' },
  TENCENT_ERROR: { zh: '服务商未返回发送状态', en: 'The provider returned no send status' },
  TEMPLATE_REQUIRED: {
    zh: '该账号未配置“{scene}”短信模板，也没有可用的默认模板',
    en: 'This account has no SMS template for “{scene}” and no default template',
  },
  'NOT_FOUND.provider': { zh: '服务商账号不存在', en: 'The provider account does not exist' },
  PROVIDER_KIND_MISMATCH: {
    zh: '{channel}服务商不能选择类型 {kind}',
    en: 'A provider of {channel} cannot be of kind {kind}',
  },
  PROVIDER_SECRET_REQUIRED: {
    zh: '请输入{field}（字段 config.{key}）',
    en: 'Enter the {field} (field config.{key})',
  },
  PROVIDER_TEST_RECIPIENT: {
    zh: '{problem}（字段 to）',
    en: '{problem} (field to)',
  },
  'TENANT_REQUIRED.enterprise_mail': {
    zh: '企业邮箱属于企业，请使用企业账号设置',
    en: 'A company mailbox belongs to a company; set it with a company account',
  },
  ENTERPRISE_MAIL_NOT_SET: {
    zh: '尚未保存企业邮箱，请先保存再测试',
    en: 'No company mailbox has been saved yet; save it before testing',
  },
} as const satisfies Record<string, MessageText>;
