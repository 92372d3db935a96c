/**
 * Who an invoice is delivered to: an e-mail address or a mainland mobile number. The one rule the console's
 * send dialog, the server's verbs and the auto-delivery after issuing apply, so a number the form accepts is
 * one the server sends to.
 */
export type DeliveryChannel = 'email' | 'sms';

/** Mainland China mobile numbers: 11 digits starting 13–19. */
export const DELIVERY_MOBILE_RE = /^1[3-9]\d{9}$/;
/**
 * A practical e-mail shape (local@domain.tld): no spaces, one @, a dot in the domain, no leading/trailing or
 * doubled dots in the domain. The provider has the last word; this refuses typing mistakes.
 */
const EMAIL_RE = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
export const EMAIL_MAX_LENGTH = 128;

export const isDeliveryMobile = (v: string): boolean => DELIVERY_MOBILE_RE.test(v);
export const isDeliveryEmail = (v: string): boolean =>
  v.length <= EMAIL_MAX_LENGTH && EMAIL_RE.test(v) && !v.startsWith('.') && !v.includes('..');

/** The recipient as it is stored and compared: trimmed; e-mail addresses lower-cased. */
export function normalizeRecipient(channel: DeliveryChannel, value: string): string {
  const v = value.trim();
  return channel === 'email' ? v.toLowerCase() : v;
}

/** Why `value` cannot receive on `channel` (Chinese, naming the field), or null when it can. */
export function recipientProblem(channel: DeliveryChannel, value: string): string | null {
  const v = normalizeRecipient(channel, value);
  if (channel === 'email') return isDeliveryEmail(v) ? null : '收件邮箱格式不正确';
  return isDeliveryMobile(v) ? null : '手机号码格式不正确，须为11位中国大陆手机号';
}

/** The buyer's mobile among an invoice's phone fields (地址电话 may hold a landline): the first mobile-shaped one. */
export function mobileAmong(...values: (string | null | undefined)[]): string | null {
  for (const v of values) {
    const digits = (v ?? '').replace(/[\s-]/g, '').replace(/^\+?86/, '');
    if (isDeliveryMobile(digits)) return digits;
  }
  return null;
}
