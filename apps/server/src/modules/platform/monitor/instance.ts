import { type Db, monitorSamples } from '@fpy/db';
import { lt } from 'drizzle-orm';
import type { Services } from '../../../http/context.ts';
import { Metrics, poolStats } from './metrics.ts';
import { heartbeat, type InstanceIdentity, leave, newIdentity } from './registry.ts';
import { Tracing } from './tracing.ts';

/** Samples older than this are deleted by the prune task. */
export const SAMPLE_RETENTION_MS = 6 * 3600_000;

/**
 * This process in the fleet: its registry identity, metrics and tracing, the heartbeat that also writes its
 * metric sample, and the paused schedules it skips (read from the database every heartbeat and after a change
 * announced on the bus, so a pause holds on every instance).
 */
export class MonitorInstance {
  readonly me: InstanceIdentity;
  readonly metrics: Metrics;
  readonly tracing: Tracing;
  paused = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private beating: Promise<void> | null = null;

  constructor(
    private readonly services: Services,
    private readonly readPaused: (db: Db) => Promise<Set<string>>,
    private readonly onError: (err: unknown) => void,
  ) {
    const c = services.config;
    this.me = newIdentity(c.REDIS_URL ? 'bullmq' : 'in-process');
    this.metrics = new Metrics(this.me, services.jobs, { db: services.db, jobsDb: services.jobsDb });
    this.tracing = new Tracing({
      ratio: c.TRACE_SAMPLE_RATIO,
      instanceId: this.me.id,
      db: services.jobsDb,
      otlpEndpoint: c.OTEL_EXPORTER_OTLP_ENDPOINT,
      onError,
    });
  }

  /** Beats every MONITOR_HEARTBEAT_SECONDS (a timer of its own: every instance beats); the first beat is onReady's. */
  start() {
    if (this.timer) return;
    this.timer = setInterval(() => void this.beat(), this.services.config.MONITOR_HEARTBEAT_SECONDS * 1000);
    this.timer.unref();
  }

  /** One heartbeat: the registry row, this interval's metric sample, the paused schedules. */
  beat(now: Date = new Date()): Promise<void> {
    this.beating ??= this.beatOnce(now).finally(() => {
      this.beating = null;
    });
    return this.beating;
  }

  private async beatOnce(now: Date) {
    const db = this.services.jobsDb;
    try {
      await heartbeat(db, this.me, now);
      const w = this.metrics.drain();
      const mem = process.memoryUsage();
      const pool = poolStats(this.services.db);
      const counts = (await this.services.jobs.counts?.()) ?? null;
      await db.insert(monitorSamples).values({
        instanceId: this.me.id,
        at: now,
        ...w,
        rssBytes: mem.rss,
        heapUsedBytes: mem.heapUsed,
        queueDepth: counts ? counts.reduce((n, c) => n + c.waiting + c.delayed, 0) : null,
        dbPoolTotal: pool?.total ?? null,
        dbPoolIdle: pool?.idle ?? null,
        dbPoolWaiting: pool?.waiting ?? null,
      });
      this.paused = await this.readPaused(db);
    } catch (err) {
      this.onError(err);
    }
  }

  async refreshPaused() {
    this.paused = await this.readPaused(this.services.db).catch(() => this.paused);
  }

  /** Stops beating, writes the last spans and leaves the registry (the instance drops out at once). */
  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.beating;
    await this.tracing.shutdown().catch(this.onError);
    await leave(this.services.jobsDb, this.me).catch(this.onError);
    this.metrics.close();
  }
}

export async function pruneSamples(db: Db, now: Date = new Date()) {
  await db.delete(monitorSamples).where(lt(monitorSamples.at, new Date(now.getTime() - SAMPLE_RETENTION_MS)));
}
