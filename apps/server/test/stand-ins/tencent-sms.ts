import { createHash, createHmac, randomUUID } from 'node:crypto';
import { smsSegments } from '@fpy/domain';
import { type RawReply, type RawRequest, requestId, startHttp } from './http-stand-in.ts';

/**
 * A local 腾讯云短信 (sms 2021-01-11) that answers the official SDK as the service documents. Every call is
 * checked for TC3-HMAC-SHA256 exactly: canonical request (POST, path, empty query, the signed content-type and
 * host headers, the body's SHA-256), the credential scope date/service/tc3_request, the key derived from
 * "TC3"+SecretKey through date, service and "tc3_request", and the timestamp (within 5 minutes). The service is
 * the first label of the host the request was signed for — `sms` on sms.tencentcloudapi.com; pointed at
 * 127.0.0.1 the SDK derives `127`, and so does this stand-in (the SDK signs the host without its port). Errors
 * come back as HTTP 200 with Response.Error, per-number failures in SendStatusSet, as the service answers.
 */

export interface TencentStandInOptions {
  /** SecretId → SecretKey. */
  keys: Record<string, string>;
  /** The SdkAppIds of the account. */
  sdkAppIds: string[];
  /** Approved 签名. */
  signNames: string[];
  /** Approved templates: id → number of variables. */
  templates: Record<string, number>;
}

export interface TencentMessage {
  serialNo: string;
  phone: string;
  sdkAppId: string;
  signName: string;
  templateId: string;
  params: string[];
  sentAt: Date;
  report: null | {
    status: 'SUCCESS' | 'FAIL';
    errmsg: string;
    description: string;
    at: Date;
    pulled: boolean;
  };
}

const sha256hex = (s: string | Buffer) => createHash('sha256').update(s).digest('hex');
const hmac = (key: string | Buffer, s: string) => createHmac('sha256', key).update(s).digest();

