/** Pause after a background run while the API is busy: at least this, and this many times the run's time. */
const BREATHER_MS = 25;
const DUTY_FACTOR = 4;

/**
 * The BullMQ queue's share of the process while requests wait (the in-process queue does the same in its
 * pump, queue.ts): when `busy` says the API is loaded, one background run at a time whatever its name, and
 * none during a breather of four times that run's length after it, so requests get at least four fifths of
 * the event loop and the database; when idle, runs go at once (bounded only by the workers' concurrency).
 * Waiters take turns in arrival order.
 */
export class BusyTurns {
  private active = 0;
  private resting: NodeJS.Timeout | null = null;
  private waiters: (() => void)[] = [];
  private open = false;

  constructor(private readonly busy: () => boolean) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    while (!this.open && this.busy() && (this.active > 0 || this.resting))
      await new Promise<void>((r) => this.waiters.push(r));
    this.active += 1;
    const started = performance.now();
    try {
      return await task();
    } finally {
      this.active -= 1;
      if (!this.open && this.busy()) this.rest(performance.now() - started);
      else this.wake();
    }
  }

  /** No more turns (closing): whatever waits runs now, so the workers can finish their jobs and stop. */
  release() {
    this.open = true;
    if (this.resting) clearTimeout(this.resting);
    this.resting = null;
    this.wake();
  }

  private rest(tookMs: number) {
    if (this.resting) clearTimeout(this.resting);
    this.resting = setTimeout(
      () => {
        this.resting = null;
        this.wake();
      },
      Math.max(BREATHER_MS, DUTY_FACTOR * tookMs),
    );
  }

  /** Every waiter re-checks; the first takes the turn, the others wait again. */
  private wake() {
    const ws = this.waiters;
    this.waiters = [];
    for (const w of ws) w();
  }
}
