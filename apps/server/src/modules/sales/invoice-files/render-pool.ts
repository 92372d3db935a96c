import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { invoiceFont } from './font.ts';
import { type RenderInput, type RenderOutput, renderStep } from './render-step.ts';
import type { RenderReply, RenderRequest } from './render-worker.ts';

/**
 * Where faces are rendered. A PDF costs ~15–35 ms of CPU; on the main thread that time is taken from every
 * HTTP request (issuing tops out near 30 invoices/s), so by default it runs on worker threads and the main
 * thread only reads the database and writes the store. `size` 0 renders inline (RENDER_WORKERS=0).
 */
export interface RenderOptions {
  /**
   * Someone waits for this file (a download, an attachment): rendered on the pool's urgent thread, which runs
   * at normal priority and is never busy with background renders, instead of queueing behind them on the
   * low-priority threads a busy machine starves.
   */
  urgent?: boolean;
}

export interface Renderer {
  readonly size: number;
  render(input: RenderInput, opts?: RenderOptions): Promise<RenderOutput>;
  /** Starts the threads and parses the font now rather than on the first invoice. */
  warm(): void;
  /** Stops the threads; renders still queued or running are rejected. */
  close(): Promise<void>;
}

/** One core is left to the event loop. */
export const defaultRenderWorkers = () => Math.max(1, availableParallelism() - 1);

/**
 * How background render threads share the CPU. `low` (the default): nice 19, so requests and the database come
 * first; work of other processes at normal priority holds the renders back too, for as long as it keeps the
 * cores busy (downloads do not wait: they render on the urgent thread). `normal`: an instance that only works
 * the queue, or a host whose other work must not starve the renders (a test machine running suites side by side).
 */
export type RenderPriority = 'low' | 'normal';

export function createRenderer(
  size: number = defaultRenderWorkers(),
  priority: RenderPriority = 'low',
): Renderer {
  return size > 0 ? new RenderPool(size, priority === 'low') : inlineRenderer;
}

export const inlineRenderer: Renderer = {
  size: 0,
  render: (input) => renderStep(input),
  warm: () => {
    invoiceFont();
  },
  close: async () => {},
};

export class RenderPoolClosedError extends Error {
  constructor() {
    super('invoice render pool is closed');
  }
}

const WORKER_URL = new URL('./render-worker.ts', import.meta.url).href;

/**
 * The worker file is TypeScript. The server runs under `node --import tsx` and vitest under its own loader; a
 * new thread inherits neither on Node 20 (the browser tests' server runs on the system node), and
 * `--import tsx` in the worker's execArgv does not help there either. What works on Node 20 and 24, under tsx
 * and vitest alike: a small bootstrap that registers tsx through its API inside the thread, then imports the
 * worker module. tsx is found from here (absolute URL), so the working directory does not matter.
 */
const TSX_API = pathToFileURL(
  join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs'),
).href;
/**
 * Rendering is background work: on Linux a thread has its own nice value (setpriority on its thread id), so a
 * background thread lowers its own priority first thing — before loading tsx, pdf-lib and the font — and yields
 * the cores to the event loop and the database when they are busy accepting invoices. Elsewhere, or when
 * refused, it runs at normal priority. The urgent thread (someone waits for its file) keeps normal priority.
 */
const LOWER_PRIORITY = `
try {
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  if (tid > 0) require('node:os').setPriority(tid, require('node:os').constants.priority.PRIORITY_LOW);
} catch {}`;
const BOOTSTRAP = `
import(${JSON.stringify(TSX_API)}).then(({ register }) => {
  register();
  return import(${JSON.stringify(WORKER_URL)});
});`;

interface Task {
  id: number;
  input: RenderInput | null; // null: warm-up (parse the font)
  resolve(out: RenderOutput): void;
  reject(err: Error): void;
}

interface Slot {
  worker: Worker;
  task: Task | null;
}

class RenderPool implements Renderer {
  private readonly slots = new Set<Slot>();
  private readonly idle: Slot[] = [];
  private readonly queue: Task[] = [];
  /** The thread for urgent renders (normal priority), started on the first one. */
  private urgentPool: RenderPool | null = null;
  private nextId = 1;
  private closed = false;

  constructor(
    readonly size: number,
    /** Background threads lower their priority (unless asked not to); the urgent one never does. */
    private readonly lowPriority: boolean,
    private readonly background = true,
  ) {}

  render(input: RenderInput, opts: RenderOptions = {}): Promise<RenderOutput> {
    if (opts.urgent && this.background) {
      if (this.closed) return Promise.reject(new RenderPoolClosedError());
      this.urgentPool ??= new RenderPool(1, false, false);
      return this.urgentPool.render(input);
    }
    return this.submit(input);
  }

  warm() {
    for (let i = this.slots.size; i < this.size; i++) this.submit(null).catch(() => undefined);
    if (this.background && !this.closed) {
      this.urgentPool ??= new RenderPool(1, false, false);
      this.urgentPool.warm();
    }
  }

  private submit(input: RenderInput | null): Promise<RenderOutput> {
    if (this.closed) return Promise.reject(new RenderPoolClosedError());
    return new Promise<RenderOutput>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, input, resolve, reject });
      this.dispatch();
    });
  }

  async close() {
    this.closed = true;
    for (const t of this.queue.splice(0)) t.reject(new RenderPoolClosedError());
    await this.urgentPool?.close();
    const slots = [...this.slots];
    this.slots.clear();
    this.idle.length = 0;
    for (const s of slots) s.task?.reject(new RenderPoolClosedError());
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  private dispatch() {
    while (this.queue.length > 0) {
      const slot = this.idle.pop() ?? (this.slots.size < this.size ? this.spawn() : null);
      if (!slot) return;
      const task = this.queue.shift()!;
      slot.task = task;
      // A busy thread keeps the process alive (a script awaiting its PDFs); an idle one must not.
      slot.worker.ref();
      slot.worker.postMessage({ id: task.id, input: task.input } as RenderRequest);
    }
  }

  private spawn(): Slot {
    const worker = new Worker(this.lowPriority ? LOWER_PRIORITY + BOOTSTRAP : BOOTSTRAP, {
      eval: true,
      name: this.background ? 'invoice-render' : 'invoice-render-urgent',
    });
    const slot: Slot = { worker, task: null };
    this.slots.add(slot);
    worker.on('message', (reply: RenderReply) => {
      const task = slot.task;
      if (!task || task.id !== reply.id) return;
      slot.task = null;
      worker.unref();
      if (reply.ok) task.resolve({ pdf: reply.pdf, xml: reply.xml, ofd: reply.ofd });
      else {
        const err = new Error(reply.message);
        if (reply.stack) err.stack = reply.stack;
        task.reject(err);
      }
      if (this.slots.has(slot)) this.idle.push(slot);
      this.dispatch();
    });
    // A thread that dies (uncaught error, out of memory) fails its render and is replaced on the next one.
    const lost = (err: Error) => {
      if (!this.slots.delete(slot)) return;
      const i = this.idle.indexOf(slot);
      if (i >= 0) this.idle.splice(i, 1);
      slot.task?.reject(err);
      slot.task = null;
      this.dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`invoice render worker exited with code ${code}`)));
    return slot;
  }
}
