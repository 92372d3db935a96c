import type { MessageText } from '../text.ts';

/**
 * Delivery of invoices to buyers (issue 14 §2): refusals of the send verbs, and the codes a delivery record ends
 * with when a control or the quota stopped it before any provider was called (error_message is the Chinese).
 */
export const deliveryDispatchMessages = {
  'NOT_FOUND.delivery': { zh: '交付记录不存在', en: 'The delivery does not exist' },
  'NOT_FOUND.delivery_task': {
    zh: '批量交付任务不存在或已过期',
    en: 'The bulk delivery task does not exist or has expired',
  },
  DELIVERY_INVOICE_NOT_ISSUED: {
    zh: '发票尚未开具（当前状态：{status}），不能交付',
    en: 'The invoice has not been issued (now {status}) and cannot be delivered',
  },
  'DELIVERY_NO_RECIPIENT.email': {
    zh: '购买方没有邮箱，请填写收件邮箱',
    en: 'The buyer has no e-mail address; please enter one',
  },
  'DELIVERY_NO_RECIPIENT.sms': {
    zh: '购买方没有手机号码，请填写手机号码',
    en: 'The buyer has no mobile number; please enter one',
  },
  'DELIVERY_RECIPIENT_INVALID.email': {
    zh: '收件邮箱格式不正确：{value}（字段 recipient）',
    en: 'The e-mail address is not valid: {value} (field recipient)',
  },
  'DELIVERY_RECIPIENT_INVALID.sms': {
    zh: '手机号码格式不正确，须为11位中国大陆手机号：{value}（字段 recipient）',
    en: 'The mobile number must be an 11-digit mainland China number: {value} (field recipient)',
  },
  DELIVERY_IN_PROGRESS: {
    zh: '该交付正在发送或等待重试，请稍后再重发',
    en: 'This delivery is still being sent or waiting to retry; resend it later',
  },
  DELIVERY_BATCH_BUYERS_DIFFER: {
    zh: '批量短信链接只能包含同一购买方的发票',
    en: 'A batch SMS link can only hold invoices of one buyer',
  },
  // Codes a delivery record ends with (stored on the record, shown in the history and the SMS/e-mail records).
  SMS_QUOTA_EXHAUSTED: {
    zh: '短信余量不足（需要{units}条），请联系平台充值',
    en: 'Not enough SMS balance ({units} needed); please ask the platform to recharge',
  },
  SMS_BLACKLISTED: {
    zh: '手机号码在短信黑名单中，未发送',
    en: 'The mobile number is on the SMS blacklist; nothing was sent',
  },
  SMS_RATE_LIMITED: {
    zh: '超过短信发送频率限制（{limit}），未发送',
    en: 'The SMS frequency limit was reached ({limit}); nothing was sent',
  },
  DELIVERY_ATTACHMENTS_LINKED: {
    zh: '附件共{size}KB，超过{max}KB，改为在邮件中发送下载链接',
    en: 'The attachments ({size} KB) exceed {max} KB; the e-mail carries the download link instead',
  },
  DELIVERY_NO_PROVIDER: {
    zh: '没有可用的{channel}服务商',
    en: 'No {channel} provider is available',
  },
  DELIVERY_DEAD: {
    zh: '重试{attempts}次后仍未发送成功：{reason}',
    en: 'Not sent after {attempts} attempts: {reason}',
  },
  SMS_LOW_BALANCE: {
    zh: '短信余量仅剩{balance}条，低于预警值{warnBelow}条',
    en: 'Only {balance} SMS left, below the warning level of {warnBelow}',
  },
} as const satisfies Record<string, MessageText>;

/** The frequency limits as the SMS_RATE_LIMITED message names them. */
export const SMS_LIMIT_NAMES = {
  perNumberPerMinute: { zh: '同一号码每分钟{n}条', en: '{n} per number per minute' },
  perNumberPerHour: { zh: '同一号码每小时{n}条', en: '{n} per number per hour' },
  perNumberPerDay: { zh: '同一号码每天{n}条', en: '{n} per number per day' },
  perTenantPerDay: { zh: '本企业每天{n}条', en: '{n} per company per day' },
} as const satisfies Record<string, MessageText>;
