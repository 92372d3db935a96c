/**
 * The job queue (architecture: jobs/). Small on purpose so BullMQ on Redis (bullmq-queue.ts) implements it
 * too: enqueue a named payload, process a name with a handler. A handler that throws is retried with
 * exponential backoff until its attempts are used up; the last error stays visible on the job.
 *
 * Enqueueing a (name, payload) that is already waiting (or waiting for its next attempt) returns that job
 * instead of adding a second one: resumption at start, the stuck-invoice sweep and a user's retry may all ask
 * for the same work. A job that already ran (done or failed) never blocks a new one.
 */
export interface EnqueueOptions {
  /** Wait before the first run. */
  delayMs?: number;
  /** Total runs including the first; default 5. */
  attempts?: number;
  /** Base of the exponential backoff between runs; default 200 ms. */
  backoffMs?: number;
}

export interface JobInfo {
  id: string;
  name: string;
  payload: unknown;
  state: 'waiting' | 'running' | 'done' | 'failed';
  attemptsMade: number;
  lastError: string | null;
}

export type JobHandler<P = unknown> = (payload: P, job: JobInfo) => Promise<void>;

/**
 * One call for several due jobs of a name. Answers, per item in order, null when that job is done or the
 * error that ends its attempt (retried with backoff like a thrown one); throwing fails every item's attempt.
 */
export type BatchHandler<P = unknown> = (items: { payload: P; job: JobInfo }[]) => Promise<(Error | null)[]>;

/** Jobs of one name by state (任务管理 → 后台任务). */
export interface JobCounts {
  name: string;
  waiting: number;
  running: number;
  delayed: number;
  done: number;
  failed: number;
}

/** A job that used up its attempts, with its error (任务管理 → 后台任务 → 失败任务). */
export interface FailedJob extends JobInfo {
  failedAt: string | null;
}

/**
 * Wraps every run of a job batch or a scheduled task (platform/monitor: a trace span and the job metrics).
 * Set once at start; read at each run, so it applies to handlers registered before it was set.
 */
export type RunInstrument = <T>(kind: 'job' | 'task', name: string, run: () => Promise<T>) => Promise<T>;

/** The operator's view of the queue (任务管理): counts, failed jobs, retry and remove (optional: stand-ins in seeds and tests leave it out). */
export interface QueueAdmin {
  counts(): Promise<JobCounts[]>;
  failedJobs(limit: number): Promise<FailedJob[]>;
  /** A failed job back to waiting with a fresh round of attempts; false when it is unknown or not failed. */
  retry(id: string): Promise<boolean>;
  /** Forgets a failed or waiting job; false when it is unknown or running. */
  remove(id: string): Promise<boolean>;
}

export interface JobQueue extends Partial<QueueAdmin> {
  /** See RunInstrument; platform/monitor sets it. */
  instrument?: RunInstrument;
  enqueue(name: string, payload: unknown, opts?: EnqueueOptions): Promise<string>;
  process<P>(name: string, handler: JobHandler<P>): void;
  /**
   * Like process, but the handler gets up to `max` due jobs of the name at once, so work with a fixed cost per
   * round trip (a statement, a bureau call) is paid once per batch. A backend may hand fewer, down to one.
   */
  processBatch<P>(name: string, handler: BatchHandler<P>, opts: { max: number }): void;
  /** A job's state, attempts and last error (for operators and tests); await it (Redis answers async). */
  get(id: string): JobInfo | undefined | Promise<JobInfo | undefined>;
  /** Resolves when no job is waiting or running (tests; graceful shutdown). */
  drain(): Promise<void>;
  close(): Promise<void>;
}

interface Entry extends JobInfo {
  key: string;
  attempts: number;
  backoffMs: number;
  /** When it last failed for good (任务管理). */
  failedAt?: number;
  /** When it was scheduled to run next (delayed until then). */
  dueAt?: number;
  /** Removed by an operator while waiting: its timer fires into nothing. */
  removed?: boolean;
}

/** Identity of a job's work for collapsing duplicates: the name and the payload with its keys sorted. */
export function dedupKey(name: string, payload: unknown): string {
  const stable = (v: unknown): unknown =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, stable((v as Record<string, unknown>)[k])]),
        )
      : Array.isArray(v)
        ? v.map(stable)
        : v;
  return `${name}:${JSON.stringify(stable(payload ?? null))}`;
}

/** Pause between two jobs of a name while the API is busy: at least this, and this many times the job's time. */
const BUSY_BREATHER_MS = 25;
const BUSY_DUTY_FACTOR = 4;

export interface MemoryQueueOptions {
  /**
   * Handlers of one name running at once. Bounded so a burst of background work (thousands of issue jobs
   * after a burst of accepted invoices) cannot take every database connection from the requests.
   */
  concurrency?: number;
  /** Finished jobs kept for get(); older ones are forgotten. */
  keepFinished?: number;
  /**
   * True while interactive requests are waiting (ApiLoad): then one job runs at a time, whatever its name,
   * with a breather after each (four times the job's own time), so background work as a whole yields the
   * event loop without stalling; the names take turns. Each finishing job re-checks it.
   */
  busy?: () => boolean;
}

