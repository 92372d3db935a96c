import { type Job, Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import {
  type BatchHandler,
  dedupKey,
  type EnqueueOptions,
  type JobHandler,
  type JobInfo,
  type JobQueue,
} from './queue.ts';

export interface BullQueueOptions {
  /** Redis key prefix; one per database so two installations (or parallel test runs) never share jobs. */
  prefix: string;
  /** Jobs of one name run at most this many at a time in this process. */
  concurrency?: number;
}

const STATE: Record<string, JobInfo['state']> = {
  completed: 'done',
  failed: 'failed',
  active: 'running',
};

/**
 * The job queue on Redis (BullMQ), chosen when REDIS_URL is set: jobs survive a restart and are shared by
 * every server process. One BullMQ queue per job name, so a name's backlog never delays another's.
 *
 * Duplicates collapse through BullMQ deduplication keyed by (name, payload): while a job is waiting or
 * delayed between attempts a second enqueue returns it; while it is running the second enqueue is kept and
 * runs once after it (keepLastIfActive), so a retry asked for during the last attempt is never lost.
 * Finished jobs do not block new ones (the key is released on completion or final failure).
 */
export class BullQueue implements JobQueue {
  private readonly queues = new Map<string, Queue>();
  private readonly workers = new Map<string, Worker>();
  private closed = false;

  private constructor(
    private readonly connection: Redis,
    private readonly opts: BullQueueOptions,
  ) {}

  static async connect(url: string, opts: BullQueueOptions): Promise<BullQueue> {
    // Workers block on Redis: BullMQ requires commands to wait for a reconnection rather than fail.
    const connection = new Redis(url, { maxRetriesPerRequest: null, lazyConnect: true });
    await connection.connect();
    return new BullQueue(connection, opts);
  }

  private queue(name: string): Queue {
    let q = this.queues.get(name);
    if (!q) {
      q = new Queue(name, { connection: this.connection, prefix: this.opts.prefix });
      this.queues.set(name, q);
    }
    return q;
  }

  async enqueue(name: string, payload: unknown, opts: EnqueueOptions = {}): Promise<string> {
    const job = await this.queue(name).add(name, payload, {
      attempts: Math.max(1, opts.attempts ?? 5),
      backoff: { type: 'exponential', delay: opts.backoffMs ?? 200 },
      ...(opts.delayMs ? { delay: opts.delayMs } : {}),
      deduplication: { id: dedupKey(name, payload), keepLastIfActive: true },
      // Finished jobs stay a while so operators (and get()) can read their outcome.
      removeOnComplete: { age: 3600, count: 10_000 },
      removeOnFail: { age: 7 * 24 * 3600 },
    });
    return `${name}|${job.id}`;
  }

  process<P>(name: string, handler: JobHandler<P>): void {
    if (this.workers.has(name)) throw new Error(`job ${name} already has a processor`);
    const worker = new Worker(
      name,
      async (job: Job) => {
        await handler(job.data as P, toInfo(name, job, 'running'));
      },
      {
        connection: this.connection,
        prefix: this.opts.prefix,
        concurrency: this.opts.concurrency ?? 16,
      },
    );
    // Errors of the worker itself (connection drops) are retried by BullMQ; a listener keeps them from
    // crashing the process as unhandled 'error' events.
    worker.on('error', () => {});
    this.workers.set(name, worker);
    this.queue(name);
  }

  /** BullMQ hands a worker one job at a time (batches are a BullMQ Pro feature): batches of one. */
  processBatch<P>(name: string, handler: BatchHandler<P>): void {
    this.process<P>(name, async (payload, job) => {
      const [err] = await handler([{ payload, job }]);
      if (err) throw err;
    });
  }

  async get(id: string): Promise<JobInfo | undefined> {
    const cut = id.indexOf('|');
    if (cut < 0) return undefined;
    const name = id.slice(0, cut);
    const job = await this.queue(name).getJob(id.slice(cut + 1));
    if (!job) return undefined;
    return toInfo(name, job, STATE[await job.getState()] ?? 'waiting');
  }

  /**
   * Resolves when the queues this process works on have nothing waiting, delayed or running. A handler may
   * enqueue into another queue just before it completes, so two passes in a row must find everything empty.
   */
  async drain(): Promise<void> {
    let quiet = 0;
    while (quiet < 2 && !this.closed) {
      let busy = 0;
      for (const name of this.workers.keys()) {
        const c = await this.queue(name).getJobCounts('waiting', 'active', 'delayed', 'prioritized');
        busy += c.waiting + c.active + c.delayed + c.prioritized;
      }
      quiet = busy === 0 ? quiet + 1 : 0;
      if (quiet < 2) await new Promise((r) => setTimeout(r, busy ? 20 : 5));
    }
  }

  /** Lets running handlers finish, then disconnects; unfinished jobs stay in Redis for the next start. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.allSettled([...this.workers.values()].map((w) => w.close()));
    await Promise.allSettled([...this.queues.values()].map((q) => q.close()));
    await this.connection.quit().catch(() => this.connection.disconnect());
  }
}

function toInfo(name: string, job: Job, state: JobInfo['state']): JobInfo {
  return {
    id: `${name}|${job.id}`,
    name,
    payload: job.data,
    state,
    // While running, BullMQ counts the attempt only when it ends; report the one in progress.
    attemptsMade: state === 'running' ? job.attemptsMade + 1 : job.attemptsMade,
    lastError: state === 'done' ? null : job.failedReason || null,
  };
}
