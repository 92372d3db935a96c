import {
  OPEN_GROUP_TEXTS,
  OPEN_HEADERS,
  type OpenContract,
  openErrorCatalogue,
  openPathOf,
} from '@fpy/contracts';
import { SchemaComponents } from '../../../plugins/openapi-schemas.ts';

const opId = (operation: string) =>
  operation
    .replace(/[._-](\w)/g, (_m, ch: string) => ch.toUpperCase())
    .replace(/^\w/, (ch) => ch.toLowerCase());

const DESCRIPTION = `发票云开放平台 (open platform of the invoicing service).

Every reply is the envelope \`{ code, message, requestId, data }\`: \`code\` is \`OK\` or one of the error codes
listed under \`x-error-codes\` (and on the errorCode page), \`message\` is worded in the caller's language
(Accept-Language / X-Locale), \`data\` is the operation's result.

Authentication, either:
- **HMAC signature** (per request): headers X-Fpy-AppKey, X-Fpy-Timestamp (Unix seconds, within 5 minutes),
  X-Fpy-Nonce (8–64 of [A-Za-z0-9_-], never reused) and X-Fpy-Signature =
  hex(HMAC-SHA256(appSecret, METHOD + "\\n" + path + "\\n" + sortedQuery + "\\n" + hex(sha256(body)) + "\\n" + timestamp + "\\n" + nonce));
- **OAuth2 client credentials**: POST /api/auth/oauth/token with grant_type=client_credentials and
  Authorization: Basic base64(appKey:appSecret) → a bearer token valid 2 hours.

An ISV application names the enterprise it acts for with X-Tenant-Tax-No (tax number) or X-Enterprise-Id; the
enterprise must have licensed the application for the API's group. Every reply carries X-RateLimit-Limit,
X-RateLimit-Remaining and X-RateLimit-Reset (seconds); a refused call gets 429 with Retry-After.`;

/**
 * The open API's OpenAPI 3.1 document, from the same contracts (their `open` declarations): open paths, one
 * operation per declaration (operationId from the operation code), the envelope around each reply, both
 * security schemes, the enterprise headers and the error catalogue.
 */