/** In-process implementation: timers in this process; jobs are lost on restart (BullQueue keeps them). */
export class MemoryQueue implements JobQueue {
  private readonly handlers = new Map<string, { run: BatchHandler; max: number }>();
  private readonly jobs = new Map<string, Entry>();
  /** dedupKey → id of the job not yet running (or between attempts). */
  private readonly waiting = new Map<string, string>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  /** Per name: jobs due to run, waiting for a free slot, and the number running. */
  private readonly due = new Map<string, Entry[]>();
  private readonly active = new Map<string, number>();
  /** The breather under way: while busy, no job starts until it ends. */
  private resting: NodeJS.Timeout | null = null;
  private activeTotal = 0;
  /** Per name: when its last job started (the breather hands the next turn to the name waiting longest). */
  private readonly lastStart = new Map<string, number>();
  private readonly finished: string[] = [];
  private readonly concurrency: number;
  private readonly keepFinished: number;
  private readonly busy: () => boolean;
  private pending = 0;
  private idle: (() => void)[] = [];
  private seq = 0;
  private closed = false;
  instrument?: RunInstrument;

  constructor(opts: MemoryQueueOptions = {}) {
    this.concurrency = Math.max(1, opts.concurrency ?? 8);
    this.keepFinished = opts.keepFinished ?? 10_000;
    this.busy = opts.busy ?? (() => false);
  }

  async enqueue(name: string, payload: unknown, opts: EnqueueOptions = {}): Promise<string> {
    const key = dedupKey(name, payload);
    const same = this.waiting.get(key);
    if (same && this.jobs.get(same)?.state === 'waiting') return same;
    this.seq += 1;
    const job: Entry = {
      id: `${name}:${this.seq}`,
      key,
      name,
      payload,
      state: 'waiting',
      attemptsMade: 0,
      lastError: null,
      attempts: Math.max(1, opts.attempts ?? 5),
      backoffMs: opts.backoffMs ?? 200,
    };
    this.jobs.set(job.id, job);
    this.waiting.set(key, job.id);
    this.pending += 1;
    this.schedule(job, opts.delayMs ?? 0);
    return job.id;
  }

  process<P>(name: string, handler: JobHandler<P>): void {
    this.processBatch<P>(
      name,
      async ([item]) => {
        await handler(item.payload, item.job);
        return [null];
      },
      { max: 1 },
    );
  }

  processBatch<P>(name: string, handler: BatchHandler<P>, opts: { max: number }): void {
    this.handlers.set(name, { run: handler as BatchHandler, max: Math.max(1, opts.max) });
  }

  get(id: string): JobInfo | undefined {
    const j = this.jobs.get(id);
    if (!j) return undefined;
    return {
      id: j.id,
      name: j.name,
      payload: j.payload,
      state: j.state,
      attemptsMade: j.attemptsMade,
      lastError: j.lastError,
    };
  }

