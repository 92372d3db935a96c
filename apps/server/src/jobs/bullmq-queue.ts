import { type Job, Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { JobCollector } from './bull-batching.ts';
import { PACK, PackingAdder, packItemInfo, runPack, STATE } from './bull-packs.ts';
import { BusyTurns } from './busy-turns.ts';
import type {
  BatchHandler,
  EnqueueOptions,
  FailedJob,
  JobCounts,
  JobHandler,
  JobInfo,
  JobQueue,
  RunInstrument,
} from './queue.ts';

export interface BullQueueOptions {
  /** Redis key prefix; one per database so two installations (or parallel test runs) never share jobs. */
  prefix: string;
  /** Jobs of one name (process) run at most this many at a time in this process; default 16. */
  concurrency?: number;
  /**
   * True while interactive requests are waiting (ApiLoad, as for MemoryQueue): then one batch at a time runs
   * in this process, whatever its name, with a breather of four times its length after it (busy-turns.ts).
   */
  busy?: () => boolean;
}

/**
 * Batches of one name a process runs at once when the API is idle, as MemoryQueue's concurrency: with one the
 * issue job's backlog drained at about half the in-process rate (each batch is a handful of sequential round
 * trips), with eight about as fast.
 */
const BATCHES_IN_FLIGHT = 8;

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
  private readonly adders = new Map<string, PackingAdder>();
  private readonly turns: BusyTurns;
  private closed = false;
  instrument?: RunInstrument;

  private constructor(
    private readonly connection: Redis,
    private readonly opts: BullQueueOptions,
  ) {
    this.turns = new BusyTurns(opts.busy ?? (() => false));
  }

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

  /** Enqueues arriving together go to Redis as packs, in one pipeline (bull-packs.ts). */
  async enqueue(name: string, payload: unknown, opts: EnqueueOptions = {}): Promise<string> {
    let adder = this.adders.get(name);
    if (!adder) {
      adder = new PackingAdder(this.queue(name), name);
      this.adders.set(name, adder);
    }
    const id = await adder.add(payload, {
      attempts: Math.max(1, opts.attempts ?? 5),
      backoffMs: opts.backoffMs ?? 200,
      delayMs: opts.delayMs ?? 0,
    });
    return `${name}|${id}`;
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

  /**
   * BullMQ hands a worker one job at a time (batches are a BullMQ Pro feature), so the worker's jobs are
   * gathered into batches here (JobCollector): it holds one batch more than it runs, each job keeps its
   * lock while it waits, and each settles with its own answer (an error is retried with backoff by BullMQ).
   */
  processBatch<P>(name: string, handler: BatchHandler<P>, opts: { max: number }): void {
    if (this.workers.has(name)) throw new Error(`job ${name} already has a processor`);
    const max = Math.max(1, opts.max);
    const concurrency = this.opts.concurrency ?? 16;
    // Batches: BATCHES_IN_FLIGHT at a time per name and process while one more gathers (JobCollector); single
    // jobs run up to `concurrency` at once.
    const batches = max > 1 ? BATCHES_IN_FLIGHT : concurrency;
    const traced: BatchHandler<P> = (items) =>
      this.instrument ? this.instrument('job', name, () => handler(items)) : handler(items);
    const collector = new JobCollector<P>(traced, max, batches, (task) => this.turns.run(task));
    // The items (payloads) this worker holds at most: one batch more than run at once, or `concurrency` single
    // jobs. A job may be a pack of many items, so the worker's concurrency (in jobs) follows the items in hand:
    // one more job is fetched while they are below the budget, none while above (BullMQ reads it before every
    // fetch). A worker therefore never takes a fleet's whole backlog of packs, and a stop finishes quickly.
    const budget = max > 1 ? (batches + 1) * max : concurrency;
    let jobsInHand = 0;
    let itemsInHand = 0;
    const admit = () => {
      worker.concurrency = Math.max(1, jobsInHand + (itemsInHand < budget ? 1 : 0));
    };
    const take = (n: number) => {
      itemsInHand += n;
      admit();
    };
    const push = (payload: unknown, info: JobInfo) =>
      collector.push(payload as P, info).finally(() => take(-1));
    const worker: Worker = new Worker(
      name,
      async (job: Job) => {
        jobsInHand += 1;
        try {
          if (job.name !== PACK) {
            take(1);
            return await push(job.data, toInfo(name, job, 'running'));
          }
          take((job.data as { items: unknown[] }).items.length);
          return await runPack(this.queue(name), name, job, push);
        } finally {
          jobsInHand -= 1;
          admit();
        }
      },
      { connection: this.connection, prefix: this.opts.prefix, concurrency: 1 },
    );
    // Errors of the worker itself (connection drops) are retried by BullMQ; a listener keeps them from
    // crashing the process as unhandled 'error' events.
    worker.on('error', () => {});
    this.workers.set(name, worker);
    this.queue(name);
  }

  async get(id: string): Promise<JobInfo | undefined> {
    const cut = id.indexOf('|');
    if (cut < 0) return undefined;
    const name = id.slice(0, cut);
    const item = id.indexOf('#', cut);
    if (item >= 0)
      return packItemInfo(this.queue(name), name, id.slice(cut + 1, item), Number(id.slice(item + 1)));
    const job = await this.queue(name).getJob(id.slice(cut + 1));
    if (!job) return undefined;
    return toInfo(name, job, STATE[await job.getState()] ?? 'waiting');
  }

  /** Per name this process knows (it processes or enqueued): BullMQ's counts, shared by every instance. */
  async counts(): Promise<JobCounts[]> {
    const out: JobCounts[] = [];
    for (const name of [...this.queues.keys()].sort()) {
      const c = await this.queue(name).getJobCounts(
        'waiting',
        'active',
        'delayed',
        'prioritized',
        'completed',
        'failed',
      );
      out.push({
        name,
        waiting: c.waiting + c.prioritized,
        running: c.active,
        delayed: c.delayed,
        done: c.completed,
        failed: c.failed,
      });
    }
    return out;
  }

  /** The latest failed jobs of every known name (a failed pack is one job carrying its items). */
  async failedJobs(limit: number): Promise<FailedJob[]> {
    const out: FailedJob[] = [];
    for (const name of this.queues.keys()) {
      for (const job of await this.queue(name).getFailed(0, limit - 1))
        out.push({
          ...toInfo(name, job, 'failed'),
          failedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
        });
    }
    return out.sort((a, b) => (b.failedAt ?? '').localeCompare(a.failedAt ?? '')).slice(0, limit);
  }

  private async job(id: string): Promise<Job | undefined> {
    const cut = id.indexOf('|');
    if (cut < 0 || id.includes('#', cut)) return undefined;
    const name = id.slice(0, cut);
    if (!this.queues.has(name)) return undefined;
    return (await this.queue(name).getJob(id.slice(cut + 1))) ?? undefined;
  }

  async retry(id: string): Promise<boolean> {
    const job = await this.job(id);
    if (!job || (await job.getState()) !== 'failed') return false;
    await job.retry('failed', { resetAttemptsMade: true });
    return true;
  }

  async remove(id: string): Promise<boolean> {
    const job = await this.job(id);
    if (!job) return false;
    const state = await job.getState();
    if (state === 'active') return false;
    await job.remove();
    return true;
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
    // Jobs held for their turn run now, so the workers' close (which waits for them) ends.
    this.turns.release();
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
