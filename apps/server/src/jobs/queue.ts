/**
 * The job queue (architecture: jobs/). Small on purpose so BullMQ on Redis can implement it later:
 * enqueue a named payload, process a name with a handler. A handler that throws is retried with exponential
 * backoff until its attempts are used up; the last error stays visible on the job.
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

export interface JobQueue {
  enqueue(name: string, payload: unknown, opts?: EnqueueOptions): Promise<string>;
  process<P>(name: string, handler: JobHandler<P>): void;
  /** A job's state, attempts and last error (for operators and tests). */
  get(id: string): JobInfo | undefined;
  /** Resolves when no job is waiting or running (tests; graceful shutdown). */
  drain(): Promise<void>;
  close(): Promise<void>;
}

interface Entry extends JobInfo {
  attempts: number;
  backoffMs: number;
}

/** In-process implementation: timers in this process; jobs are lost on restart (BullMQ will keep them). */
export class MemoryQueue implements JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly jobs = new Map<string, Entry>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private pending = 0;
  private idle: (() => void)[] = [];
  private seq = 0;
  private closed = false;

  async enqueue(name: string, payload: unknown, opts: EnqueueOptions = {}): Promise<string> {
    this.seq += 1;
    const job: Entry = {
      id: `${name}:${this.seq}`,
      name,
      payload,
      state: 'waiting',
      attemptsMade: 0,
      lastError: null,
      attempts: Math.max(1, opts.attempts ?? 5),
      backoffMs: opts.backoffMs ?? 200,
    };
    this.jobs.set(job.id, job);
    this.pending += 1;
    this.schedule(job, opts.delayMs ?? 0);
    return job.id;
  }

  process<P>(name: string, handler: JobHandler<P>): void {
    this.handlers.set(name, handler as JobHandler);
  }

  get(id: string): JobInfo | undefined {
    const j = this.jobs.get(id);
    return j && { ...j };
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
    const t = setTimeout(() => {
      this.timers.delete(t);
      const run = this.run(job);
      this.running.add(run);
      void run.finally(() => this.running.delete(run));
    }, delayMs);
    this.timers.add(t);
  }

  private async run(job: Entry) {
    if (this.closed) return;
    const handler = this.handlers.get(job.name);
    job.state = 'running';
    job.attemptsMade += 1;
    try {
      if (!handler) throw new Error(`no handler for job ${job.name}`);
      await handler(job.payload, { ...job });
      job.state = 'done';
      job.lastError = null;
      this.finish();
    } catch (err) {
      job.lastError = err instanceof Error ? err.message : String(err);
      if (job.attemptsMade >= job.attempts || this.closed) {
        job.state = 'failed';
        this.finish();
      } else {
        job.state = 'waiting';
        this.schedule(job, job.backoffMs * 2 ** (job.attemptsMade - 1));
      }
    }
  }

  private finish() {
    this.pending -= 1;
    if (this.pending <= 0) this.settleIdle();
  }

  private settleIdle() {
    const waiters = this.idle;
    this.idle = [];
    for (const w of waiters) w();
  }
}
