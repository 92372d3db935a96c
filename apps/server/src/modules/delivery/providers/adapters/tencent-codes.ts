import type { RefusalScope } from '../../../../gateways/kit/index.ts';

/**
 * 腾讯云短信 error codes (cloud.tencent.com/document/product/382/52075, "错误码") and what each means for
 * failover (gateways/kit/refusal.ts). They arrive either as the whole request's Error.Code or per number in SendStatus.Code.
 */
const SCOPES: Record<string, RefusalScope> = {
  // The message itself.
  'InvalidParameterValue.IncorrectPhoneNumber': 'message',
  'FailedOperation.PhoneNumberInBlacklist': 'message',
  'FailedOperation.ContainSensitiveWord': 'message',
  'InvalidParameterValue.ContentLengthLimit': 'message',
  'InvalidParameterValue.TemplateParameterLengthLimit': 'message',
  'InvalidParameterValue.TemplateParameterFormatError': 'message',
  'InvalidParameterValue.ProhibitedUseUrlInTemplateParameter': 'message',
  'UnsupportedOperation.ContainDomesticAndInternationalPhoneNumber': 'message',
  'UnsupportedOperation.UnsupportedRegion': 'message',
  'FailedOperation.PhoneNumberParseFail': 'message',
  // This account, its signature or template.
  'FailedOperation.SignatureIncorrectOrUnapproved': 'account',
  'FailedOperation.TemplateIncorrectOrUnapproved': 'account',
  'FailedOperation.TemplateParamSetNotMatchApprovedTemplate': 'account',
  'FailedOperation.InsufficientBalanceInSmsPackage': 'account',
  'FailedOperation.MissingSignature': 'account',
  'FailedOperation.MissingSignatureToModify': 'account',
  'FailedOperation.MissingTemplateToModify': 'account',
  'FailedOperation.NotEnterpriseCertification': 'account',
  'FailedOperation.FailResolvePacket': 'account',
  'InvalidParameterValue.SdkAppIdNotExist': 'account',
  'InvalidParameterValue.TemplateWithDirtyWords': 'account',
  'UnauthorizedOperation.SmsSdkAppIdVerifyFail': 'account',
  'UnauthorizedOperation.IndividualUserMarketingSmsPermissionDeny': 'account',
  'UnauthorizedOperation.RequestIpNotInWhitelist': 'account',
  'UnauthorizedOperation.RequestPermissionDeny': 'account',
  'UnauthorizedOperation.SerivceSuspendDueToArrears': 'account',
  'AuthFailure.SignatureFailure': 'account',
  'AuthFailure.SecretIdNotFound': 'account',
  'AuthFailure.SignatureExpire': 'account',
  'AuthFailure.InvalidSecretId': 'account',
  'AuthFailure.UnauthorizedOperation': 'account',
  // Frequency limits and trouble: another account now, this one later.
  'LimitExceeded.PhoneNumberDailyLimit': 'transient',
  'LimitExceeded.PhoneNumberOneHourLimit': 'transient',
  'LimitExceeded.PhoneNumberThirtySecondLimit': 'transient',
  'LimitExceeded.PhoneNumberSameContentDailyLimit': 'transient',
  'LimitExceeded.DailyLimit': 'transient',
  'LimitExceeded.AppDailyLimit': 'transient',
  'LimitExceeded.AppCountryOrRegionDailyLimit': 'transient',
  'LimitExceeded.DeliveryFrequencyLimit': 'transient',
  RequestLimitExceeded: 'transient',
  InternalError: 'transient',
  'InternalError.Timeout': 'transient',
  'InternalError.RequestTimeException': 'transient',
  'InternalError.SendAndRecvFail': 'transient',
  'InternalError.OtherError': 'transient',
  'FailedOperation.JsonParseFail': 'account',
};

/** Unlisted codes: InternalError*, LimitExceeded*, RequestLimitExceeded are trouble; the rest the account's. */
export function tencentScope(code: string): RefusalScope {
  const known = SCOPES[code];
  if (known) return known;
  if (/^(InternalError|LimitExceeded|RequestLimitExceeded|ResourceUnavailable)/.test(code))
    return 'transient';
  return 'account';
}
