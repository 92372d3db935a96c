import { bigint, boolean, index, integer, jsonb, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The instance registry (issue 32 §3, /monitorManager/serviceEurekaManager; module platform/monitor): every
 * server process writes its row at start and refreshes `last_heartbeat`; a row whose heartbeat is older than
 * the drop-out horizon no longer counts as running (and is deleted later). The database holds it whether or not
 * Redis is configured, so one query lists the fleet.
 */
export const monitorInstances = pgTable(
  'monitor_instances',
  {
    /** A random id the process draws at start. */
    id: text('id').primaryKey(),
    host: text('host').notNull(),
    pid: integer('pid').notNull(),
    version: text('version').notNull(),
    /** in-process | bullmq (which queue the instance runs). */
    queue: text('queue').notNull(),
    startedAt: ts('started_at').notNull().defaultNow(),
    lastHeartbeat: ts('last_heartbeat').notNull().defaultNow(),
    /** Set by a graceful stop: it left, it did not die. */
    stoppedAt: ts('stopped_at'),
  },
  (t) => [index('monitor_instances_heartbeat_idx').on(t.lastHeartbeat)],
);

/**
 * Samples of each instance's health and metrics (serviceMonitorManager's charts), one row per instance per
 * sample interval; deleted past the retention window.
 */
export const monitorSamples = pgTable(
  'monitor_samples',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    instanceId: text('instance_id').notNull(),
    at: ts('at').notNull().defaultNow(),
    /** Requests answered during the interval, and of those with status ≥ 500. */
    requests: integer('requests').notNull(),
    errors: integer('errors').notNull(),
    intervalSeconds: real('interval_seconds').notNull(),
    latencyP50Ms: real('latency_p50_ms'),
    latencyP95Ms: real('latency_p95_ms'),
    eventLoopLagMs: real('event_loop_lag_ms'),
    rssBytes: bigint('rss_bytes', { mode: 'number' }).notNull(),
    heapUsedBytes: bigint('heap_used_bytes', { mode: 'number' }).notNull(),
    /** Background jobs waiting or delayed (this instance's in-process queue, or the shared BullMQ queues). */
    queueDepth: integer('queue_depth'),
    dbPoolTotal: integer('db_pool_total'),
    dbPoolIdle: integer('db_pool_idle'),
    dbPoolWaiting: integer('db_pool_waiting'),
  },
  (t) => [
    index('monitor_samples_at_idx').on(t.at),
    index('monitor_samples_instance_at_idx').on(t.instanceId, t.at),
  ],
);

/**
 * Recent OpenTelemetry spans (serviceZipkinManager): requests, database statements and jobs, written in batches
 * by each instance, a bounded window (retention by age and by count).
 */
export const monitorSpans = pgTable(
  'monitor_spans',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    traceId: text('trace_id').notNull(),
    spanId: text('span_id').notNull(),
    parentSpanId: text('parent_span_id'),
    instanceId: text('instance_id').notNull(),
    name: text('name').notNull(),
    /** request | db | job | task | internal */
    kind: text('kind').notNull(),
    startedAt: ts('started_at').notNull(),
    durationUs: bigint('duration_us', { mode: 'number' }).notNull(),
    error: boolean('error').notNull().default(false),
    attributes: jsonb('attributes').$type<Record<string, string | number | boolean>>(),
  },
  (t) => [index('monitor_spans_trace_idx').on(t.traceId), index('monitor_spans_started_idx').on(t.startedAt)],
);

/**
 * Scheduled tasks an operator paused (任务管理 → 定时任务): stored, so every instance skips them until resumed.
 */
export const monitorSchedulePauses = pgTable('monitor_schedule_pauses', {
  name: text('name').primaryKey(),
  pausedAt: ts('paused_at').notNull().defaultNow(),
  pausedBy: text('paused_by'),
});
