import type { BatchHandler, JobInfo } from './queue.ts';

/**
 * A job's result while it sits in a collector: BullMQ waits on the processor's promise, so the worker keeps
 * the job's lock renewed until the batch it went into has answered.
 */
interface Held<P> {
  payload: P;
  job: JobInfo;
  resolve: () => void;
  reject: (err: Error) => void;
}

/** A batch closes this long after its last job arrived, when no further one came… */
const GAP_MS = 5;
/** …or this long after its first, whatever still arrives. */
const WINDOW_MS = 50;

/**
 * Batches for BullMQ without BullMQ Pro. The worker runs with a concurrency of one batch more than run at once
 * and hands its jobs to `push` one by one as it fetches them (one round trip each, in sequence). They are held here and go to the
 * handler together: when `max` have arrived, or none arrived for GAP_MS, or the first has waited WINDOW_MS —
 * and, like the create groups (create-groups.ts), only `inFlight` batches at a time: the jobs arriving while
 * one runs wait and go together in the next, so a backlog is worked in full batches (the bureau numbers a
 * seller's invoices under one lock: many small concurrent batches mostly wait for each other). Each job's
 * promise settles with its own answer (an error fails that attempt, retried with backoff by BullMQ); the
 * worker keeps a held job's lock renewed meanwhile. `run` wraps each batch (the busy turns).
 */
export class JobCollector<P> {
  private held: Held<P>[] = [];
  private gap: NodeJS.Timeout | null = null;
  private window: NodeJS.Timeout | null = null;
  private running = 0;

  constructor(
    private readonly handler: BatchHandler<P>,
    private readonly max: number,
    private readonly inFlight: number,
    private readonly run: <T>(task: () => Promise<T>) => Promise<T>,
  ) {}

  push(payload: P, job: JobInfo): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.held.push({ payload, job, resolve, reject });
      if (this.running >= this.inFlight) return;
      if (this.held.length >= this.max) return this.flush();
      if (this.gap) clearTimeout(this.gap);
      this.gap = setTimeout(() => this.flush(), GAP_MS);
      this.window ??= setTimeout(() => this.flush(), WINDOW_MS);
    });
  }

  private flush() {
    if (this.gap) clearTimeout(this.gap);
    if (this.window) clearTimeout(this.window);
    this.gap = this.window = null;
    const batch = this.held.splice(0, this.max);
    if (!batch.length) return;
    this.running += 1;
    void this.run(() => this.answer(batch)).finally(() => {
      this.running -= 1;
      // What arrived meanwhile has waited long enough: it goes now.
      if (this.held.length && this.running < this.inFlight) this.flush();
    });
  }

  private async answer(batch: Held<P>[]) {
    let outcomes: (Error | null)[];
    try {
      outcomes = await this.handler(batch.map(({ payload, job }) => ({ payload, job })));
    } catch (err) {
      outcomes = batch.map(() => (err instanceof Error ? err : new Error(String(err))));
    }
    for (const [i, h] of batch.entries()) {
      const err = outcomes[i];
      if (err) h.reject(err);
      else h.resolve();
    }
  }
}
