import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Db } from '@fpy/db';
import pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { JobQueue } from '../../../jobs/queue.ts';
import type { InstanceIdentity } from './registry.ts';

/** Latencies kept per sample interval for its percentiles: enough for p95, bounded whatever the traffic. */
const KEEP_LATENCIES = 4000;

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** The node-postgres pool behind a Drizzle handle (drizzle exposes it as $client); PGlite has none. */
export function poolStats(db: Db): PoolStats | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return null;
  return { total: client.totalCount, idle: client.idleCount, waiting: client.waitingCount };
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : null;

/**
 * This instance's metrics: a prom-client registry of its own (two apps in one test process never mix), the
 * request counter and latency histogram per route, job runs, queue depth and DB pool read at scrape time,
 * process metrics and event-loop lag from collectDefaultMetrics — and a small accumulator the sampler drains
 * every heartbeat into monitor_samples (the console's charts, every instance's).
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly latency: Histogram<'method' | 'route'>;
  private readonly jobRuns: Counter<'kind' | 'name' | 'outcome'>;
  private readonly jobSeconds: Histogram<'kind' | 'name'>;
  private readonly lag = monitorEventLoopDelay({ resolution: 20 });
  private window = { requests: 0, errors: 0, latencies: [] as number[], since: performance.now() };

  constructor(me: InstanceIdentity, jobs: JobQueue, dbs: { db: Db; jobsDb: Db }) {
    this.registry.setDefaultLabels({ instance_id: me.id });
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 });
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      registers: [this.registry],
    });
    this.latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request latency by method and route template',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    this.jobRuns = new Counter({
      name: 'background_runs_total',
      help: 'Background job batches and scheduled task runs, by outcome',
      labelNames: ['kind', 'name', 'outcome'],
      registers: [this.registry],
    });
    this.jobSeconds = new Histogram({
      name: 'background_run_duration_seconds',
      help: 'Duration of background job batches and scheduled task runs',
      labelNames: ['kind', 'name'],
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30, 120],
      registers: [this.registry],
    });
    new Gauge({
      name: 'jobs_queue_depth',
      help: 'Background jobs by queue and state (waiting, delayed, running, failed)',
      labelNames: ['queue', 'state'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const c of (await jobs.counts?.()) ?? [])
          for (const state of ['waiting', 'delayed', 'running', 'failed'] as const)
            this.set({ queue: c.name, state }, c[state]);
      },
    });
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections by pool (requests, jobs) and state (total, idle, waiting)',
      labelNames: ['pool', 'state'],
      registers: [this.registry],
      collect() {
        for (const [pool, db] of [
          ['requests', dbs.db],
          ['jobs', dbs.jobsDb],
        ] as const) {
          const s = poolStats(db);
          if (!s) continue;
          this.set({ pool, state: 'total' }, s.total);
          this.set({ pool, state: 'idle' }, s.idle);
          this.set({ pool, state: 'waiting' }, s.waiting);
        }
      },
    });
    new Gauge({
      name: 'fpy_instance_info',
      help: 'This server instance (always 1)',
      labelNames: ['host', 'pid', 'version', 'queue'],
      registers: [this.registry],
    }).set({ host: me.host, pid: String(me.pid), version: me.version, queue: me.queue }, 1);
    this.lag.enable();
  }

  observeRequest(method: string, route: string, status: number, seconds: number) {
    this.requests.inc({ method, route, status: String(status) });
    this.latency.observe({ method, route }, seconds);
    const w = this.window;
    w.requests += 1;
    if (status >= 500) w.errors += 1;
    if (w.latencies.length < KEEP_LATENCIES) w.latencies.push(seconds * 1000);
  }

  observeRun(kind: 'job' | 'task', name: string, seconds: number, ok: boolean) {
    this.jobRuns.inc({ kind, name, outcome: ok ? 'ok' : 'error' });
    this.jobSeconds.observe({ kind, name }, seconds);
  }

  /** What happened since the last call (the sampler's row), and a fresh window. */
  drain() {
    const w = this.window;
    this.window = { requests: 0, errors: 0, latencies: [], since: performance.now() };
    const sorted = w.latencies.sort((a, b) => a - b);
    const lagMs = this.lag.count > 0 ? this.lag.mean / 1e6 : null;
    this.lag.reset();
    return {
      requests: w.requests,
      errors: w.errors,
      intervalSeconds: Math.max(0.001, (performance.now() - w.since) / 1000),
      latencyP50Ms: pct(sorted, 50),
      latencyP95Ms: pct(sorted, 95),
      eventLoopLagMs: lagMs,
    };
  }

  close() {
    this.lag.disable();
    this.registry.clear();
  }
}
