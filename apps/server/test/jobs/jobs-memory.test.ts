import { describe, expect, it, vi } from 'vitest';
import { dedupKey, MemoryQueue } from '../../src/jobs/queue.ts';
import { ApiLoad } from '../../src/jobs/api-load.ts';

describe('in-process job queue: duplicates', () => {
  it('collapses a duplicate of a waiting job, never one that already ran', async () => {
    const q = new MemoryQueue();
    const seen: unknown[] = [];
    q.process('work', async (p) => {
      seen.push(p);
    });
    const a = await q.enqueue('work', { id: 1, t: 2 }, { delayMs: 20 });
    expect(await q.enqueue('work', { t: 2, id: 1 })).toBe(a);
    expect(await q.enqueue('work', { id: 2, t: 2 })).not.toBe(a);
    await q.drain();
    expect(seen).toHaveLength(2);
    expect(await q.enqueue('work', { id: 1, t: 2 })).not.toBe(a);
    await q.drain();
    expect(seen).toHaveLength(3);
    await q.close();
  });

  it('a job waiting for its next attempt absorbs a new enqueue of the same work', async () => {
    const q = new MemoryQueue();
    let runs = 0;
    q.process('flaky', async () => {
      runs += 1;
      if (runs === 1) throw new Error('once');
    });
    const id = await q.enqueue('flaky', { n: 1 }, { backoffMs: 30 });
    await new Promise((r) => setTimeout(r, 10));
    expect(q.get(id)).toMatchObject({ state: 'waiting', attemptsMade: 1, lastError: 'once' });
    expect(await q.enqueue('flaky', { n: 1 })).toBe(id);
    await q.drain();
    expect(runs).toBe(2);
    await q.close();
  });

  it('keys ignore the order of object keys', () => {
    expect(dedupKey('a', { x: 1, y: { b: 2, a: 1 } })).toBe(dedupKey('a', { y: { a: 1, b: 2 }, x: 1 }));
    expect(dedupKey('a', { x: 1 })).not.toBe(dedupKey('b', { x: 1 }));
  });
});

