/** Length of one window of the request rate. */
const WINDOW_MS = 250;

/**
 * Whether this process is busy answering API requests. Background jobs share the event loop and the database
 * with the requests; while busy, the in-process queue runs one job of each name at a time with breathers
 * (queue.ts), so a burst of accepted invoices is answered first and issued right after.
 *
 * Busy means many requests in flight, or a high rate of them: on PGlite a request's database work runs
 * synchronously on this thread, so requests are handled one after another and the waiting ones sit in the
 * sockets, unseen — only their rate shows the load.
 */
export class ApiLoad {
  private inFlight = 0;
  private windowStart = 0;
  private inWindow = 0;
  private inLastWindow = 0;

  constructor(
    private readonly busyInFlight = 8,
    /** Requests per window (10 per 250 ms: 40 requests a second, far above what people clicking cause). */
    private readonly busyPerWindow = 10,
    private readonly now: () => number = () => performance.now(),
  ) {}

  readonly begin = () => {
    this.inFlight += 1;
    this.roll();
    this.inWindow += 1;
  };

  readonly end = () => {
    this.inFlight -= 1;
  };

  get busy(): boolean {
    if (this.inFlight >= this.busyInFlight) return true;
    this.roll();
    return Math.max(this.inWindow, this.inLastWindow) >= this.busyPerWindow;
  }

  private roll() {
    const elapsed = this.now() - this.windowStart;
    if (elapsed < WINDOW_MS) return;
    this.inLastWindow = elapsed < 2 * WINDOW_MS ? this.inWindow : 0;
    this.inWindow = 0;
    this.windowStart += elapsed < 2 * WINDOW_MS ? WINDOW_MS : elapsed;
  }
}
