/**
 * Issue 32 (the open platform), lane CORE: the declaration that opens a console contract under /openapi/v1,
 * the interface groups and the error catalogue of the open API. Registration, authentication, limits, the call
 * log, the open OpenAPI document, the interface registry (open_interfaces) and the docs pages all derive from
 * the `open` field of the contracts (RouteContract.open) and from this file.
 */

/** The interface groups (product lines) every open API belongs to; an app calls only its groups. */
export const OPEN_GROUPS = [
  'output-invoice',
  'input-invoice',
  'electronic-invoice',
  'device-center',
  'user-center',
  'open-platform',
] as const;
export type OpenGroup = (typeof OPEN_GROUPS)[number];

/** Names and descriptions of the groups (the seed and the sync write them to open_interface_groups). */
export const OPEN_GROUP_TEXTS: Record<
  OpenGroup,
  { zh: string; en: string; descZh: string; descEn: string; sort: number }
> = {
  'output-invoice': {
    zh: '销项发票',
    en: 'Output invoices',
    descZh: '开具、查询、红冲、作废、下载与交付销项发票，价税计算与智能赋码',
    descEn:
      'Issue, query, red-letter, void, download and deliver sales invoices; tax calculation and AI coding',
    sort: 1,
  },
  'input-invoice': {
    zh: '进项发票',
    en: 'Input invoices',
    descZh: '查询收到的发票（进项）',
    descEn: 'Query the invoices the company received (purchase side)',
    sort: 2,
  },
  'electronic-invoice': {
    zh: '电子发票基础',
    en: 'E-invoice basics',
    descZh: '税收分类编码、客户资料等开票基础数据',
    descEn: 'Tax classification codes, customers and other master data',
    sort: 3,
  },
  'device-center': {
    zh: '设备中心',
    en: 'Device center',
    descZh: '开票设备与终端绑定',
    descEn: 'Invoicing devices and terminal bindings',
    sort: 4,
  },
  'user-center': {
    zh: '用户中心',
    en: 'User center',
    descZh: '企业与用户信息',
    descEn: 'Enterprise and user information',
    sort: 5,
  },
  'open-platform': {
    zh: '开放平台',
    en: 'Open platform',
    descZh: '令牌、回调与平台自身的接口',
    descEn: 'Tokens, callbacks and the platform’s own APIs',
    sort: 6,
  },
};

/**
 * The open declaration beside a console contract (RouteContract.open). The server registers the contract a
 * second time at `path` with the same handler, for an actor built for the enterprise the call names.
 */
export interface OpenSpec {
  /** Stable dotted code, unique over all contracts: 'invoice.issue'. The registry, logs and limits key on it. */
  operation: string;
  group: OpenGroup;
  /** The open path ('{id}' style); default: the console path with '/api/' replaced by '/openapi/v1/'. */
  path?: string;
  /** An ISV app may call it for an enterprise that licensed it (own apps always may). */
  isv: boolean;
  /** Body field that makes the call idempotent (issue: 'clientSerial'); the document states it. */
  idempotencyKey?: string;
  summary: { zh: string; en: string };
}

export const OPEN_API_PREFIX = '/openapi/v1';