export async function startTencentStandIn(opts: TencentStandInOptions) {
  const messages: TencentMessage[] = [];
  const errorFor = new Map<string, string>();
  const state = { down: false, hang: false, balance: Number.POSITIVE_INFINITY };
  let calls = 0;

  const error = (code: string, message: string): RawReply => ({
    status: 200,
    body: { Response: { Error: { Code: code, Message: message }, RequestId: requestId() } },
  });
  const ok = (response: object): RawReply => ({
    status: 200,
    body: { Response: { ...response, RequestId: requestId() } },
  });

  function verify(req: RawRequest): RawReply | null {
    const auth = String(req.headers.authorization ?? '');
    const m =
      /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([a-z;-]+), Signature=([0-9a-f]{64})$/.exec(
        auth,
      );
    if (!m) return error('AuthFailure.SignatureFailure', 'The provided credentials could not be validated.');
    const [, secretId, date, service, signedList, signature] = m;
    const secretKey = opts.keys[secretId];
    if (!secretKey) return error('AuthFailure.SecretIdNotFound', 'The SecretId is not found.');
    const timestamp = Number(req.headers['x-tc-timestamp']);
    if (!Number.isFinite(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300)
      return error('AuthFailure.SignatureExpire', 'Signature expired.');
    const hostname = String(req.headers.host ?? '').replace(/:\d+$/, '');
    if (service !== hostname.split('.')[0] || date !== new Date(timestamp * 1000).toISOString().slice(0, 10))
      return error('AuthFailure.SignatureFailure', 'The credential scope does not match the request.');
    const signed = signedList.split(';');
    if (!signed.includes('content-type') || !signed.includes('host'))
      return error('AuthFailure.SignatureFailure', 'content-type and host must be signed.');
    const headerValue = (h: string) => (h === 'host' ? hostname : String(req.headers[h] ?? '').trim());
    const canonicalHeaders = signed.map((h) => `${h}:${headerValue(h)}\n`).join('');
    const canonical = [
      req.method,
      req.url.pathname,
      req.url.search.slice(1),
      canonicalHeaders,
      signedList,
      sha256hex(req.body),
    ].join('\n');
    const toSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/${service}/tc3_request\n${sha256hex(canonical)}`;
    const key = hmac(hmac(hmac(`TC3${secretKey}`, date), service), 'tc3_request');
    if (createHmac('sha256', key).update(toSign).digest('hex') !== signature)
      return error('AuthFailure.SignatureFailure', 'The provided credentials could not be validated.');
    return null;
  }

  function sendSms(req: Record<string, unknown>): RawReply {
    const phones = req.PhoneNumberSet as string[] | undefined;
    const sdkAppId = String(req.SmsSdkAppId ?? '');
    const signName = String(req.SignName ?? '');
    const templateId = String(req.TemplateId ?? '');
    const params = (req.TemplateParamSet as string[] | undefined) ?? [];
    if (!Array.isArray(phones) || !phones.length || !sdkAppId || !templateId)
      return error('MissingParameter', 'A required parameter is missing.');
    if (!opts.sdkAppIds.includes(sdkAppId))
      return error('UnauthorizedOperation.SmsSdkAppIdVerifyFail', 'SmsSdkAppId 校验失败');
    if (!opts.signNames.includes(signName))
      return error('FailedOperation.SignatureIncorrectOrUnapproved', '签名未审批或格式错误');
    const vars = opts.templates[templateId];
    if (vars === undefined)
      return error('FailedOperation.TemplateIncorrectOrUnapproved', '模板未审批或内容不匹配');
    if (params.length !== vars)
      return error(
        'FailedOperation.TemplateParamSetNotMatchApprovedTemplate',
        '请求内容与审核通过的模板内容不匹配',
      );
    if (state.balance <= 0) return error('FailedOperation.InsufficientBalanceInSmsPackage', '套餐包余量不足');
    const text = `【${signName}】${params.join(' ')}`;
    const SendStatusSet = phones.map((raw) => {
      const phone = raw.replace(/^\+86/, '');
      const failed = (code: string, message: string) => ({
        SerialNo: '',
        PhoneNumber: raw,
        Fee: 0,
        SessionContext: '',
        Code: code,
        Message: message,
        IsoCode: 'CN',
      });
      if (!/^1\d{10}$/.test(phone))
        return failed('InvalidParameterValue.IncorrectPhoneNumber', '手机号格式错误');
      const forced = errorFor.get(phone);
      if (forced) return failed(forced, `forced by the test: ${forced}`);
      state.balance--;
      const serialNo = `2433:${randomUUID().replace(/-/g, '').slice(0, 24)}`;
      messages.push({
        serialNo,
        phone,
        sdkAppId,
        signName,
        templateId,
        params,
        sentAt: new Date(),
        report: null,
      });
      return {
        SerialNo: serialNo,
        PhoneNumber: raw,
        Fee: smsSegments(text),
        SessionContext: '',
        Code: 'Ok',
        Message: 'send success',
        IsoCode: 'CN',
      };
    });
    return ok({ SendStatusSet });
  }

  function pull(req: Record<string, unknown>): RawReply {
    const limit = Number(req.Limit);
    const sdkAppId = String(req.SmsSdkAppId ?? '');
    if (!Number.isInteger(limit) || limit < 1 || limit > 100)
      return error('InvalidParameterValue', 'Limit 取值范围为 1–100');
    if (!opts.sdkAppIds.includes(sdkAppId))
      return error('UnauthorizedOperation.SmsSdkAppIdVerifyFail', 'SmsSdkAppId 校验失败');
    const ready = messages
      .filter((m) => m.sdkAppId === sdkAppId && m.report && !m.report.pulled)
      .slice(0, limit);
    for (const m of ready) if (m.report) m.report.pulled = true;
    return ok({
      PullSmsSendStatusSet: ready.map((m) => ({
        UserReceiveTime: Math.floor((m.report?.at.getTime() ?? 0) / 1000),
        CountryCode: '86',
        SubscriberNumber: m.phone,
        PhoneNumber: `+86${m.phone}`,
        SerialNo: m.serialNo,
        ReportStatus: m.report?.status,
        Description: m.report?.description,
        SessionContext: '',
      })),
    });
  }

  const http = await startHttp((req) => {
    calls++;
    if (state.hang) return new Promise<never>(() => {});
    if (state.down) return { status: 502, body: { message: 'Bad Gateway' } };
    const refused = verify(req);
    if (refused) return refused;
    if (req.headers['x-tc-version'] !== '2021-01-11')
      return error('InvalidParameterValue', 'The Version is not supported.');
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(req.body.toString('utf8') || '{}');
    } catch {
      return error('InvalidParameter', 'The request body is not valid JSON.');
    }
    const action = req.headers['x-tc-action'];
    if (action === 'SendSms') return sendSms(body);
    if (action === 'PullSmsSendStatus') return pull(body);
    return error('InvalidAction', `The action ${String(action)} does not exist.`);
  });

  return {
    endpoint: http.endpoint,
    messages,
    errorFor,
    state,
    get calls() {
      return calls;
    },
    /** The carrier's verdict on every message without one (or the one given). */
    settle(outcome: 'delivered' | { failed: string } = 'delivered', serialNo?: string) {
      for (const m of messages) {
        if (m.report || (serialNo && m.serialNo !== serialNo)) continue;
        m.report =
          outcome === 'delivered'
            ? {
                status: 'SUCCESS',
                errmsg: 'DELIVRD',
                description: '用户短信送达成功',
                at: new Date(),
                pulled: false,
              }
            : {
                status: 'FAIL',
                errmsg: outcome.failed,
                description: '用户短信未送达',
                at: new Date(),
                pulled: false,
              };
      }
    },
    close: http.close,
  };
}

export type TencentStandIn = Awaited<ReturnType<typeof startTencentStandIn>>;
