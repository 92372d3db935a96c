import { z } from 'zod';
import {
  DATE_ORDER_ISSUE,
  dateOrder,
  dateRange,
  optionalQueryId,
  pagedQuery,
  pageReply,
  text,
} from '../common.ts';
import { defineRoute } from '../route.ts';

/**
 * Issue 32 §3, lane WATCH: the open API as its operators watch it, all over open_call_logs (lane CORE's call-log
 * writer) — 接口统计 and 接口明细 (/openPlatformManager), 接口管理, 网关管理 and 服务管理 (/authManager).
 * Platform-only: the calls of every company and app.
 */
const tag = 'open-call-stats';
const CALLS = '/api/admin/open-calls';

const blankAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** An open operation code as declared on the contracts ('invoice.issue'). */
export const operationField = z
  .string({ error: '接口编码格式不正确' })
  .trim()
  .regex(/^[a-z][a-zA-Z0-9_-]*(\.[a-zA-Z0-9_-]+)*$/, '接口编码格式不正确')
  .max(64, '接口编码格式不正确');

/** The filters the statistics, the log and its export share. Dates: yyyy-MM-dd in Asia/Shanghai, inclusive. */
const callFilters = {
  ...dateRange,
  appId: optionalQueryId,
  tenantId: optionalQueryId,
  operation: blankAbsent(operationField),
};

export const CALL_STATS_GROUPS = ['day', 'app', 'tenant', 'operation'] as const;
export type CallStatsGroup = (typeof CALL_STATS_GROUPS)[number];

export const callStatsQuery = z
  .object({
    ...callFilters,
    groupBy: z.enum(CALL_STATS_GROUPS, { message: '分组只能是日期、应用、企业或接口' }).default('day'),
  })
  .refine(dateOrder, DATE_ORDER_ISSUE);

const figures = {
  calls: z.number().int(),
  /** Answers other than OK (any refusal or failure). */
  errors: z.number().int(),
  errorRate: z.number(),
  /** 429 answers (a limit hit). */
  limited: z.number().int(),
  avgMs: z.number(),
  p95Ms: z.number(),
};

export const callStatsRow = z.object({ key: z.string(), label: z.string(), ...figures });
export type CallStatsRow = z.infer<typeof callStatsRow>;

export const getCallStats = defineRoute({
  method: 'GET',
  path: `${CALLS}/stats`,
  permission: 'interfaceStatistics',
  platformOnly: true,
  tag,
  summary: '开放接口调用统计：合计（调用数、错误率、P95 延迟、限流次数）与按日、应用、企业或接口分组',
  query: callStatsQuery,
  reply: z.object({
    dateFrom: z.string(),
    dateTo: z.string(),
    totals: z.object(figures),
    rows: z.array(callStatsRow),
  }),
});

const CALL_SORTS = ['at', 'latencyMs', 'httpStatus'] as const;

export const callLogQuery = pagedQuery(CALL_SORTS)
  .extend({
    ...callFilters,
    requestId: blankAbsent(
      z
        .string({ error: '请求ID格式不正确' })
        .trim()
        .regex(/^[A-Za-z0-9_.:-]{1,64}$/, '请求ID格式不正确'),
    ),
    httpStatus: blankAbsent(
      z.coerce
        .number({ error: 'HTTP状态须为100~599的整数' })
        .int('HTTP状态须为100~599的整数')
        .min(100, 'HTTP状态须为100~599的整数')
        .max(599, 'HTTP状态须为100~599的整数'),
    ),
    /** The envelope code (OK or a catalogue code). */
    code: blankAbsent(
      z.string({ error: '错误码格式不正确' }).regex(/^[A-Z][A-Z0-9_]{0,63}$/, '错误码格式不正确'),
    ),
    /** Only calls that did not answer OK. */
    failedOnly: blankAbsent(z.enum(['true', 'false'], { message: '只看失败须为 true 或 false' })),
    /** Text in the path or the client address. */
    q: blankAbsent(text(128, '关键字')),
  })
  .refine(dateOrder, DATE_ORDER_ISSUE);
export type CallLogQuery = z.input<typeof callLogQuery>;