describe('in-process job queue: yielding to requests', () => {
  it('runs one job of a name at a time, with a breather, while busy; its full concurrency again once not', async () => {
    // Virtual time: the breather is a span of time, and on a loaded machine a real 5 ms sleep can outlast it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      let busy = true;
      const q = new MemoryQueue({ concurrency: 4, busy: () => busy });
      let running = 0;
      let maxBusy = 0;
      let maxFree = 0;
      const gates: (() => void)[] = [];
      q.process('work', async () => {
        running += 1;
        if (busy) maxBusy = Math.max(maxBusy, running);
        else maxFree = Math.max(maxFree, running);
        await new Promise<void>((r) => gates.push(r));
        running -= 1;
      });
      for (let i = 0; i < 12; i++) await q.enqueue('work', { i });
      await vi.advanceTimersByTimeAsync(20);
      expect(running).toBe(1);
      // The job took 20 ms: the breather is four times that, 80 ms, and a new enqueue does not cut it short.
      gates.shift()?.();
      await vi.advanceTimersByTimeAsync(5);
      expect(running).toBe(0);
      await q.enqueue('work', { i: 12 });
      await vi.advanceTimersByTimeAsync(70);
      expect(running).toBe(0);
      await vi.advanceTimersByTimeAsync(10);
      expect(running).toBe(1);
      busy = false;
      // The job finishing next re-checks: the queue fills up to its concurrency again.
      gates.shift()?.();
      await vi.advanceTimersByTimeAsync(10);
      expect(running).toBe(4);
      while (gates.length) {
        gates.shift()?.();
        await vi.advanceTimersByTimeAsync(5);
      }
      await q.drain();
      expect(maxBusy).toBe(1);
      expect(maxFree).toBe(4);
      await q.close();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('in-process job queue: batches', () => {
  it('hands due jobs over together, up to max; per-job answers: done, or retried alone', async () => {
    const q = new MemoryQueue({ concurrency: 1 });
    const calls: number[][] = [];
    let gate: () => void = () => {};
    const first = new Promise<void>((r) => {
      gate = r;
    });
    q.processBatch<{ n: number }>(
      'work',
      async (items) => {
        calls.push(items.map((i) => i.payload.n));
        if (calls.length === 1) await first;
        // n = 3 fails its first attempt only; its retry comes alone.
        return items.map((i) =>
          i.payload.n === 3 && i.job.attemptsMade === 1 ? new Error('not yet') : null,
        );
      },
      { max: 4 },
    );
    const ids: string[] = [];
    for (let n = 0; n < 7; n++) ids.push(await q.enqueue('work', { n }, { backoffMs: 10 }));
    await new Promise((r) => setTimeout(r, 10));
    // The first job ran alone (nothing else was due yet); the six that fell due meanwhile go 4 + 2.
    gate();
    await q.drain();
    expect(calls).toEqual([[0], [1, 2, 3, 4], [5, 6], [3]]);
    expect(q.get(ids[3])).toMatchObject({ state: 'done', attemptsMade: 2, lastError: null });
    expect(q.get(ids[4])).toMatchObject({ state: 'done', attemptsMade: 1 });
    await q.close();
  });

  it('a handler that throws fails the attempt of every job it was given', async () => {
    const q = new MemoryQueue({ concurrency: 1 });
    let runs = 0;
    q.processBatch(
      'work',
      async () => {
        runs += 1;
        throw new Error('down');
      },
      { max: 8 },
    );
    const a = await q.enqueue('work', { n: 1 }, { attempts: 2, backoffMs: 5 });
    const b = await q.enqueue('work', { n: 2 }, { attempts: 2, backoffMs: 5 });
    await q.drain();
    expect(q.get(a)).toMatchObject({ state: 'failed', attemptsMade: 2, lastError: 'down' });
    expect(q.get(b)).toMatchObject({ state: 'failed', attemptsMade: 2, lastError: 'down' });
    expect(runs).toBeGreaterThanOrEqual(2);
    await q.close();
  });

  it('while busy, jobs of different names take turns: one at a time in all', async () => {
    let busy = true;
    const q = new MemoryQueue({ concurrency: 4, busy: () => busy });
    let running = 0;
    let maxRunning = 0;
    const order: string[] = [];
    const handler = (name: string) => async () => {
      running += 1;
      maxRunning = Math.max(maxRunning, running);
      order.push(name);
      await new Promise((r) => setTimeout(r, 2));
      running -= 1;
    };
    q.process('a', handler('a'));
    q.process('b', handler('b'));
    for (let i = 0; i < 3; i++) {
      await q.enqueue('a', { i });
      await q.enqueue('b', { i });
    }
    await vi.waitFor(() => expect(order.length).toBeGreaterThanOrEqual(4), { timeout: 20_000, interval: 5 });
    expect(maxRunning).toBe(1);
    // The name that waited longest gets the next turn.
    expect(order.slice(0, 4)).toEqual(['a', 'b', 'a', 'b']);
    busy = false;
    await q.drain();
    expect(order).toHaveLength(6);
    await q.close();
  });
});

describe('ApiLoad', () => {
  it('is busy from its threshold of requests in flight', () => {
    const load = new ApiLoad(3, 1000);
    load.begin();
    load.begin();
    expect(load.busy).toBe(false);
    load.begin();
    expect(load.busy).toBe(true);
    load.end();
    expect(load.busy).toBe(false);
  });

  it('is busy at a high request rate even when requests are answered one at a time (PGlite)', () => {
    let t = 10_000;
    const load = new ApiLoad(8, 10, () => t);
    const oneRequest = () => {
      load.begin();
      load.end();
      t += 50;
    };
    for (let i = 0; i < 9; i++) oneRequest();
    expect(load.busy).toBe(false);
    oneRequest();
    expect(load.busy).toBe(true);
    // Ten within a second: still busy a little later, idle once the tenth-last is a second old.
    t += 400;
    expect(load.busy).toBe(true);
    t += 200;
    expect(load.busy).toBe(false);
    // Slow clicking never counts as busy.
    for (let i = 0; i < 30; i++) {
      oneRequest();
      t += 150;
      expect(load.busy).toBe(false);
    }
  });
});
