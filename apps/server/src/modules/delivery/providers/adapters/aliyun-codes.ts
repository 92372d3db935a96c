import type { RefusalScope } from '../../../../gateways/kit/index.ts';

/**
 * 阿里云短信 error codes (help.aliyun.com/document_detail/101346, "API错误码") and what each means for failover
 * (gateways/kit/refusal.ts). `message`: the number or the content is refused and another provider would refuse it too;
 * `account`: this account, its 签名 or its template cannot send; `transient`: flow control or trouble.
 */
const SCOPES: Record<string, RefusalScope> = {
  // The message itself.
  'isv.MOBILE_NUMBER_ILLEGAL': 'message',
  'isv.MOBILE_COUNT_OVER_LIMIT': 'message',
  'isv.BLACK_KEY_CONTROL_LIMIT': 'message',
  'isv.PARAM_LENGTH_LIMIT': 'message',
  'isv.SMS_CONTENT_ILLEGAL': 'message',
  'isv.DOMESTIC_NUMBER_NOT_SUPPORTED': 'message',
  // This account, its signature or template.
  'isv.SMS_SIGNATURE_ILLEGAL': 'account',
  'isv.SMS_SIGN_ILLEGAL': 'account',
  'isv.SMS_SIGNATURE_SCENE_ILLEGAL': 'account',
  'isv.SMS_TEMPLATE_ILLEGAL': 'account',
  'isv.TEMPLATE_MISSING_PARAMETERS': 'account',
  'isv.TEMPLATE_PARAMS_ILLEGAL': 'account',
  'isv.INVALID_PARAMETERS': 'account',
  'isv.INVALID_JSON_PARAM': 'account',
  'isv.PARAM_NOT_SUPPORT_URL': 'account',
  'isv.EXTEND_CODE_ERROR': 'account',
  'isv.AMOUNT_NOT_ENOUGH': 'account',
  'isv.OUT_OF_SERVICE': 'account',
  'isv.PRODUCT_UN_SUBSCRIPT': 'account',
  'isv.PRODUCT_UNSUBSCRIBE': 'account',
  'isv.ACCOUNT_NOT_EXISTS': 'account',
  'isv.ACCOUNT_ABNORMAL': 'account',
  'isv.SECURITY_FROZEN_ACCOUNT': 'account',
  'isv.DENY_IP_RANGE': 'account',
  'isp.RAM_PERMISSION_DENY': 'account',
  SignatureDoesNotMatch: 'account',
  IncompleteSignature: 'account',
  'InvalidAccessKeyId.NotFound': 'account',
  'InvalidAccessKeyId.Inactive': 'account',
  InvalidTimeStamp: 'account',
  'Forbidden.RAM': 'account',
  // Flow control and trouble: another account now, this one later.
  'isv.BUSINESS_LIMIT_CONTROL': 'transient',
  'isv.DAY_LIMIT_CONTROL': 'transient',
  'isv.SYSTEM_ERROR': 'transient',
  'isp.SYSTEM_ERROR': 'transient',
  'isp.GATEWAY_ERROR': 'transient',
  Throttling: 'transient',
  'Throttling.User': 'transient',
  'Throttling.Api': 'transient',
  ServiceUnavailable: 'transient',
  InternalError: 'transient',
  SignatureNonceUsed: 'transient',
};

/** Unlisted codes: isp.* (the platform) and Throttling* are trouble; anything else is the account's to fix. */
export function aliyunScope(code: string): RefusalScope {
  const known = SCOPES[code];
  if (known) return known;
  if (code.startsWith('isp.') || code.startsWith('Throttling') || code.startsWith('ServiceUnavailable'))
    return 'transient';
  return 'account';
}
