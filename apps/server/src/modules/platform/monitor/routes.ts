import { timingSafeEqual } from 'node:crypto';
import {
  getMetrics,
  getTrace,
  listInstances,
  listQueues,
  listSamples,
  listSchedules,
  listTraces,
  pauseSchedule,
  removeQueueJob,
  resumeSchedule,
  retryQueueJob,
} from '@fpy/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/route.ts';
import { businessError, notFound, unauthenticated } from '../../../lib/errors.ts';
import type { MonitorInstance } from './instance.ts';
import { readSamples, readTrace, readTraces } from './reads.ts';
import { runningInstances } from './registry.ts';
import { scheduleRows, setPaused } from './schedules.ts';

const FAILED_SHOWN = 50;

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** 服务监控 (/monitorManager) and 任务管理's background jobs and schedules; /metrics for scrapers. */
export function registerMonitorRoutes(app: FastifyInstance, inst: MonitorInstance) {
  route(app, getMetrics, async (ctx, { req, reply }) => {
    const { METRICS_TOKEN, METRICS_PUBLIC } = ctx.config;
    if (METRICS_TOKEN) {
      if (!sameText(req.headers.authorization ?? '', `Bearer ${METRICS_TOKEN}`))
        throw unauthenticated('METRICS_TOKEN_INVALID');
    } else if (METRICS_PUBLIC !== 'true') throw notFound();
    const text = await inst.metrics.registry.metrics();
    reply.header('content-type', inst.metrics.registry.contentType).header('cache-control', 'no-store');
    return reply.send(text) as never;
  });

  route(app, listInstances, async (ctx) => {
    const drop = ctx.config.MONITOR_DROP_SECONDS;
    const now = Date.now();
    const rows = await runningInstances(ctx.db, drop);
    return {
      dropAfterSeconds: drop,
      rows: rows.map((r) => ({
        id: r.id,
        host: r.host,
        pid: r.pid,
        version: r.version,
        queue: r.queue,
        startedAt: r.startedAt.toISOString(),
        lastHeartbeat: r.lastHeartbeat.toISOString(),
        ageSeconds: Math.max(0, Math.round((now - r.lastHeartbeat.getTime()) / 100) / 10),
        self: r.id === inst.me.id,
      })),
    };
  });

  route(app, listSamples, (ctx, { query }) => readSamples(ctx.db, query, ctx.config.MONITOR_DROP_SECONDS));

  route(app, listTraces, (ctx, { query }) => readTraces(ctx.db, query));

  route(app, getTrace, async (ctx, { params }) => {
    const t = await readTrace(ctx.db, params.traceId);
    if (!t) throw notFound('NOT_FOUND.trace');
    return t;
  });

  route(app, listQueues, async (ctx) => ({
    backend: ctx.config.REDIS_URL ? ('bullmq' as const) : ('in-process' as const),
    queues: (await ctx.jobs.counts?.()) ?? [],
    failed: ((await ctx.jobs.failedJobs?.(FAILED_SHOWN)) ?? []).map((j) => ({
      id: j.id,
      name: j.name,
      attemptsMade: j.attemptsMade,
      lastError: j.lastError,
      failedAt: j.failedAt,
      payload: (JSON.stringify(j.payload) ?? 'null').slice(0, 500),
    })),
  }));

  route(app, retryQueueJob, async (ctx, { body }) => {
    if (!(await ctx.jobs.get(body.id))) throw notFound('NOT_FOUND.queue_job');
    if (!(await ctx.jobs.retry?.(body.id))) throw businessError('QUEUE_JOB_NOT_RETRYABLE');
    ctx.log.info({ job: body.id, by: ctx.actor.username }, 'background job retried');
    return { ok: true as const };
  });

  route(app, removeQueueJob, async (ctx, { body }) => {
    if (!(await ctx.jobs.get(body.id))) throw notFound('NOT_FOUND.queue_job');
    if (!(await ctx.jobs.remove?.(body.id))) throw businessError('QUEUE_JOB_RUNNING');
    ctx.log.info({ job: body.id, by: ctx.actor.username }, 'background job removed');
    return { ok: true as const };
  });

  route(app, listSchedules, async (ctx) => ({ rows: await scheduleRows(ctx) }));
  route(app, pauseSchedule, (ctx, { params }) => setPaused(ctx, params.name, true));
  route(app, resumeSchedule, (ctx, { params }) => setPaused(ctx, params.name, false));
}
