import { z } from 'zod';
import { pageQuery, pageReply, text } from '../common.ts';
import { defineRoute } from '../route.ts';

/**
 * 服务监控 (/monitorManager, issue 32 §3): the spec's Eureka, monitor and Zipkin pages as today's standards —
 * the instance registry (heartbeats in the database), Prometheus metrics sampled per instance, and recent
 * OpenTelemetry traces. Platform-only: the fleet is the platform's, not a company's.
 */
const tag = 'monitor';
const MONITOR = '/api/admin/monitor';

const blankAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** An instance id as the registry draws them (uuid). */
export const instanceIdField = z
  .string({ error: '实例ID格式不正确' })
  .regex(/^[0-9a-f-]{8,64}$/, '实例ID格式不正确');

export const monitorInstance = z.object({
  id: z.string(),
  host: z.string(),
  pid: z.number().int(),
  version: z.string(),
  queue: z.string(),
  startedAt: z.string(),
  lastHeartbeat: z.string(),
  /** Seconds since the last heartbeat. */
  ageSeconds: z.number(),
  /** The instance answering this request. */
  self: z.boolean(),
});
export type MonitorInstance = z.infer<typeof monitorInstance>;

export const listInstances = defineRoute({
  method: 'GET',
  path: `${MONITOR}/instances`,
  permission: 'serviceEurekaManager',
  platformOnly: true,
  tag,
  summary: '运行中的服务实例（心跳未超时的实例；超时即视为下线）',
  reply: z.object({ rows: z.array(monitorInstance), dropAfterSeconds: z.number().int() }),
});

export const MONITOR_MINUTES_MAX = 360;
export const monitorSampleQuery = z.object({
  /** The window, counted back from now. */
  minutes: z.coerce
    .number({ error: '分钟数须为整数' })
    .int('分钟数须为整数')
    .min(1, '分钟数至少为1')
    .max(MONITOR_MINUTES_MAX, `分钟数最多为${MONITOR_MINUTES_MAX}`)
    .default(30),
  instanceId: blankAbsent(instanceIdField),
});

export const monitorSample = z.object({
  instanceId: z.string(),
  at: z.string(),
  /** Requests per second over the interval. */
  rps: z.number(),
  errorRate: z.number(),
  latencyP50Ms: z.number().nullable(),
  latencyP95Ms: z.number().nullable(),
  eventLoopLagMs: z.number().nullable(),
  rssMb: z.number(),
  heapUsedMb: z.number(),
  queueDepth: z.number().int().nullable(),
  dbPoolTotal: z.number().int().nullable(),
  dbPoolIdle: z.number().int().nullable(),
  dbPoolWaiting: z.number().int().nullable(),
});
export type MonitorSample = z.infer<typeof monitorSample>;

export const listSamples = defineRoute({
  method: 'GET',
  path: `${MONITOR}/samples`,
  permission: 'serviceMonitorManager',
  platformOnly: true,
  tag,
  summary: '各实例近若干分钟的健康与指标采样（请求率、错误率、延迟、事件循环延迟、内存、队列、连接池）',
  query: monitorSampleQuery,
  reply: z.object({
    instances: z.array(
      z.object({ id: z.string(), host: z.string(), pid: z.number().int(), alive: z.boolean() }),
    ),
    rows: z.array(monitorSample),
  }),
});

export const SPAN_KINDS = ['request', 'db', 'job', 'task', 'internal'] as const;
export type SpanKind = (typeof SPAN_KINDS)[number];

export const traceListQuery = pageQuery.extend({
  minutes: z.coerce
    .number({ error: '分钟数须为整数' })
    .int('分钟数须为整数')
    .min(1, '分钟数至少为1')
    .max(1440, '分钟数最多为1440')
    .default(60),
  /** Root span kind. */
  kind: blankAbsent(z.enum(SPAN_KINDS, { message: '类型只能是请求、数据库、任务、定时任务或内部' })),
  /** Text in the root span's name (route, job name). */
  q: blankAbsent(text(128, '关键字')),
  errorOnly: blankAbsent(z.enum(['true', 'false'], { message: '只看错误须为 true 或 false' })),
  minDurationMs: blankAbsent(
    z.coerce
      .number({ error: '最短耗时须为数字' })
      .min(0, '最短耗时不能为负数')
      .max(3_600_000, '最短耗时过大'),
  ),
});

export const traceRow = z.object({
  traceId: z.string(),
  name: z.string(),
  kind: z.string(),
  instanceId: z.string(),
  startedAt: z.string(),
  durationMs: z.number(),
  spans: z.number().int(),
  error: z.boolean(),
});
export type TraceRow = z.infer<typeof traceRow>;

export const listTraces = defineRoute({
  method: 'GET',
  path: `${MONITOR}/traces`,
  permission: 'serviceZipkinManager',
  platformOnly: true,
  tag,
  summary: '最近的调用链（请求、数据库语句、后台任务的 OpenTelemetry span，按根 span 列出）',
  query: traceListQuery,
  reply: pageReply(traceRow),
});

export const traceIdParams = z.object({
  traceId: z.string({ error: '调用链ID格式不正确' }).regex(/^[0-9a-f]{32}$/, '调用链ID格式不正确'),
});

