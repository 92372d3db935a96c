import type { Redis } from 'ioredis';
import type { RunInstrument } from './queue.ts';

/**
 * Periodic tasks (auto-void of overdue 确认单, invoices stuck in 开具中, batch resumption). Each task is
 * single-flight in this process: a tick that finds the previous run still going is skipped.
 *
 * Ticks fall on wall-clock multiples of the interval (every process alike), and with a `claim` (Redis, see
 * redisTickClaim) the first process to claim tick N of a task runs it and every other one skips it: one run
 * per tick cluster-wide. Tasks stay idempotent all the same (conditional UPDATEs): a claim that expires
 * while a run is slow, or runNow by an operator, may still overlap.
 */
export type ScheduledTask = (now: Date) => Promise<void>;

/** True when this process may run tick `tick` of task `name`; false when another process already has it. */
export type TickClaim = (name: string, tick: number, intervalMs: number) => Promise<boolean>;

/** SET NX on `<prefix>:tick:<name>:<tick>`, kept for the interval: one winner per tick among all processes. */
export function redisTickClaim(redis: Redis, prefix: string): TickClaim {
  return async (name, tick, intervalMs) =>
    (await redis.set(`${prefix}:tick:${name}:${tick}`, '1', 'PX', Math.max(1000, intervalMs), 'NX')) === 'OK';
}

interface Entry {
  name: string;
  intervalMs: number;
  task: ScheduledTask;
  running: Promise<void> | null;
  timer: NodeJS.Timeout | null;
  /** Runs of this task in this process (operators, tests). */
  runs: number;
  lastError: string | null;
  lastRunAt: number | null;
  lastDurationMs: number | null;
}

/** A task as 任务管理 → 定时任务 shows it (this process's runs). */
export interface ScheduledTaskInfo {
  name: string;
  intervalMs: number;
  runs: number;
  running: boolean;
  lastError: string | null;
  lastRunAt: string | null;
  lastDurationMs: number | null;
}

export class Scheduler {
  private readonly tasks = new Map<string, Entry>();
  private started = false;
  /**
   * A stored pause (platform/monitor: monitor_schedule_pauses, read by every instance): its timer ticks skip
   * the task; runNow still runs it (tests, an operator's explicit run).
   */
  paused: (name: string) => boolean = () => false;
  /** See RunInstrument; platform/monitor sets it. */
  instrument?: RunInstrument;

  constructor(
    private readonly onError: (name: string, err: unknown) => void = () => {},
    private readonly opts: { claim?: TickClaim } = {},
  ) {}

  every(name: string, intervalMs: number, task: ScheduledTask) {
    if (this.tasks.has(name)) throw new Error(`scheduled task ${name} registered twice`);
    const entry: Entry = {
      name,
      intervalMs,
      task,
      running: null,
      timer: null,
      lastError: null,
      runs: 0,
      lastRunAt: null,
      lastDurationMs: null,
    };
    this.tasks.set(name, entry);
    if (this.started) this.arm(entry);
  }

  start() {
    if (this.started) return;
    this.started = true;
    for (const e of this.tasks.values()) this.arm(e);
  }

  /** Runs a task now (tests, operators), waiting for a run already in flight first. */
  async runNow(name: string, now: Date = new Date()) {
    const e = this.tasks.get(name);
    if (!e) throw new Error(`no scheduled task ${name}`);
    if (e.running) await e.running;
    await this.tick(e, now, true);
  }

  /** How many times a task ran in this process. */
  runsOf(name: string): number {
    return this.tasks.get(name)?.runs ?? 0;
  }

  list(): ScheduledTaskInfo[] {
    return [...this.tasks.values()].map((e) => ({
      name: e.name,
      intervalMs: e.intervalMs,
      runs: e.runs,
      running: e.running !== null,
      lastError: e.lastError,
      lastRunAt: e.lastRunAt ? new Date(e.lastRunAt).toISOString() : null,
      lastDurationMs: e.lastDurationMs,
    }));
  }

  has(name: string): boolean {
    return this.tasks.has(name);
  }

  async stop() {
    this.started = false;
    for (const e of this.tasks.values()) {
      if (e.timer) {
        clearTimeout(e.timer);
        clearInterval(e.timer);
      }
      e.timer = null;
    }
    await Promise.allSettled([...this.tasks.values()].map((e) => e.running));
  }

  /** First tick at the next wall-clock multiple of the interval, so every process ticks at the same moments. */
  private arm(e: Entry) {
    const fire = () => void this.scheduled(e);
    e.timer = setTimeout(
      () => {
        if (!this.started) return;
        fire();
        e.timer = setInterval(fire, e.intervalMs);
        e.timer.unref();
      },
      e.intervalMs - (Date.now() % e.intervalMs),
    );
    e.timer.unref();
  }

  private async scheduled(e: Entry) {
    const now = new Date();
    if (e.running || this.paused(e.name)) return;
    if (this.opts.claim) {
      // Rounded, not floored: a timer firing a little late or early still names the same tick everywhere.
      const tick = Math.round(now.getTime() / e.intervalMs);
      const mine = await this.opts.claim(e.name, tick, e.intervalMs).catch((err) => {
        // Redis unreachable: run here rather than not at all (tasks are idempotent).
        this.onError(e.name, err);
        return true;
      });
      if (!mine) return;
    }
    await this.tick(e, now, false);
  }

  private async tick(e: Entry, now: Date, rethrow: boolean) {
    if (e.running) return;
    e.runs += 1;
    e.lastRunAt = Date.now();
    const started = performance.now();
    const run = this.instrument ? this.instrument('task', e.name, () => e.task(now)) : e.task(now);
    e.running = run.then(
      () => {
        e.lastError = null;
        e.lastDurationMs = Math.round(performance.now() - started);
      },
      (err) => {
        e.lastDurationMs = Math.round(performance.now() - started);
        e.lastError = err instanceof Error ? err.message : String(err);
        this.onError(e.name, err);
        if (rethrow) throw err;
      },
    );
    try {
      await e.running;
    } finally {
      e.running = null;
    }
  }
}