  async counts(): Promise<JobCounts[]> {
    const out = new Map<string, JobCounts>();
    for (const name of this.handlers.keys())
      out.set(name, { name, waiting: 0, running: 0, delayed: 0, done: 0, failed: 0 });
    const now = Date.now();
    for (const j of this.jobs.values()) {
      const c = out.get(j.name) ?? { name: j.name, waiting: 0, running: 0, delayed: 0, done: 0, failed: 0 };
      out.set(j.name, c);
      if (j.state === 'waiting') {
        if ((j.dueAt ?? 0) > now) c.delayed += 1;
        else c.waiting += 1;
      } else c[j.state] += 1;
    }
    return [...out.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  async failedJobs(limit: number): Promise<FailedJob[]> {
    const out: FailedJob[] = [];
    for (const j of [...this.jobs.values()].reverse()) {
      if (j.state !== 'failed') continue;
      out.push({
        ...(this.get(j.id) as JobInfo),
        failedAt: j.failedAt ? new Date(j.failedAt).toISOString() : null,
      });
      if (out.length >= limit) break;
    }
    return out;
  }

  async retry(id: string): Promise<boolean> {
    const j = this.jobs.get(id);
    if (j?.state !== 'failed' || this.closed) return false;
    const at = this.finished.indexOf(id);
    if (at >= 0) this.finished.splice(at, 1);
    j.state = 'waiting';
    j.attemptsMade = 0;
    j.failedAt = undefined;
    if (!this.waiting.has(j.key)) this.waiting.set(j.key, j.id);
    this.pending += 1;
    this.schedule(j, 0);
    return true;
  }

  async remove(id: string): Promise<boolean> {
    const j = this.jobs.get(id);
    if (!j || j.state === 'running') return false;
    if (j.state === 'waiting') {
      // Its timer (or its place among the due) still holds it: marked, it is skipped there.
      j.removed = true;
      if (this.waiting.get(j.key) === id) this.waiting.delete(j.key);
      for (const list of this.due.values()) {
        const i = list.indexOf(j);
        if (i >= 0) list.splice(i, 1);
      }
      this.pending -= 1;
      if (this.pending <= 0) this.settleIdle();
    } else {
      const at = this.finished.indexOf(id);
      if (at >= 0) this.finished.splice(at, 1);
    }
    this.jobs.delete(id);
    return true;
  }

  drain(): Promise<void> {
    return this.pending === 0 ? Promise.resolve() : new Promise((r) => this.idle.push(r));
  }

  /** Stops scheduling; waits for the handlers already running (they may still be writing). */
  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
    this.pending = 0;
    this.settleIdle();
  }

  private schedule(job: Entry, delayMs: number) {
    if (this.closed) return;
    job.dueAt = Date.now() + delayMs;
    const t = setTimeout(() => {
      this.timers.delete(t);
      if (job.removed) return;
      const list = this.due.get(job.name) ?? [];
      list.push(job);
      this.due.set(job.name, list);
      this.pump(job.name);
    }, delayMs);
    this.timers.add(t);
  }

  private pump(name: string) {
    const list = this.due.get(name);
    const max = this.handlers.get(name)?.max ?? 1;
    while (!this.closed && list?.length) {
      if (this.busy()) {
        // While requests wait, background work as a whole takes turns: one job of any name at a time, and
        // none during the breather after it, whoever asks (each enqueue pumps too).
        if (this.resting || this.activeTotal > 0) return;
      } else if ((this.active.get(name) ?? 0) >= this.concurrency) return;
      const batch = list.splice(0, max);
      this.active.set(name, (this.active.get(name) ?? 0) + 1);
      this.activeTotal += 1;
      this.lastStart.set(name, performance.now());
      const started = performance.now();
      const run = this.run(batch);
      this.running.add(run);
      void run.finally(() => {
        this.running.delete(run);
        this.active.set(name, (this.active.get(name) ?? 1) - 1);
        this.activeTotal -= 1;
        if (!this.busy()) return this.pumpAll();
        // A breather after each background job while requests wait, four times as long as the job took: the
        // event loop (and, on PGlite, the one database connection) goes to the requests at least four fifths
        // of the time, and the work still moves.
        const pause = Math.max(BUSY_BREATHER_MS, BUSY_DUTY_FACTOR * (performance.now() - started));
        if (this.resting) {
          clearTimeout(this.resting);
          this.timers.delete(this.resting);
        }
        const t = setTimeout(() => {
          this.timers.delete(t);
          this.resting = null;
          this.pumpAll();
        }, pause);
        this.timers.add(t);
        this.resting = t;
      });
    }
  }

  /** Every name with due jobs, the one that started a job longest ago first (so no name starves). */
  private pumpAll() {
    const names = [...this.due.keys()].sort(
      (a, b) => (this.lastStart.get(a) ?? 0) - (this.lastStart.get(b) ?? 0),
    );
    for (const name of names) this.pump(name);
  }

  private async run(batch: Entry[]) {
    if (this.closed) return;
    const handler = this.handlers.get(batch[0].name);
    for (const job of batch) {
      job.state = 'running';
      if (this.waiting.get(job.key) === job.id) this.waiting.delete(job.key);
      job.attemptsMade += 1;
    }
    let outcomes: (Error | null)[];
    try {
      if (!handler) throw new Error(`no handler for job ${batch[0].name}`);
      const items = batch.map((job) => ({ payload: job.payload, job: this.get(job.id) as JobInfo }));
      outcomes = this.instrument
        ? await this.instrument('job', batch[0].name, () => handler.run(items))
        : await handler.run(items);
    } catch (err) {
      outcomes = batch.map(() => (err instanceof Error ? err : new Error(String(err))));
    }
    for (const [i, job] of batch.entries()) this.conclude(job, outcomes[i] ?? null);
  }

  /** Done, or failed for good, or scheduled for its next attempt. */
  private conclude(job: Entry, err: Error | null) {
    if (!err) {
      job.state = 'done';
      job.lastError = null;
      this.finish(job);
      return;
    }
    job.lastError = err.message;
    if (job.attemptsMade >= job.attempts || this.closed) {
      job.state = 'failed';
      job.failedAt = Date.now();
      this.finish(job);
    } else {
      job.state = 'waiting';
      if (!this.waiting.has(job.key)) this.waiting.set(job.key, job.id);
      this.schedule(job, job.backoffMs * 2 ** (job.attemptsMade - 1));
    }
  }

  private finish(job: Entry) {
    this.finished.push(job.id);
    if (this.finished.length > this.keepFinished) this.jobs.delete(this.finished.shift() as string);
    this.pending -= 1;
    if (this.pending <= 0) this.settleIdle();
  }

  private settleIdle() {
    const waiters = this.idle;
    this.idle = [];
    for (const w of waiters) w();
  }
}
