import { type RouteContract, rateBudgetOf } from '@fpy/contracts';
import { z } from 'zod';

type OverrideCtx = { zodSchema: unknown; jsonSchema: Record<string, unknown> };

/**
 * For input, zod documents a pipe by its input side: `sort` (any text in, one of the sortable keys out) would
 * read as free text. When the output side is a closed set, the document names it, so clients and the attack
 * walk know the keys.
 */
function closedPipeOutput(ctx: OverrideCtx) {
  const def = (ctx.zodSchema as { _zod: { def: { type: string; out?: { _zod: { def: any } } } } })._zod.def;
  if (def.type !== 'pipe' || !def.out) return;
  const out = def.out._zod.def;
  if (out.type === 'enum') ctx.jsonSchema.enum = Object.values(out.entries);
  else if (out.type === 'literal') ctx.jsonSchema.enum = [...out.values];
}

function jsonSchema(s: z.ZodType, io: 'input' | 'output') {
  try {
    return z.toJSONSchema(s, {
      io,
      unrepresentable: 'any',
      ...(io === 'input' ? { override: closedPipeOutput } : {}),
    });
  } catch {
    return {};
  }
}

function parameters(c: RouteContract) {
  const out: object[] = [];
  for (const [part, where] of [
    ['params', 'path'],
    ['query', 'query'],
  ] as const) {
    const s = c[part];
    if (!s) continue;
    const js = jsonSchema(s, 'input') as { properties?: Record<string, object>; required?: string[] };
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

/** The OpenAPI 3.1 document, generated from the same contracts the server enforces. */
export function buildOpenApi(contracts: RouteContract[]) {
  const paths: Record<string, Record<string, object>> = {};
  for (const c of contracts) {
    const op: Record<string, unknown> = {
      summary: c.summary,
      tags: [c.tag],
      'x-permission': c.permission,
      ...(c.platformOnly ? { 'x-platform-only': true } : {}),
      ...(rateBudgetOf(c) ? { 'x-rate-limit': rateBudgetOf(c) } : {}),
      parameters: parameters(c),
      responses: {
        200:
          c.produces === 'file'
            ? { description: 'file', content: { 'application/octet-stream': {} } }
            : {
                description: 'OK',
                content: { 'application/json': { schema: c.reply ? jsonSchema(c.reply, 'output') : {} } },
              },
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
        content: { [MEDIA[c.consumes ?? 'json']]: { schema: jsonSchema(c.body, 'input') } },
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
    if (c.permission !== 'public') op.security = [{ bearer: [] }];
    paths[c.path] ??= {};
    paths[c.path][c.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: '发票云 API',
      version: '0.1.0',
      description: '每个接口的 x-permission 是调用它所需的菜单或按钮权限编码（数组表示持有其一即可）。',
    },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}