export const traceSpan = z.object({
  spanId: z.string(),
  parentSpanId: z.string().nullable(),
  name: z.string(),
  kind: z.string(),
  instanceId: z.string(),
  startedAt: z.string(),
  /** Offset from the trace's first span. */
  offsetMs: z.number(),
  durationMs: z.number(),
  error: z.boolean(),
  attributes: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
});
export type TraceSpan = z.infer<typeof traceSpan>;

export const getTrace = defineRoute({
  method: 'GET',
  path: `${MONITOR}/traces/{traceId}`,
  permission: 'serviceZipkinManager',
  platformOnly: true,
  tag,
  summary: '一条调用链的全部 span（瀑布图）',
  params: traceIdParams,
  reply: z.object({ traceId: z.string(), spans: z.array(traceSpan) }),
});

/**
 * Prometheus text exposition (prom-client). Outside /api like the probes. Public to the access plugin, guarded
 * by the server itself: with METRICS_TOKEN set a scraper sends `Authorization: Bearer <token>`; without it the
 * endpoint answers 404 unless METRICS_PUBLIC=true (an installation whose network already fences it).
 */
export const getMetrics = defineRoute({
  method: 'GET',
  path: '/metrics',
  permission: 'public',
  tag: 'health',
  summary: 'Prometheus 指标（文本格式；需 METRICS_TOKEN 持有者令牌，或 METRICS_PUBLIC=true）',
  produces: 'file',
});

// —— 任务管理 → 后台任务 / 定时任务 (the queue and the scheduler beside the outbox) ——

const BACKGROUND = '/api/admin/background';

export const queueCounts = z.object({
  name: z.string(),
  waiting: z.number().int(),
  running: z.number().int(),
  delayed: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
});

export const failedQueueJob = z.object({
  id: z.string(),
  name: z.string(),
  attemptsMade: z.number().int(),
  lastError: z.string().nullable(),
  failedAt: z.string().nullable(),
  /** The payload as JSON text, cut at 500 characters. */
  payload: z.string(),
});
export type FailedQueueJob = z.infer<typeof failedQueueJob>;

export const listQueues = defineRoute({
  method: 'GET',
  path: `${BACKGROUND}/queues`,
  permission: 'jobManager',
  platformOnly: true,
  tag: 'job',
  summary: '后台任务：各队列按状态的数量与最近的失败任务（含错误）',
  reply: z.object({
    backend: z.enum(['in-process', 'bullmq']),
    queues: z.array(queueCounts),
    failed: z.array(failedQueueJob),
  }),
});

/** A queue job id: `<name>:<n>` in process, `<name>|<id>` on BullMQ. */
export const queueJobBody = z.object({
  id: z.string({ error: '任务ID格式不正确' }).regex(/^[A-Za-z0-9_.:|#-]{1,200}$/, '任务ID格式不正确'),
});

export const retryQueueJob = defineRoute({
  method: 'POST',
  path: `${BACKGROUND}/jobs/retry`,
  permission: 'jobManager:btn_retry',
  platformOnly: true,
  tag: 'job',
  summary: '重试一个失败的后台任务（新一轮尝试）',
  body: queueJobBody,
  reply: z.object({ ok: z.literal(true) }),
});

export const removeQueueJob = defineRoute({
  method: 'POST',
  path: `${BACKGROUND}/jobs/remove`,
  permission: 'jobManager:btn_remove',
  platformOnly: true,
  tag: 'job',
  summary: '删除一个失败或等待中的后台任务',
  body: queueJobBody,
  reply: z.object({ ok: z.literal(true) }),
});

export const scheduleRow = z.object({
  name: z.string(),
  intervalSeconds: z.number(),
  paused: z.boolean(),
  pausedAt: z.string().nullable(),
  pausedBy: z.string().nullable(),
  /** This instance's runs since it started. */
  runs: z.number().int(),
  running: z.boolean(),
  lastRunAt: z.string().nullable(),
  lastDurationMs: z.number().nullable(),
  lastError: z.string().nullable(),
});
export type ScheduleRow = z.infer<typeof scheduleRow>;

export const listSchedules = defineRoute({
  method: 'GET',
  path: `${BACKGROUND}/schedules`,
  permission: 'jobManager',
  platformOnly: true,
  tag: 'job',
  summary: '定时任务：间隔、是否暂停、本实例的运行次数与最近一次结果',
  reply: z.object({ rows: z.array(scheduleRow) }),
});

export const scheduleParams = z.object({
  name: z
    .string({ error: '定时任务名称格式不正确' })
    .regex(/^[a-z][a-z0-9_-]*(\.[a-z0-9_-]+)*$/, '定时任务名称格式不正确')
    .max(64, '定时任务名称格式不正确'),
});

export const pauseSchedule = defineRoute({
  method: 'POST',
  path: `${BACKGROUND}/schedules/{name}/pause`,
  permission: 'jobManager:btn_pause',
  platformOnly: true,
  tag: 'job',
  summary: '暂停一个定时任务（存入数据库，所有实例都跳过它，直到恢复；写审计）',
  params: scheduleParams,
  reply: scheduleRow,
});

export const resumeSchedule = defineRoute({
  method: 'POST',
  path: `${BACKGROUND}/schedules/{name}/resume`,
  permission: 'jobManager:btn_pause',
  platformOnly: true,
  tag: 'job',
  summary: '恢复一个已暂停的定时任务（写审计）',
  params: scheduleParams,
  reply: scheduleRow,
});
