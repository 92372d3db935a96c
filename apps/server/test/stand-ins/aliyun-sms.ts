import { createHash, createHmac, randomInt } from 'node:crypto';
import { type RawReply, type RawRequest, requestId, startHttp } from './http-stand-in.ts';

/**
 * A local 阿里云短信 (Dysmsapi 2017-05-25) that answers the official SDK as the service documents. The SDK in use
 * (@alicloud/dysmsapi20170525 4.x on @alicloud/openapi-core) signs every call with ACS3-HMAC-SHA256 (V3
 * signature: canonical request of method, path, sorted query, signed headers and the payload's SHA-256,
 * HMAC-SHA256 with the AccessKey Secret), so that is what is verified here, byte for byte, together with the
 * date (15 minutes) and nonce (once) rules. Business refusals come back as HTTP 200 with their isv.* Code,
 * authentication failures as HTTP 400/404, exactly as the service answers.
 */

export interface AliyunStandInOptions {
  /** AccessKey ID → AccessKey Secret. */
  keys: Record<string, string>;
  /** Approved 签名. */
  signNames: string[];
  /** Approved templates: code → the variable names the template uses. */
  templates: Record<string, string[]>;
}

export interface AliyunMessage {
  bizId: string;
  phone: string;
  signName: string;
  templateCode: string;
  params: Record<string, string>;
  sendDate: Date;
  /** 1 waiting for the carrier, 2 failed, 3 delivered (QuerySendDetails SendStatus). */
  sendStatus: 1 | 2 | 3;
  errCode: string;
  receiveDate: Date | null;
}

/** 'yyyy-MM-dd HH:mm:ss' in Beijing time, as the service writes its dates. */
const formatBeijingTime = (d: Date) =>
  new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