export const callLogRow = z.object({
  id: z.number().int(),
  at: z.string(),
  appId: z.number().int().nullable(),
  appKey: z.string().nullable(),
  appName: z.string().nullable(),
  tenantId: z.number().int().nullable(),
  tenantName: z.string().nullable(),
  operation: z.string().nullable(),
  method: z.string(),
  path: z.string(),
  httpStatus: z.number().int(),
  code: z.string(),
  latencyMs: z.number().int(),
  requestId: z.string(),
  ip: z.string().nullable(),
  authMode: z.string().nullable(),
});
export type CallLogRow = z.infer<typeof callLogRow>;

export const listCallLogs = defineRoute({
  method: 'GET',
  path: CALLS,
  permission: 'interfaceDetail',
  platformOnly: true,
  tag,
  summary: '开放接口调用明细（按请求ID、应用、企业、接口、状态、错误码、日期筛选，分页）',
  query: callLogQuery,
  reply: pageReply(callLogRow),
});

export const CALL_EXPORT_MAX = 10_000;

export const exportCallLogs = defineRoute({
  method: 'GET',
  path: `${CALLS}/export`,
  permission: 'interfaceDetail:btn_export',
  platformOnly: true,
  tag,
  summary: `导出调用明细（Excel，按当前筛选，最多 ${CALL_EXPORT_MAX} 条）`,
  query: callLogQuery,
  produces: 'file',
});

const recent = z.object({ calls: z.number().int(), errors: z.number().int(), p95Ms: z.number() });

export const openApiRow = z.object({
  operation: z.string(),
  group: z.string(),
  groupName: z.string(),
  method: z.string(),
  path: z.string(),
  consolePath: z.string(),
  name: z.string(),
  isv: z.boolean(),
  /** enabled | disabled (operators, 平台接口) */
  state: z.string(),
  today: recent,
  week: recent,
  lastCallAt: z.string().nullable(),
});
export type OpenApiRow = z.infer<typeof openApiRow>;

export const listOpenApis = defineRoute({
  method: 'GET',
  path: '/api/admin/open-apis',
  permission: 'apiManager',
  platformOnly: true,
  tag,
  summary: '开放接口清单：每个接口的分组、状态与今日、近7日调用数',
  reply: z.object({ rows: z.array(openApiRow) }),
});

export const gatewayOverview = defineRoute({
  method: 'GET',
  path: '/api/admin/open-gateway',
  permission: 'gatewayManager',
  platformOnly: true,
  tag,
  summary: '网关视图：近7日按认证方式的调用、限流（429）次数、按错误码的拒绝数与配置的限流规则',
  reply: z.object({
    days: z.number().int(),
    authModes: z.array(z.object({ mode: z.string(), calls: z.number().int(), errors: z.number().int() })),
    refusals: z.array(
      z.object({
        code: z.string(),
        httpStatus: z.number().int(),
        count: z.number().int(),
        message: z.string(),
      }),
    ),
    limited: z.object({
      total: z.number().int(),
      byDay: z.array(z.object({ day: z.string(), count: z.number().int() })),
    }),
    limits: z.array(
      z.object({
        scope: z.string(),
        target: z.string(),
        points: z.number().int(),
        windowSeconds: z.number().int(),
        state: z.string(),
        hits: z.number().int(),
      }),
    ),
  }),
});

export const openServicesOverview = defineRoute({
  method: 'GET',
  path: '/api/admin/open-services',
  permission: 'serviceManager',
  platformOnly: true,
  tag,
  summary: '服务视图：开放接口背后的服务模块（按接口分组）及其健康（近1小时错误率、P95）与运行实例',
  reply: z.object({
    readiness: z.object({ status: z.string(), failed: z.array(z.string()) }),
    instances: z.number().int(),
    rows: z.array(
      z.object({
        group: z.string(),
        name: z.string(),
        /** The server modules (contract tags) whose handlers serve the group's APIs. */
        modules: z.array(z.string()),
        apis: z.number().int(),
        enabledApis: z.number().int(),
        hour: recent,
        /** up: answering, errors under 5 % | degraded: 5 %+ server-side failures | idle: no calls this hour */
        health: z.enum(['up', 'degraded', 'idle']),
      }),
    ),
  }),
});
