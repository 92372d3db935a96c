/**
 * Whether this process is busy answering API requests. Background jobs share the event loop and the database
 * with the requests; while busy, the in-process queue runs one job of each name at a time with breathers
 * (queue.ts), so a burst of accepted invoices is answered first and issued right after.
 *
 * Busy means many requests in flight, or many begun within the last second: on PGlite a request's database
 * work runs synchronously on this thread, so requests are handled one after another and the waiting ones sit
 * in the sockets, unseen — only their rate shows the load.
 *
 * Status polls (a contract's `poll`: the buyer pages asking every few seconds whether their invoice is ready) are
 * not counted (app.ts skips them): cheap and repeated, a few waiting phones would otherwise look like a burst and
 * hold back the very issuing they wait for.
 */
export class ApiLoad {
  private inFlight = 0;
  /** When the last `busyPerSecond` requests began, oldest first (a ring). */
  private readonly began: number[];
  private next = 0;

  constructor(
    private readonly busyInFlight = 8,
    /** 10 requests within a second: far above what people clicking through pages cause. */
    private readonly busyPerSecond = 10,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.began = new Array(busyPerSecond).fill(Number.NEGATIVE_INFINITY);
  }

  readonly begin = () => {
    this.inFlight += 1;
    this.began[this.next] = this.now();
    this.next = (this.next + 1) % this.busyPerSecond;
  };

  readonly end = () => {
    this.inFlight -= 1;
  };

  get busy(): boolean {
    // began[next] is the oldest of the last busyPerSecond starts.
    return this.inFlight >= this.busyInFlight || this.now() - this.began[this.next] < 1000;
  }
}