/** The open path of a contract with an open declaration. */
export function openPathOf(c: { path: string; open?: OpenSpec }): string {
  if (c.open?.path) return c.open.path;
  return c.path.replace(/^\/api\//, `${OPEN_API_PREFIX}/`);
}

/** Request headers of the open API. */
export const OPEN_HEADERS = {
  appKey: 'X-Fpy-AppKey',
  timestamp: 'X-Fpy-Timestamp',
  nonce: 'X-Fpy-Nonce',
  signature: 'X-Fpy-Signature',
  /** The enterprise the call acts for, by tax number … */
  tenantTaxNo: 'X-Tenant-Tax-No',
  /** … or by id. An own app may omit both (it acts for its company). */
  enterpriseId: 'X-Enterprise-Id',
  requestId: 'X-Request-Id',
} as const;

/** How far a signed request's timestamp may be from the server's clock, in seconds. */
export const OPEN_SIGNATURE_MAX_SKEW_SECONDS = 300;
/** Client-credentials token life, in seconds (2 h). */
export const OPEN_TOKEN_TTL_SECONDS = 7200;
/** Largest request body of the open API, in bytes. */
export const OPEN_BODY_LIMIT = 1024 * 1024;

export interface OpenErrorEntry {
  code: string;
  /** HTTP status of the reply. */
  status: number;
  message: { zh: string; en: string };
  remedy: { zh: string; en: string };
}

const e = (
  code: string,
  status: number,
  zh: string,
  en: string,
  remedyZh: string,
  remedyEn: string,
): OpenErrorEntry => ({ code, status, message: { zh, en }, remedy: { zh: remedyZh, en: remedyEn } });

/**
 * Every code the open API answers with, in the order the gateway checks (the errorCode page lists them in this
 * order). The envelope `{ code, message, requestId, data }` carries `code`; 'OK' is success.
 */
export const openErrorCatalogue = [
  e('OK', 200, '成功', 'Success', '无需处理。', 'Nothing to do.'),
  e(
    'MALFORMED_JSON',
    400,
    '请求体不是合法的 JSON',
    'The request body is not valid JSON',
    '检查请求体的 JSON 语法，并设置 Content-Type: application/json。',
    'Fix the JSON syntax of the body and send Content-Type: application/json.',
  ),
  e(
    'BODY_TOO_LARGE',
    413,
    '请求体超过大小上限',
    'The request body exceeds the size limit',
    '请求体不得超过 1 MB；大批量数据请分批提交。',
    'Keep the body under 1 MB; split large batches into several calls.',
  ),
  e(
    'UNSUPPORTED_MEDIA_TYPE',
    415,
    '不支持的请求体类型',
    'Unsupported request body type',
    '请使用 Content-Type: application/json。',
    'Send Content-Type: application/json.',
  ),
  e(
    'MISSING_CREDENTIALS',
    401,
    '缺少认证信息',
    'Credentials are missing',
    '携带签名头（X-Fpy-AppKey、X-Fpy-Timestamp、X-Fpy-Nonce、X-Fpy-Signature）或 Authorization: Bearer 令牌。',
    'Send the signature headers (X-Fpy-AppKey, X-Fpy-Timestamp, X-Fpy-Nonce, X-Fpy-Signature) or Authorization: Bearer <token>.',
  ),
  e(
    'UNKNOWN_APP',
    401,
    '应用不存在（AppKey 无效）',
    'Unknown application (invalid AppKey)',
    '核对 AppKey；在开发者中心查看应用。',
    'Check the AppKey; look the application up in the developer centre.',
  ),
  e(
    'INVALID_TOKEN',
    401,
    '访问令牌无效或已过期',
    'The access token is invalid or expired',
    '用 client_credentials 重新获取令牌（有效期 2 小时）。',
    'Get a new token with client_credentials (tokens last 2 hours).',
  ),
  e(
    'APP_DISABLED',
    403,
    '应用已停用',
    'The application is disabled',
    '联系平台运营人员启用该应用。',
    'Ask the platform operators to enable the application.',
  ),
  e(
    'BAD_SIGNATURE',
    401,
    '签名校验失败',
    'The signature does not match',
    '按签名指南重新计算：方法、路径、排序后的查询串、请求体 SHA-256、时间戳、随机串，以换行连接后用 AppSecret 做 HMAC-SHA256。',
    'Recompute per the signing guide: method, path, sorted query, SHA-256 of the body, timestamp and nonce joined by newlines, HMAC-SHA256 with the AppSecret.',
  ),
  e(
    'STALE_TIMESTAMP',
    401,
    '时间戳与服务器时间相差超过 5 分钟',
    'The timestamp is more than 5 minutes off the server clock',
    '校准客户端时钟（NTP），时间戳为当前 Unix 秒数。',
    'Synchronise the client clock (NTP); the timestamp is the current Unix time in seconds.',
  ),
  e(
    'REPLAYED_NONCE',
    401,
    '随机串（nonce）已使用过，请求被视为重放',
    'The nonce was already used; the request is treated as a replay',
    '每次请求生成新的随机串（建议 UUID）。',
    'Generate a fresh nonce for every request (a UUID is fine).',
  ),
  e(
    'IP_NOT_ALLOWED',
    403,
    '来源 IP 不在应用的白名单内',
    'The caller’s IP address is not in the application’s whitelist',
    '在应用设置中把出口 IP（或网段）加入白名单。',
    'Add the outgoing IP address (or its CIDR range) to the application’s whitelist.',
  ),
  e(
    'API_DISABLED',
    403,
    '该接口已停用',
    'This API is disabled',
    '联系平台运营人员；停用期间请勿重试。',
    'Contact the platform operators; do not retry while it is disabled.',
  ),
  e(
    'API_NOT_GRANTED',
    403,
    '应用未开通该接口所属的接口分组',
    'The application has not been granted this API’s group',
    '在开发者中心为应用申请开通相应接口分组。',
    'Request the API’s interface group for the application in the developer centre.',
  ),
  e(
    'ENTERPRISE_REQUIRED',
    400,
    '未指明代为调用的企业',
    'The enterprise the call acts for is not named',
    '服务商应用须携带 X-Tenant-Tax-No（企业税号）或 X-Enterprise-Id。',
    'An ISV application must send X-Tenant-Tax-No (the enterprise’s tax number) or X-Enterprise-Id.',
  ),
  e(
    'ENTERPRISE_NOT_FOUND',
    403,
    '企业不存在或未开通',
    'The enterprise does not exist or is not active',
    '核对税号或企业编号。',
    'Check the tax number or enterprise id.',
  ),
  e(
    'ENTERPRISE_MISMATCH',
    403,
    '企业自建应用只能代表本企业调用',
    'An enterprise’s own application may act only for that enterprise',
    '去掉企业头，或使用该企业自己的应用。',
    'Drop the enterprise header, or use that enterprise’s own application.',
  ),
  e(
    'ISV_NOT_ALLOWED',
    403,
    '该接口不允许服务商代调用',
    'ISV applications may not call this API for an enterprise',
    '请由企业使用自建应用调用该接口。',
    'Have the enterprise call this API with its own application.',
  ),
  e(
    'LICENSE_NOT_FOUND',
    403,
    '企业未授权该应用',
    'The enterprise has not authorised this application',
    '请企业在「企业授权」中授权该应用。',
    'Ask the enterprise to authorise the application (enterprise licence).',
  ),
  e(
    'LICENSE_REVOKED',
    403,
    '企业已撤销对该应用的授权',
    'The enterprise revoked its authorisation of this application',
    '联系企业重新授权。',
    'Ask the enterprise to authorise the application again.',
  ),
  e(
    'LICENSE_EXPIRED',
    403,
    '企业授权已过期',
    'The enterprise’s authorisation has expired',
    '联系企业续期授权。',
    'Ask the enterprise to renew the authorisation.',
  ),
  e(
    'LICENSE_SCOPE',
    403,
    '企业授权的范围不含该接口分组',
    'The enterprise’s authorisation does not cover this API’s group',
    '联系企业在授权中加入该接口分组。',
    'Ask the enterprise to add the API’s group to the authorisation.',
  ),
  e(
    'RATE_LIMITED',
    429,
    '调用频率超过限制',
    'Too many calls: the rate limit is exceeded',
    '按 Retry-After 头等待后重试；需要更高配额请联系运营人员。',
    'Wait for Retry-After seconds before retrying; ask the operators for a higher limit.',
  ),
  e(
    'NOT_FOUND',
    404,
    '接口或资源不存在',
    'No such API or resource',
    '核对路径与资源编号。',
    'Check the path and the resource id.',
  ),
  e(
    'INVALID_PARAMETER',
    400,
    '请求参数不合法',
    'A request parameter is invalid',
    '按 data.field 指出的字段修正请求。',
    'Fix the field named in data.field.',
  ),
  e(
    'CONFLICT',
    409,
    '请求与资源当前状态冲突',
    'The request conflicts with the resource’s current state',
    '查询资源的最新状态后再操作。',
    'Read the resource’s current state before acting again.',
  ),
  e(
    'BUSINESS_ERROR',
    422,
    '业务校验未通过',
    'The request failed a business rule',
    '按 message 修正业务数据。',
    'Correct the data as the message says.',
  ),
  e(
    'INTERNAL_ERROR',
    500,
    '服务内部错误',
    'Internal error',
    '稍后重试；持续出现请携带 requestId 联系技术支持。',
    'Retry later; if it persists, contact support with the requestId.',
  ),
  e(
    'SERVICE_UNAVAILABLE',
    503,
    '服务暂不可用',
    'The service is temporarily unavailable',
    '稍后重试。',
    'Retry later.',
  ),
] as const satisfies readonly OpenErrorEntry[];

export type OpenErrorCode = (typeof openErrorCatalogue)[number]['code'];

export const OPEN_ERROR_CODES = openErrorCatalogue.map((x) => x.code) as OpenErrorCode[];

export function openError(code: OpenErrorCode): OpenErrorEntry {
  return openErrorCatalogue.find((x) => x.code === code) as OpenErrorEntry;
}