export function buildOpenDocument(contracts: readonly OpenContract[], opts: { publicBaseUrl?: string } = {}) {
  const schemas = new SchemaComponents();
  const paths: Record<string, Record<string, object>> = {};
  const codes = openErrorCatalogue.map((e) => e.code);
  const errorRef = { $ref: '#/components/responses/OpenError' };
  for (const c of contracts) {
    const id = opId(c.open.operation);
    const params: object[] = [];
    for (const [part, where] of [
      ['params', 'path'],
      ['query', 'query'],
    ] as const) {
      const s = c[part];
      if (!s) continue;
      const js = schemas.convert(s, 'input', `${id}${part === 'params' ? 'Path' : 'Query'}`) as {
        properties?: Record<string, object>;
        required?: string[];
      };
      for (const [name, schema] of Object.entries(js.properties ?? {}))
        params.push({
          name,
          in: where,
          required: where === 'path' || (js.required ?? []).includes(name),
          schema,
        });
    }
    params.push(
      { $ref: '#/components/parameters/TenantTaxNo' },
      { $ref: '#/components/parameters/EnterpriseId' },
      { $ref: '#/components/parameters/Timestamp' },
      { $ref: '#/components/parameters/Nonce' },
    );
    const data =
      c.produces === 'file' ? undefined : c.reply ? schemas.convert(c.reply, 'output', `${id}Data`) : {};
    const rateHeaders = {
      'X-RateLimit-Limit': { $ref: '#/components/headers/RateLimitLimit' },
      'X-RateLimit-Remaining': { $ref: '#/components/headers/RateLimitRemaining' },
      'X-RateLimit-Reset': { $ref: '#/components/headers/RateLimitReset' },
    };
    const op: Record<string, unknown> = {
      operationId: id,
      summary: `${c.open.summary.zh} (${c.open.summary.en})`,
      description: [
        `Operation \`${c.open.operation}\`, group \`${c.open.group}\` (${OPEN_GROUP_TEXTS[c.open.group].en}).`,
        c.open.isv
          ? 'An ISV application may call it for an enterprise that licensed it.'
          : 'Only an enterprise’s own application may call it.',
        c.open.idempotencyKey
          ? `Idempotent by the body field \`${c.open.idempotencyKey}\`: a repeat with the same value returns the first result.`
          : '',
      ]
        .filter(Boolean)
        .join(' '),
      tags: [c.open.group],
      'x-operation': c.open.operation,
      'x-isv': c.open.isv,
      parameters: params,
      responses: {
        200:
          c.produces === 'file'
            ? {
                description: 'The file',
                headers: rateHeaders,
                content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
              }
            : {
                description: 'OK: the envelope with the operation’s result in data',
                headers: rateHeaders,
                content: {
                  'application/json': {
                    schema: {
                      allOf: [
                        { $ref: '#/components/schemas/OpenEnvelope' },
                        { type: 'object', properties: { data } },
                      ],
                    },
                  },
                },
              },
        400: errorRef,
        401: errorRef,
        403: errorRef,
        404: errorRef,
        413: errorRef,
        429: { $ref: '#/components/responses/OpenRateLimited' },
        500: errorRef,
      },
    };
    if (c.body)
      op.requestBody = {
        required: true,
        content: { 'application/json': { schema: schemas.convert(c.body, 'input', `${id}Body`) } },
      };
    const p = openPathOf(c);
    paths[p] ??= {};
    paths[p][c.method.toLowerCase()] = op;
  }
  const server = opts.publicBaseUrl?.replace(/\/$/, '');
  return {
    openapi: '3.1.0',
    info: {
      title: '发票云开放平台 API (open platform)',
      version: '1.0.0',
      description: DESCRIPTION,
      license: { name: 'Proprietary', url: 'https://fapiao.example.com/terms' },
    },
    servers: [
      server
        ? { url: server, description: 'this deployment' }
        : { url: '/', description: 'the server that served this document' },
    ],
    security: [{ appKey: [], signature: [] }, { clientCredentials: [] }],
    tags: Object.entries(OPEN_GROUP_TEXTS).map(([name, t]) => ({ name, description: `${t.zh} — ${t.en}` })),
    'x-error-codes': openErrorCatalogue,
    components: {
      securitySchemes: {
        appKey: {
          type: 'apiKey',
          in: 'header',
          name: OPEN_HEADERS.appKey,
          description:
            'The application’s AppKey (ak_…), with X-Fpy-Timestamp, X-Fpy-Nonce and X-Fpy-Signature.',
        },
        signature: {
          type: 'apiKey',
          in: 'header',
          name: OPEN_HEADERS.signature,
          description:
            'hex(HMAC-SHA256(appSecret, METHOD\\npath\\nsortedQuery\\nhex(sha256(body))\\ntimestamp\\nnonce))',
        },
        clientCredentials: {
          type: 'oauth2',
          description: 'grant_type=client_credentials with Basic appKey:appSecret; tokens last 2 hours.',
          flows: {
            clientCredentials: {
              tokenUrl: `${server ?? ''}/api/auth/oauth/token`,
              scopes: Object.fromEntries(Object.entries(OPEN_GROUP_TEXTS).map(([k, t]) => [k, t.en])),
            },
          },
        },
      },
      parameters: {
        TenantTaxNo: {
          name: OPEN_HEADERS.tenantTaxNo,
          in: 'header',
          required: false,
          description: 'The tax number of the enterprise the call acts for (ISV applications).',
          schema: { type: 'string', maxLength: 64 },
        },
        EnterpriseId: {
          name: OPEN_HEADERS.enterpriseId,
          in: 'header',
          required: false,
          description: 'The id of the enterprise the call acts for (instead of the tax number).',
          schema: { type: 'string', pattern: '^[0-9]{1,9}$' },
        },
        Timestamp: {
          name: OPEN_HEADERS.timestamp,
          in: 'header',
          required: false,
          description: 'Signed calls: Unix time in seconds, within 5 minutes of the server clock.',
          schema: { type: 'string', pattern: '^[0-9]{1,13}$' },
        },
        Nonce: {
          name: OPEN_HEADERS.nonce,
          in: 'header',
          required: false,
          description: 'Signed calls: a fresh random string for every request.',
          schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,64}$' },
        },
      },
      headers: {
        RateLimitLimit: { description: 'Calls allowed in the window', schema: { type: 'integer' } },
        RateLimitRemaining: { description: 'Calls left in the window', schema: { type: 'integer' } },
        RateLimitReset: { description: 'Seconds until the window resets', schema: { type: 'integer' } },
        RetryAfter: { description: 'Seconds to wait before retrying', schema: { type: 'integer' } },
      },
      responses: {
        OpenError: {
          description: 'Refused: the envelope with an error code (x-error-codes) and data null or details',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/OpenEnvelope' } } },
        },
        OpenRateLimited: {
          description: 'RATE_LIMITED: over the app’s, the enterprise’s or the API’s limit',
          headers: {
            'Retry-After': { $ref: '#/components/headers/RetryAfter' },
            'X-RateLimit-Limit': { $ref: '#/components/headers/RateLimitLimit' },
            'X-RateLimit-Remaining': { $ref: '#/components/headers/RateLimitRemaining' },
            'X-RateLimit-Reset': { $ref: '#/components/headers/RateLimitReset' },
          },
          content: { 'application/json': { schema: { $ref: '#/components/schemas/OpenEnvelope' } } },
        },
      },
      schemas: {
        ...schemas.schemas,
        OpenErrorCode: { type: 'string', enum: codes },
        OpenEnvelope: {
          type: 'object',
          required: ['code', 'message', 'requestId', 'data'],
          properties: {
            code: { $ref: '#/components/schemas/OpenErrorCode' },
            message: { type: 'string' },
            requestId: { type: 'string' },
            data: {},
          },
        },
      },
    },
    paths,
  };
}
