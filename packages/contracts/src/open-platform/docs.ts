import { z } from 'zod';
import { idSchema } from '../common.ts';
import { defineRoute } from '../route.ts';
import { OPEN_GROUPS } from './spec.ts';

/**
 * Issue 32 §2 documentation (lane HOOKS; server modules/open-platform/docs, web features/open-platform/docs): the
 * /developerOptions pages present each product line's open APIs (derived from the contracts' `open`
 * declarations), a try-it console that signs with one of the caller's company's apps and calls the sandbox for
 * real, the caller's limits and usage, the webhook payloads, and /authManager/errorCode the error catalogue. The
 * open OpenAPI document is rendered by swagger-ui at OPEN_DOCS_VIEWER_PATH (served by the server, outside the
 * console's bundle).
 */
const tag = 'open-platform-docs';
const BASE = '/api/open-platform/docs';

/** Where the open OpenAPI document's viewer is served (a stable URL; the openPlatForm page embeds it). */
export const OPEN_DOCS_VIEWER_PATH = '/docs/openapi/';

/** The page of each product line (menu code → interface group). */
export const DOC_PAGES = {
  outputInvoice: 'output-invoice',
  inputInvoice: 'input-invoice',
  electronicInvoice: 'electronic-invoice',
  deviceCenterSetting: 'device-center',
  userCenter: 'user-center',
  openPlatForm: 'open-platform',
} as const;
/** Every docs page's code: any one lets a user read the shared docs routes. */
export const DOC_PAGE_CODES = [...Object.keys(DOC_PAGES), 'currentLimiting'] as const;

const json = z.record(z.string(), z.unknown());

export const docOperation = z.object({
  operation: z.string(),
  method: z.string(),
  /** The open path ('{id}' style). */
  path: z.string(),
  consolePath: z.string(),
  summary: z.object({ zh: z.string(), en: z.string() }),
  isv: z.boolean(),
  idempotencyKey: z.string().nullable(),
  /** The console codes the caller needs to try it (the route's own permission). */
  permission: z.array(z.string()),
  /** Whether the caller holds them. */
  allowed: z.boolean(),
  params: json.nullable(),
  query: json.nullable(),
  body: json.nullable(),
  reply: json.nullable(),
});
export type DocOperation = z.infer<typeof docOperation>;

export const docGroupReply = z.object({
  group: z.enum(OPEN_GROUPS),
  name: z.object({ zh: z.string(), en: z.string() }),
  description: z.object({ zh: z.string(), en: z.string() }),
  prefix: z.string(),
  /** The request headers of the open API (name by role). */
  headers: z.record(z.string(), z.string()),
  maxSkewSeconds: z.number().int(),
  bodyLimit: z.number().int(),
  viewer: z.string(),
  document: z.string(),
  operations: z.array(docOperation),
});
export type DocGroupReply = z.infer<typeof docGroupReply>;

export const getDocGroup = defineRoute({
  method: 'GET',
  path: `${BASE}/groups/{group}`,
  permission: DOC_PAGE_CODES,
  tag,
  summary: '某产品线的开放接口（由契约的 open 声明生成：路径、参数与应答结构、幂等键、ISV 可否调用）',
  params: z.object({ group: z.enum(OPEN_GROUPS, { message: '接口分组不存在' }) }),
  reply: docGroupReply,
});

export const docAppsReply = z.object({
  rows: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      appKey: z.string(),
      state: z.string(),
      secretHint: z.string(),
      groups: z.array(z.string()),
    }),
  ),
});

export const listDocApps = defineRoute({
  method: 'GET',
  path: `${BASE}/apps`,
  permission: DOC_PAGE_CODES,
  tag,
  summary: '本企业可用于在线调试的应用（自有应用）',
  reply: docAppsReply,
});

const tryValue = z.union([z.string().max(200), z.number(), z.boolean()]);
export const tryBody = z.object({
  appId: idSchema,
  operation: z
    .string()
    .trim()
    .regex(/^[a-z][a-zA-Z0-9_-]*(\.[a-zA-Z0-9_-]+)+$/, '接口编码格式不正确')
    .max(64),
  params: z.record(z.string().max(64), tryValue).optional(),
  query: z.record(z.string().max(64), tryValue).optional(),
  /** The JSON body to send (for POST / PUT / PATCH). */
  body: z.unknown().optional(),
});

export const tryReply = z.object({
  request: z.object({
    method: z.string(),
    url: z.string(),
    headers: z.record(z.string(), z.string()),
    body: z.string(),
  }),
  bodySha256: z.string(),
  stringToSign: z.string(),
  signature: z.string(),
  response: z.object({
    status: z.number().int(),
    headers: z.record(z.string(), z.string()),
    body: z.unknown(),
  }),
  latencyMs: z.number().int(),
});
export type TryReply = z.infer<typeof tryReply>;

export const tryOpenApi = defineRoute({
  method: 'POST',
  path: `${BASE}/try`,
  permission: DOC_PAGE_CODES,
  tag,
  summary: '在线调试：用本企业的应用签名，真实调用沙箱中的开放接口，返回请求、签名串、签名与应答',
  body: tryBody,
  reply: tryReply,
  bodyLimit: 256 * 1024,
});

const limitRow = z.object({
  scope: z.enum(['app', 'enterprise', 'api']),
  /** Which app / operation it is for (null: every one). */
  appId: z.number().int().nullable(),
  appName: z.string().nullable(),
  operation: z.string().nullable(),
  points: z.number().int(),
  windowSeconds: z.number().int(),
  /** 'configured' by an operator, or the built-in 'default'. */
  source: z.enum(['configured', 'default']),
});
export const docLimitsReply = z.object({
  tenantId: z.number().int().nullable(),
  limits: z.array(limitRow),
  usage: z.array(
    z.object({
      appId: z.number().int(),
      appName: z.string(),
      lastMinute: z.number().int(),
      lastHour: z.number().int(),
      today: z.number().int(),
      refusedToday: z.number().int(),
    }),
  ),
  headers: z.array(z.string()),
});
export type DocLimitsReply = z.infer<typeof docLimitsReply>;

export const getDocLimits = defineRoute({
  method: 'GET',
  path: `${BASE}/limits`,
  permission: 'currentLimiting',
  tag,
  summary: '当前限流：本企业适用的限额（按应用、企业、接口）与当前用量',
  reply: docLimitsReply,
});

export const docWebhooksReply = z.object({
  events: z.array(
    z.object({
      type: z.string(),
      text: z.object({ zh: z.string(), en: z.string() }),
      body: z.string(),
      headers: z.record(z.string(), z.string()),
    }),
  ),
  secret: z.string(),
  headers: z.record(z.string(), z.string()),
  retry: z.object({ baseSeconds: z.number(), maxDelaySeconds: z.number(), horizonHours: z.number() }),
});

export const getDocWebhooks = defineRoute({
  method: 'GET',
  path: `${BASE}/webhooks`,
  permission: 'openPlatForm',
  tag,
  summary: 'Webhook 事件、示例载荷与签名（由发送代码生成的示例）',
  reply: docWebhooksReply,
});

export const docErrorCodesReply = z.object({
  rows: z.array(
    z.object({
      code: z.string(),
      status: z.number().int(),
      message: z.object({ zh: z.string(), en: z.string() }),
      remedy: z.object({ zh: z.string(), en: z.string() }),
    }),
  ),
});

export const getDocErrorCodes = defineRoute({
  method: 'GET',
  path: `${BASE}/error-codes`,
  permission: 'errorCode',
  tag,
  summary: '开放接口错误码：HTTP 状态、中英文信息与处理建议',
  reply: docErrorCodesReply,
});
