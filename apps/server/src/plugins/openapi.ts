import * as allContracts from '@fpy/contracts';
import { type RouteContract, rateBudgetOf } from '@fpy/contracts';
import { SchemaComponents } from './openapi-schemas.ts';

const isContract = (v: unknown): v is RouteContract =>
  !!v && typeof v === 'object' && 'method' in v && 'path' in v && 'permission' in v && 'summary' in v;

/** operationId = the contract's exported name in packages/contracts (createInvoice, listUsers, …). */
const exportedNames = new Map<RouteContract, string>(
  Object.entries(allContracts)
    .filter(([, v]) => isContract(v))
    .map(([name, v]) => [v as RouteContract, name]),
);

/** Contracts declared elsewhere (generated resource routes): method + path in camelCase, still unique. */
function derivedId(c: RouteContract): string {
  const words = c.path
    .replace(/^\/api\//, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [c.method.toLowerCase(), ...words.map((w) => w[0].toUpperCase() + w.slice(1))].join('');
}

function parameters(c: RouteContract, schemas: SchemaComponents, id: string) {
  const out: object[] = [];
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
    for (const [name, schema] of Object.entries(js.properties ?? {})) {
      out.push({ name, in: where, required: where === 'path' || (js.required ?? []).includes(name), schema });
    }
  }
  return out;
}

const MEDIA = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
  multipart: 'multipart/form-data',
};

/**
 * The OpenAPI 3.1 document, generated from the same contracts the server enforces, in the shape outside tools
 * accept (Redocly's recommended rules, openapi-typescript): references resolve, every operation has an
 * operationId and says how it is authorised, and `servers` names where the API is.
 */
export function buildOpenApi(contracts: RouteContract[], opts: { publicBaseUrl?: string } = {}) {
  const paths: Record<string, Record<string, object>> = {};
  const schemas = new SchemaComponents();
  const used = new Set<string>();
  for (const c of contracts) {
    let id = exportedNames.get(c) ?? derivedId(c);
    for (let i = 2; used.has(id); i++) id = `${exportedNames.get(c) ?? derivedId(c)}${i}`;
    used.add(id);
    const replySchema =
      c.produces === 'file' ? undefined : c.reply ? schemas.convert(c.reply, 'output', `${id}Reply`) : {};
    const jsonReply = (description: string) => ({
      description,
      content: { 'application/json': { schema: replySchema } },
    });
    const op: Record<string, unknown> = {
      operationId: id,
      summary: c.summary,
      tags: [c.tag],
      'x-permission': c.permission,
      ...(c.platformOnly ? { 'x-platform-only': true } : {}),
      ...(rateBudgetOf(c) ? { 'x-rate-limit': rateBudgetOf(c) } : {}),
      parameters: parameters(c, schemas, id),
      responses: {
        200:
          c.produces === 'file'
            ? { description: 'file', content: { 'application/octet-stream': {} } }
            : jsonReply('OK'),
        // Statuses the route answers on purpose with the same body (readiness: 503 while not ready).
        ...Object.fromEntries(Object.entries(c.otherReplies ?? {}).map(([st, d]) => [st, jsonReply(d)])),
        400: { description: '参数不合法 { status: 400, code, message }' },
        ...(rateBudgetOf(c) ? { 429: { description: '操作过于频繁 { code: RATE_LIMITED }' } } : {}),
        ...(c.permission === 'public'
          ? {}
          : {
              401: { description: '未登录 { status: 40101 }' },
              403: { description: '无权限 { status: 40301 }' },
            }),
      },
    };
    if (c.body) {
      op.requestBody = {
        required: true,
        content: { [MEDIA[c.consumes ?? 'json']]: { schema: schemas.convert(c.body, 'input', `${id}Body`) } },
      };
    } else if (c.consumes === 'multipart') {
      op.requestBody = {
        required: true,
        content: {
          [MEDIA.multipart]: {
            schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } },
          },
        },
      };
    }
    // Public operations say so (an empty requirement); the token endpoint takes the OAuth client's credential.
    op.security = c.clientCredential
      ? [{ clientBasic: [] }]
      : c.permission === 'public'
        ? []
        : [{ bearer: [] }];
    paths[c.path] ??= {};
    paths[c.path][c.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: '发票云 API',
      version: '0.1.0',
      description: '每个接口的 x-permission 是调用它所需的菜单或按钮权限编码（数组表示持有其一即可）。',
      license: { name: 'Proprietary', url: 'https://fapiao.example.com/terms' },
    },
    servers: [
      opts.publicBaseUrl
        ? { url: opts.publicBaseUrl.replace(/\/$/, ''), description: 'this deployment' }
        : { url: '/', description: 'the server that served this document' },
    ],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'The access_token from /api/auth/oauth/token',
        },
        clientBasic: {
          type: 'http',
          scheme: 'basic',
          description: 'The OAuth client: clientId:clientSecret',
        },
      },
      schemas: schemas.schemas,
    },
    paths,
  };
}
