import type { MessageText } from '../text.ts';

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
  // The kind of a failed send (@fpy/domain classifyDeliveryFailure): a test send answers with it, a record shows
  // it with the raw detail behind. Never the remote's own words.
  FAILURE_BLOCKED: {
    zh: '目标地址属于内网、本机或保留地址，已拒绝连接',
    en: 'The address is internal, loopback or reserved; the connection was refused',
  },
  FAILURE_DNS: { zh: '服务器地址无法解析', en: 'The server name does not resolve' },
  FAILURE_REFUSED: {
    zh: '服务器拒绝连接或无法连通',
    en: 'The server refused the connection or could not be reached',
  },
  FAILURE_TIMEOUT: { zh: '连接服务器超时', en: 'The server did not answer in time' },
  FAILURE_TLS: {
    zh: 'SSL/TLS 设置与服务器不符或证书无效，请检查端口与 SSL 开关',
    en: 'SSL/TLS does not match the server or its certificate is invalid; check the port and the SSL switch',
  },
  FAILURE_AUTH: {
    zh: '用户名、密码或密钥验证失败',
    en: 'The user name, password or key was refused',
  },
  FAILURE_RECIPIENT: { zh: '收件人被拒收或不存在', en: 'The recipient was refused or does not exist' },
  FAILURE_REJECTED: { zh: '消息内容被拒收', en: 'The message was refused' },
  FAILURE_ACCOUNT: {
    zh: '账号无法发送（签名、模板、余额或发件人未获准）',
    en: 'The account cannot send (signature, template, balance or sender not approved)',
  },
  FAILURE_BUSY: {
    zh: '服务商繁忙或限流，请稍后再试',
    en: 'The provider is busy or throttling; try again later',
  },
  FAILURE_OTHER: { zh: '发送失败', en: 'The send failed' },
  'NOT_FOUND.provider': { zh: '服务商账号不存在', en: 'The provider account does not exist' },
  PROVIDER_KIND_MISMATCH: {
    zh: '{channel}服务商不能选择类型 {kind}',
    en: 'A provider of {channel} cannot be of kind {kind}',
  },
  PROVIDER_SECRET_REQUIRED: {
    zh: '请输入{field}（字段 {key}）',
    en: 'Enter the {field} (field {key})',
  },
  SECRET_DESTINATION_CHANGED: {
    zh: '目的地址已更改，请重新输入{field}（字段 {key}）',
    en: 'The destination changed; enter the {field} again (field {key})',
  },
  OUTBOUND_BLOCKED: {
    zh: '“{host}”指向内网、本机或保留地址，不能连接（字段 {key}）',
    en: '“{host}” points to an internal, loopback or reserved address and cannot be connected to (field {key})',
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
