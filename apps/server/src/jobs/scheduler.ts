/**
 * Periodic tasks (auto-void of overdue 确认单, invoices stuck in 开具中, batch resumption). Each task is
 * single-flight in this process: a tick that finds the previous run still going is skipped. With several
 * server processes a task may run in each; tasks must therefore be idempotent (they are conditional UPDATEs).
 */
export type ScheduledTask = (now: Date) => Promise<void>;

interface Entry {
  name: string;
  intervalMs: number;
  task: ScheduledTask;
  running: Promise<void> | null;
  timer: NodeJS.Timeout | null;
  lastError: string | null;
}

export class Scheduler {
  private readonly tasks = new Map<string, Entry>();
  private started = false;

  constructor(private readonly onError: (name: string, err: unknown) => void = () => {}) {}

  every(name: string, intervalMs: number, task: ScheduledTask) {
    if (this.tasks.has(name)) throw new Error(`scheduled task ${name} registered twice`);
    const entry: Entry = { name, intervalMs, task, running: null, timer: null, lastError: null };
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

  async stop() {
    this.started = false;
    for (const e of this.tasks.values()) {
      if (e.timer) clearInterval(e.timer);
      e.timer = null;
    }
    await Promise.allSettled([...this.tasks.values()].map((e) => e.running));
  }

  private arm(e: Entry) {
    e.timer = setInterval(() => void this.tick(e, new Date(), false), e.intervalMs);
    e.timer.unref();
  }

  private async tick(e: Entry, now: Date, rethrow: boolean) {
    if (e.running) return;
    e.running = e.task(now).then(
      () => {
        e.lastError = null;
      },
      (err) => {
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
