/**
 * The kind of a failed send (issue 28 §1, §9): what a finance user or an administrator can act on — the server
 * refused the connection, it timed out, the password was wrong, TLS did not match, the recipient was refused —
 * instead of the remote's own words (an SMTP banner, an OpenSSL record-header error, an internal service's
 * version). A test send answers with the kind only; a delivery record shows the kind with the raw detail behind.
 *
 * Pure: it reads what nodemailer, the SMS SDKs, Node's sockets and our own refusals leave on an error or a stored
 * reason (code, SMTP reply code, command, text) and never performs I/O.
 */
export const DELIVERY_FAILURE_KINDS = [
  /** The address is loopback, private, link-local … and not allowed (OUTBOUND_ALLOW_HOSTS). */
  'blocked',
  /** The name does not resolve. */
  'dns',
  /** Nothing listens there, or the connection was reset or unreachable. */
  'refused',
  'timeout',
  /** TLS did not match (SSL on a plain port or the reverse), or the certificate did not verify. */
  'tls',
  /** The user name, password, key or signature was refused. */
  'auth',
  /** The recipient (mailbox, mobile number) was refused or is unknown. */
  'recipient',
  /** The message itself was refused (content, size, keywords). */
  'rejected',
  /** The account cannot send: 签名 or template not approved, balance exhausted, sender refused, none enabled. */
  'account',
  /** Throttled or temporarily unavailable: try again later. */
  'busy',
  'other',
] as const;
export type DeliveryFailureKind = (typeof DELIVERY_FAILURE_KINDS)[number];

/** The message catalogue's code of each kind (contracts messages: FAILURE_TLS …, zh and en). */
export type DeliveryFailureCode = `FAILURE_${Uppercase<DeliveryFailureKind>}`;
export const deliveryFailureCode = (kind: DeliveryFailureKind): DeliveryFailureCode =>
  `FAILURE_${kind.toUpperCase()}` as DeliveryFailureCode;

/** What an error or a stored reason says; every field optional. */
export interface DeliveryFailureFacts {
  /** nodemailer's (EAUTH, ESOCKET …), Node's (ECONNREFUSED), a provider's (isv.…, AuthFailure.…) or ours (SMTP_535). */
  code?: string | null;
  /** The SMTP reply code, when the server answered. */
  responseCode?: number | null;
  /** The SMTP command that failed (AUTH PLAIN, RCPT TO, DATA …). */
  command?: string | null;
  /** The text: nodemailer's message, the server's reply, the SDK's message. */
  message?: string | null;
}

/** Our guard's refusal code (the outbound layer) — also the code stored on a record. */
export const OUTBOUND_BLOCKED_CODE = 'OUTBOUND_BLOCKED';

const TLS_TEXT =
  /wrong version number|record header|ssl3_get_record|ssl routines|tls|ssl|handshake|certificate|self[- ]signed|unable to verify|cert_|err_ssl|secure (tls )?connection|alert/i;

/** Node's and nodemailer's socket codes, by kind. */
const SOCKET_CODES: Record<string, DeliveryFailureKind> = {
  ECONNREFUSED: 'refused',
  ECONNRESET: 'refused',
  EHOSTUNREACH: 'refused',
  ENETUNREACH: 'refused',
  EPIPE: 'refused',
  EADDRNOTAVAIL: 'refused',
  ENOTFOUND: 'dns',
  EAI_AGAIN: 'dns',
  EAI_FAIL: 'dns',
  EAI_NONAME: 'dns',
  EDNS: 'dns',
  ETIMEDOUT: 'timeout',
  ESOCKETTIMEDOUT: 'timeout',
  ECONNABORTED: 'timeout',
  TIMEOUT: 'timeout',
  ETLS: 'tls',
  EREQUIRETLS: 'tls',
  EPROTO: 'tls',
  CERT_HAS_EXPIRED: 'tls',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'tls',
  SELF_SIGNED_CERT_IN_CHAIN: 'tls',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'tls',
  ERR_TLS_CERT_ALTNAME_INVALID: 'tls',
  ERR_SSL_WRONG_VERSION_NUMBER: 'tls',
  EAUTH: 'auth',
  ENOAUTH: 'auth',
  EENVELOPE: 'recipient',
  EMAXRECIPIENTS: 'rejected',
  EMESSAGE: 'rejected',
  NO_PROVIDER: 'account',
  TEMPLATE_REQUIRED: 'account',
  CONFIG_INVALID: 'account',
  CHANNEL_UNSUPPORTED: 'account',
  // Sandbox and receipts.
  MOBILE_NUMBER_ILLEGAL: 'recipient',
  MOBILE_IN_BLACKLIST: 'recipient',
  UNDELIVERED: 'recipient',
  BOUNCED: 'recipient',
  SANDBOX_BUSY: 'busy',
  [OUTBOUND_BLOCKED_CODE]: 'blocked',
};