const hex = (s: string | Buffer) => createHash('sha256').update(s).digest('hex');
/** RFC 3986 encoding as the service canonicalises query values. */
const encode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export async function startAliyunStandIn(opts: AliyunStandInOptions) {
  const messages: AliyunMessage[] = [];
  const nonces = new Set<string>();
  /** Numbers that draw a given error code (flow control, balance…), set by tests. */
  const errorFor = new Map<string, string>();
  let calls = 0;
  const state = { down: false, hang: false };

  const fail = (status: number, code: string, message: string): RawReply => ({
    status,
    body: {
      RequestId: requestId(),
      HostId: 'dysmsapi.aliyuncs.com',
      Code: code,
      Message: message,
      Recommend: '',
    },
  });
  const refuse = (code: string, message: string): RawReply => ({
    status: 200,
    body: { Code: code, Message: message, RequestId: requestId() },
  });

  /** ACS3-HMAC-SHA256 as the gateway checks it; null when the request is genuine. */
  function verify(req: RawRequest): RawReply | null {
    const auth = String(req.headers.authorization ?? '');
    const m = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
    if (!m)
      return fail(400, 'IncompleteSignature', 'The request signature does not conform to Aliyun standards.');
    const [, keyId, signedList, signature] = m;
    const secret = opts.keys[keyId];
    if (!secret) return fail(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    const signed = signedList.split(';');
    for (const must of [
      'host',
      'x-acs-action',
      'x-acs-content-sha256',
      'x-acs-date',
      'x-acs-signature-nonce',
      'x-acs-version',
    ])
      if (!signed.includes(must)) return fail(400, 'IncompleteSignature', `Header ${must} must be signed.`);
    if (hex(req.body) !== req.headers['x-acs-content-sha256'])
      return fail(400, 'InvalidParameter.ContentSHA256', 'The x-acs-content-sha256 does not match the body.');
    const query = [...req.url.searchParams.keys()]
      .sort()
      .map((k) => `${encode(k)}=${encode(req.url.searchParams.get(k) ?? '')}`)
      .join('&');
    const headers = [...signed]
      .sort()
      .map((h) => `${h}:${String(req.headers[h] ?? '').trim()}\n`)
      .join('');
    const canonical = [req.method, req.url.pathname, query, headers, signed.join(';'), hex(req.body)].join(
      '\n',
    );
    const expected = createHmac('sha256', secret)
      .update(`ACS3-HMAC-SHA256\n${hex(canonical)}`)
      .digest('hex');
    if (expected !== signature)
      return fail(400, 'SignatureDoesNotMatch', 'Specified signature is not matched with our calculation.');
    const date = Date.parse(String(req.headers['x-acs-date'] ?? ''));
    if (!Number.isFinite(date) || Math.abs(Date.now() - date) > 15 * 60_000)
      return fail(400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.');
    const nonce = String(req.headers['x-acs-signature-nonce']);
    if (nonces.has(nonce))
      return fail(400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
    nonces.add(nonce);
    return null;
  }

  function sendSms(q: URLSearchParams): RawReply {
    const phone = q.get('PhoneNumbers') ?? '';
    const signName = q.get('SignName') ?? '';
    const templateCode = q.get('TemplateCode') ?? '';
    if (!phone || !signName || !templateCode)
      return fail(400, 'MissingParameter', 'A required parameter is missing.');
    if (!opts.signNames.includes(signName))
      return refuse('isv.SMS_SIGNATURE_ILLEGAL', '该账号下找不到对应签名');
    const vars = opts.templates[templateCode];
    if (!vars) return refuse('isv.SMS_TEMPLATE_ILLEGAL', '该账号下找不到对应模板');
    let params: Record<string, string>;
    try {
      params = JSON.parse(q.get('TemplateParam') ?? '{}');
    } catch {
      return refuse('isv.INVALID_JSON_PARAM', 'JSON参数不合法，只接受字符串值');
    }
    if (vars.some((v) => typeof params[v] !== 'string'))
      return refuse('isv.TEMPLATE_MISSING_PARAMETERS', '模板缺少变量');
    if (!/^1\d{10}$/.test(phone)) return refuse('isv.MOBILE_NUMBER_ILLEGAL', '手机号码格式错误');
    const forced = errorFor.get(phone);
    if (forced) return refuse(forced, `forced by the test: ${forced}`);
    const bizId = `${randomInt(100000, 999999)}${Date.now()}^0`;
    messages.push({
      bizId,
      phone,
      signName,
      templateCode,
      params,
      sendDate: new Date(),
      sendStatus: 1,
      errCode: '',
      receiveDate: null,
    });
    return { status: 200, body: { Code: 'OK', Message: 'OK', BizId: bizId, RequestId: requestId() } };
  }

  function querySendDetails(q: URLSearchParams): RawReply {
    const phone = q.get('PhoneNumber');
    const sendDate = q.get('SendDate');
    if (!phone || !sendDate || !q.get('PageSize') || !q.get('CurrentPage'))
      return fail(400, 'MissingParameter', 'A required parameter is missing.');
    const bizId = q.get('BizId');
    const found = messages.filter(
      (m) =>
        m.phone === phone &&
        (!bizId || m.bizId === bizId) &&
        formatBeijingTime(m.sendDate).slice(0, 10).replace(/-/g, '') === sendDate,
    );
    return {
      status: 200,
      body: {
        Code: 'OK',
        Message: 'OK',
        RequestId: requestId(),
        TotalCount: found.length,
        SmsSendDetailDTOs: {
          SmsSendDetailDTO: found.map((m) => ({
            PhoneNum: m.phone,
            SendStatus: m.sendStatus,
            ErrCode: m.errCode || (m.sendStatus === 3 ? 'DELIVERED' : ''),
            TemplateCode: m.templateCode,
            Content: `【${m.signName}】${Object.values(m.params).join(' ')}`,
            SendDate: formatBeijingTime(m.sendDate),
            ReceiveDate: m.receiveDate ? formatBeijingTime(m.receiveDate) : '',
            OutId: '',
          })),
        },
      },
    };
  }

  const http = await startHttp((req) => {
    calls++;
    // A service that accepted the connection and never answers (what a timeout looks like).
    if (state.hang) return new Promise<never>(() => {});
    if (state.down)
      return fail(
        503,
        'ServiceUnavailable',
        'The request has failed due to a temporary failure of the server.',
      );
    const refused = verify(req);
    if (refused) return refused;
    if (req.headers['x-acs-version'] !== '2017-05-25')
      return fail(400, 'InvalidVersion', 'Specified parameter Version is not valid.');
    const action = req.headers['x-acs-action'];
    if (action === 'SendSms') return sendSms(req.url.searchParams);
    if (action === 'QuerySendDetails') return querySendDetails(req.url.searchParams);
    return fail(
      404,
      'InvalidAction.NotFound',
      'Specified api is not found, please check your url and method.',
    );
  });

  return {
    endpoint: http.endpoint,
    messages,
    errorFor,
    state,
    get calls() {
      return calls;
    },
    /** The carrier's verdict on every waiting message (or the one given): delivered, or failed with a code. */
    settle(outcome: 'delivered' | { failed: string } = 'delivered', bizId?: string) {
      for (const m of messages) {
        if (m.sendStatus !== 1 || (bizId && m.bizId !== bizId)) continue;
        m.sendStatus = outcome === 'delivered' ? 3 : 2;
        m.errCode = outcome === 'delivered' ? 'DELIVERED' : outcome.failed;
        m.receiveDate = new Date();
      }
    },
    close: http.close,
  };
}

export type AliyunStandIn = Awaited<ReturnType<typeof startAliyunStandIn>>;
