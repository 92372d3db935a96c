import { createHash } from 'node:crypto';
import type { Job, JobsOptions, Queue } from 'bullmq';
import { dedupKey, type JobInfo } from './queue.ts';

/**
 * Packs (issue 22 §2): the enqueues of one name that come together — a group of invoices accepted in one
 * statement, the issued invoices of one batch — go to Redis as ONE BullMQ job carrying every payload, instead
 * of one job each. Every BullMQ job costs a Lua call to add, one to fetch, one to finish and its lock
 * renewals, in Redis and in this process; per invoice that was about a third of the CPU the API spends
 * accepting it. A pack keeps what a job promises, per payload (an item):
 * - each item goes to the handler on its own (JobCollector batches items, whichever pack they came in);
 * - an item that fails is retried alone: its pack completes, and the failed items go on in a successor pack
 *   after the backoff their attempt calls for; an item out of attempts stays failed with its error;
 * - a process that dies holding a pack leaves it to BullMQ's stalled check, which hands the whole pack to
 *   another worker (handlers are idempotent, so the items done already only run again);
 * - each item has its own id (`<pack id>#<index>`), and `get` follows it into successor packs.
 * Duplicates within a pack collapse; a pack collapses with an identical pack still waiting. An item does not
 * collapse with the same payload enqueued alone (resumption, the stuck sweep) — that runs once more, which
 * idempotent handlers absorb.
 */

/** The BullMQ job name of a pack; a queue's other jobs carry the queue's name. */
export const PACK = '__pack';
/** Items in one pack at most (the issue job's batch). */
export const PACK_MAX = 64;

export interface ItemOptions {
  attempts: number;
  backoffMs: number;
  delayMs: number;
}

export interface PackData {
  items: unknown[];
  /** Attempts each item made before this pack (a successor pack carries its items' count on). */
  tried: number;
  attempts: number;
  backoffMs: number;
  /** Each item's last error, for a successor pack. */
  errors?: (string | null)[];
}

/** What a finished pack records: where its failed items went on, or the items out of attempts. */
export interface PackResult {
  retry?: { id: string; of: number[] };
  failed?: Record<number, string>;
}

/** Finished jobs stay a while so operators (and get()) can read their outcome. */
const KEEP = {
  removeOnComplete: { age: 3600, count: 10_000 },
  removeOnFail: { age: 7 * 24 * 3600 },
} satisfies JobsOptions;

const jobOptions = (o: ItemOptions): JobsOptions => ({
  attempts: o.attempts,
  backoff: { type: 'exponential', delay: o.backoffMs },
  ...(o.delayMs ? { delay: o.delayMs } : {}),
  ...KEEP,
});

interface Adding {
  payload: unknown;
  key: string;
  opts: ItemOptions;
  resolve: (id: string) => void;
  reject: (err: unknown) => void;
}

interface Entry {
  name: string;
  data: unknown;
  opts: JobsOptions;
  /** Who waits for this job's id, and the suffix naming their item in it. */
  takers: { a: Adding; suffix: string }[];
}

/**
 * Enqueues of one queue that come together go to Redis together: each accepted invoice asks for its issue job,
 * and a group of invoices accepted in one statement (create-groups.ts) asks in the same turn of the event loop.
 * The adds gathered until the next turn — and, while one round trip is on its way, all arriving meanwhile —
 * become packs of up to PACK_MAX items (one per set of options), sent in one pipeline. A lone payload is a
 * plain job, deduplicated by BullMQ as before. A failed pipeline is retried job by job, so only the adds of
 * the job at fault see the error.
 */
export class PackingAdder {
  private waiting: Adding[] = [];
  private inFlight = false;
  private scheduled = false;

  constructor(
    private readonly queue: Queue,
    private readonly name: string,
  ) {}