/** SMS provider codes (阿里云, 腾讯云) by pattern, first match wins. */
const PROVIDER_PATTERNS: [RegExp, DeliveryFailureKind][] = [
  [
    /^(SignatureDoesNotMatch|IncompleteSignature|InvalidAccessKeyId|AuthFailure|Forbidden\.RAM|isp\.RAM_PERMISSION_DENY|InvalidTimeStamp|UnauthorizedOperation\.(SmsSdkAppIdVerifyFail|RequestPermissionDeny))/,
    'auth',
  ],
  [
    /MOBILE|PhoneNumber(?!.*Limit)|IncorrectPhoneNumber|BLACKLIST|Blacklist|DOMESTIC_NUMBER|UnsupportedRegion/i,
    'recipient',
  ],
  [
    /CONTENT_ILLEGAL|BLACK_KEY|SensitiveWord|ContentLengthLimit|PARAM_LENGTH|TemplateParameter(Length|Format)|ProhibitedUseUrl/i,
    'rejected',
  ],
  [
    /LIMIT_CONTROL|LimitExceeded|Throttling|SYSTEM_ERROR|GATEWAY_ERROR|ServiceUnavailable|InternalError|ResourceUnavailable|SignatureNonceUsed/i,
    'busy',
  ],
  [/^(isv\.|FailedOperation\.|InvalidParameterValue\.|UnauthorizedOperation\.|InvalidParameter)/, 'account'],
];

/** An SMTP reply (RFC 5321 / 3463) by its number and the command it answered. */
function smtpKind(reply: number, command: string, code: string): DeliveryFailureKind {
  if (code === 'EAUTH' || command.startsWith('AUTH') || [530, 534, 535].includes(reply)) return 'auth';
  if (command.startsWith('STARTTLS')) return 'tls';
  if (reply < 500) return 'busy';
  // A 5xx greeting: the server refuses to talk to us at all.
  if (command.startsWith('CONN') || command.startsWith('EHLO') || command.startsWith('HELO'))
    return 'refused';
  if (command.startsWith('MAIL')) return 'account';
  if (command.startsWith('RCPT') || [550, 551, 553].includes(reply)) return 'recipient';
  return 'rejected';
}

/** An enhanced status code (5.1.1) as bounces and DSNs carry it. */
function enhancedKind(status: string): DeliveryFailureKind {
  const [cls, subject, detail] = status.split('.').map(Number);
  if (subject === 1) return 'recipient';
  if (subject === 2) return cls === 4 ? 'busy' : 'recipient';
  if (subject === 7 && (detail === 8 || detail === 0)) return 'auth';
  if (subject === 6 || subject === 3) return cls === 4 ? 'busy' : 'rejected';
  if (subject === 4) return cls === 4 ? 'busy' : 'refused';
  return cls === 4 ? 'busy' : 'rejected';
}

/** The kind of one failure. Unknown facts read as `other`, never as a guess at success. */
export function classifyDeliveryFailure(facts: DeliveryFailureFacts): DeliveryFailureKind {
  const code = (facts.code ?? '').trim();
  const text = facts.message ?? '';
  const command = (facts.command ?? '').toUpperCase();
  if (code === OUTBOUND_BLOCKED_CODE) return 'blocked';

  // TLS first: nodemailer reports a TLS mismatch as ESOCKET/ECONNECTION with OpenSSL's words, and a plain
  // server answering a TLS hello resets the connection ("socket disconnected before secure TLS connection").
  if (
    /wrong version number|record header|ssl3_get_record|packet length too long|unknown protocol/i.test(text)
  )
    return 'tls';
  if (
    (code === 'ESOCKET' || code === 'ECONNECTION' || code === 'ECONNRESET' || code === 'EPROTO') &&
    TLS_TEXT.test(text)
  )
    return 'tls';

  const smtp = /^SMTP_(\d{3})$/.exec(code);
  const reply = facts.responseCode ?? (smtp ? Number(smtp[1]) : null);
  if (reply && reply >= 200 && reply < 600) return smtpKind(reply, command, code);

  const known = SOCKET_CODES[code];
  if (known) return known;
  const enhanced = /^([245])\.\d{1,3}\.\d{1,3}$/.exec(code);
  if (enhanced) return enhancedKind(code);
  for (const [pattern, kind] of PROVIDER_PATTERNS) if (pattern.test(code)) return kind;
  if (/^HTTP_5\d\d$/.test(code)) return 'busy';
  if (/^HTTP_40[13]$/.test(code)) return 'auth';

  // Codes that say only "trouble on the way": the text tells which.
  if (/ECONNREFUSED|connection refused/i.test(text)) return 'refused';
  if (/ENOTFOUND|EAI_AGAIN|getaddrinfo/i.test(text)) return 'dns';
  if (/timed? ?out|ETIMEDOUT|greeting never received/i.test(text)) return 'timeout';
  if (/ECONNRESET|EHOSTUNREACH|ENETUNREACH|socket hang up|socket closed|connection closed/i.test(text))
    return 'refused';
  if (/certificate|self[- ]signed|handshake|\bTLS\b|\bSSL\b/i.test(text)) return 'tls';
  if (/auth(entication)? (failed|unsuccessful)|invalid (login|credentials)|535/i.test(text)) return 'auth';
  return 'other';
}

/** Whether a kind is worth retrying later as it is (nothing to fix on either side). */
export const isTransientFailure = (kind: DeliveryFailureKind) =>
  kind === 'timeout' || kind === 'busy' || kind === 'refused' || kind === 'dns';