  add(payload: unknown, opts: ItemOptions): Promise<string> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ payload, key: dedupKey(this.name, payload), opts, resolve, reject });
      if (!this.scheduled && !this.inFlight) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          void this.send();
        });
      }
    });
  }

  private entries(group: Adding[]): Entry[] {
    const byOpts = new Map<string, Map<string, Adding[]>>();
    for (const a of group) {
      const sig = `${a.opts.attempts}|${a.opts.backoffMs}|${a.opts.delayMs}`;
      const same = byOpts.get(sig) ?? new Map<string, Adding[]>();
      byOpts.set(sig, same);
      same.set(a.key, [...(same.get(a.key) ?? []), a]);
    }
    const out: Entry[] = [];
    for (const same of byOpts.values()) {
      const keys = [...same.keys()];
      const [first] = same.get(keys[0]) as Adding[];
      if (keys.length === 1) {
        out.push({
          name: this.name,
          data: first.payload,
          opts: { ...jobOptions(first.opts), deduplication: { id: first.key, keepLastIfActive: true } },
          takers: (same.get(keys[0]) as Adding[]).map((a) => ({ a, suffix: '' })),
        });
        continue;
      }
      // Sorted, so the same set of payloads makes the same pack (and collapses with it while it waits).
      keys.sort();
      for (let at = 0; at < keys.length; at += PACK_MAX) {
        const chunk = keys.slice(at, at + PACK_MAX);
        const data: PackData = {
          items: chunk.map((k) => (same.get(k) as Adding[])[0].payload),
          tried: 0,
          attempts: first.opts.attempts,
          backoffMs: first.opts.backoffMs,
        };
        const id = `${this.name}:pack:${createHash('sha1').update(chunk.join('\n')).digest('hex')}`;
        out.push({
          name: PACK,
          data,
          opts: { ...jobOptions(first.opts), deduplication: { id, keepLastIfActive: true } },
          takers: chunk.flatMap((k, i) => (same.get(k) as Adding[]).map((a) => ({ a, suffix: `#${i}` }))),
        });
      }
    }
    return out;
  }

  private async send() {
    if (this.inFlight || !this.waiting.length) return;
    this.inFlight = true;
    const group = this.waiting;
    this.waiting = [];
    const settle = (e: Entry, id: string) => {
      for (const { a, suffix } of e.takers) a.resolve(`${id}${suffix}`);
    };
    const alone = (e: Entry) =>
      this.queue.add(e.name, e.data, e.opts).then(
        (j) => settle(e, j.id as string),
        (err) => {
          for (const { a } of e.takers) a.reject(err);
        },
      );
    try {
      const entries = this.entries(group);
      if (entries.length === 1) return await alone(entries[0]);
      try {
        const jobs = await this.queue.addBulk(entries.map(({ name, data, opts }) => ({ name, data, opts })));
        for (const [i, e] of entries.entries()) settle(e, jobs[i].id as string);
      } catch {
        for (const e of entries) await alone(e);
      }
    } finally {
      this.inFlight = false;
      void this.send();
    }
  }
}

/**
 * Runs one pack: every item goes to `push` (the worker's JobCollector) with its own JobInfo; when all have
 * answered, the failed ones with attempts left go on in a successor pack after their backoff. Throws only when
 * that successor cannot be added, so BullMQ retries the whole pack (idempotent handlers).
 */
export async function runPack(
  queue: Queue,
  name: string,
  job: Job,
  push: (payload: unknown, info: JobInfo) => Promise<void>,
): Promise<PackResult> {
  const data = job.data as PackData;
  // This run's attempt for every item: the attempts before the pack, and the pack's own earlier runs.
  const attempt = data.tried + job.attemptsMade + 1;
  const errors = await Promise.all(
    data.items.map((payload, i) =>
      push(payload, {
        id: `${name}|${job.id}#${i}`,
        name,
        payload,
        state: 'running',
        attemptsMade: attempt,
        lastError: data.errors?.[i] ?? null,
      }).then(
        () => null,
        (err: unknown) => (err instanceof Error ? err.message : String(err)),
      ),
    ),
  );
  const of = errors.flatMap((e, i) => (e === null ? [] : [i]));
  if (!of.length) return {};
  if (attempt >= data.attempts)
    return { failed: Object.fromEntries(of.map((i) => [i, errors[i] as string])) };
  const next: PackData = {
    items: of.map((i) => data.items[i]),
    tried: attempt,
    attempts: data.attempts,
    backoffMs: data.backoffMs,
    errors: of.map((i) => errors[i]),
  };
  const added = await queue.add(
    PACK,
    next,
    jobOptions({
      attempts: data.attempts,
      backoffMs: data.backoffMs,
      // BullMQ's exponential backoff: the base, doubled for every attempt after the first.
      delayMs: data.backoffMs * 2 ** (attempt - 1),
    }),
  );
  return { retry: { id: added.id as string, of } };
}

/** BullMQ's job states as JobInfo names them (any other state is waiting). */
export const STATE: Record<string, JobInfo['state']> = {
  completed: 'done',
  failed: 'failed',
  active: 'running',
};

/** One item of a pack, followed into the successor packs its failures went on in. */
export async function packItemInfo(
  queue: Queue,
  name: string,
  jobId: string,
  index: number,
): Promise<JobInfo | undefined> {
  let id = jobId;
  let i = index;
  for (;;) {
    const job = await queue.getJob(id);
    if (!job) return undefined;
    const data = job.data as PackData;
    const state = STATE[await job.getState()] ?? 'waiting';
    const info: JobInfo = {
      id: `${name}|${id}#${i}`,
      name,
      payload: data.items[i],
      state,
      attemptsMade: data.tried + job.attemptsMade + (state === 'running' ? 1 : 0),
      lastError: data.errors?.[i] ?? null,
    };
    if (state === 'failed') return { ...info, lastError: job.failedReason || info.lastError };
    if (state !== 'done') return info;
    const result = (job.returnvalue ?? {}) as PackResult;
    const next = result.retry?.of.indexOf(i) ?? -1;
    if (result.retry && next >= 0) {
      id = result.retry.id;
      i = next;
      continue;
    }
    const failed = result.failed?.[i];
    return failed ? { ...info, state: 'failed', lastError: failed } : { ...info, lastError: null };
  }
}
