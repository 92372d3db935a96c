import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { BullQueue } from '../../src/jobs/bullmq-queue.ts';
import { BusyTurns } from '../../src/jobs/busy-turns.ts';

/**
 * Issue 22 §2: on Redis the queue batches like the in-process one. processBatch handlers get the jobs that are
 * due together (not batches of one), each job keeps its own outcome and retries; enqueues that come together
 * go to Redis as packs (one job per up to 64 payloads) and still collapse duplicates; while the API is busy one
 * batch runs at a time.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const used: string[] = [];
const prefix = () => {
  const p = `fpy-test-jobsb-${randomBytes(6).toString('hex')}`;
  used.push(p);
  return p;
};

afterAll(async () => {
  if (!redisUrl || !used.length) return;
  const r = new Redis(redisUrl);
  for (const p of used) {
    const keys = await r.keys(`${p}:*`);
    if (keys.length) await r.del(...keys);
  }
  await r.quit();
});

describe('busy turns', () => {
  it('runs at once while idle; while busy one task at a time with a breather after it', async () => {
    let busy = false;
    const turns = new BusyTurns(() => busy);
    let running = 0;
    let most = 0;
    const task = () =>
      turns.run(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 10));
        running -= 1;
      });
    await Promise.all([task(), task(), task()]);
    expect(most).toBe(3);

    busy = true;
    most = 0;
    const started = performance.now();
    await Promise.all([task(), task(), task()]);
    expect(most).toBe(1);
    // Two breathers of at least 25 ms between the three runs.
    expect(performance.now() - started).toBeGreaterThanOrEqual(70);

    // Closing releases whatever waits.
    await task();
    turns.release();
    most = 0;
    await Promise.all([task(), task()]);
    expect(most).toBe(2);
  });
});

describe.runIf(!!redisUrl)('BullMQ batches and coalesced enqueues', () => {
  it('a batch handler gets many due jobs at once; each job keeps its own outcome and retries', async () => {
    const q = await BullQueue.connect(redisUrl!, { prefix: prefix() });
    try {
      const sizes: number[] = [];
      const runs = new Map<number, number>();
      // 150 jobs enqueued at once, before the worker starts: one pipeline, then batches of up to 64.
      const ids = await Promise.all(
        Array.from({ length: 150 }, (_, n) => q.enqueue('many', { n }, { attempts: 3, backoffMs: 10 })),
      );
      expect(new Set(ids).size).toBe(150);
      q.processBatch<{ n: number }>(
        'many',
        async (items) => {
          sizes.push(items.length);
          return items.map(({ payload: { n } }) => {
            runs.set(n, (runs.get(n) ?? 0) + 1);
            // Job 7 fails its first attempt only: retried alone, the others are done once.
            return n === 7 && runs.get(n) === 1 ? new Error('first try') : null;
          });
        },
        { max: 64 },
      );
      await q.drain();
      expect(runs.size).toBe(150);
      expect([...runs.entries()].filter(([, c]) => c !== 1)).toEqual([[7, 2]]);
      expect(Math.max(...sizes)).toBeGreaterThan(1);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(64);
      expect(await q.get(ids[7])).toMatchObject({ state: 'done', attemptsMade: 2 });
    } finally {
      await q.close();
    }
  });

  it('enqueues that come together still collapse duplicates of a waiting job', async () => {
    const q = await BullQueue.connect(redisUrl!, { prefix: prefix() });
    try {
      const ids = await Promise.all([
        q.enqueue('dup', { a: 1, b: 2 }),
        q.enqueue('dup', { b: 2, a: 1 }),
        q.enqueue('dup', { a: 2 }),
        q.enqueue('dup', { a: 1, b: 2 }),
      ]);
      expect(ids[1]).toBe(ids[0]);
      expect(ids[3]).toBe(ids[0]);
      expect(ids[2]).not.toBe(ids[0]);
      const seen: unknown[] = [];
      q.process('dup', async (p) => {
        seen.push(p);
      });
      await q.drain();
      expect(seen).toHaveLength(2);
    } finally {
      await q.close();
    }
  });

  it('enqueues that come together are one Redis job per 64 (a pack); each item keeps its own outcome', async () => {
    const p = prefix();
    const q = await BullQueue.connect(redisUrl!, { prefix: p });
    const conn = new Redis(redisUrl!, { maxRetriesPerRequest: null });
    const counts = new Queue('packed', { connection: conn, prefix: p });
    try {
      const runs = new Map<number, number>();
      const ids = await Promise.all(
        Array.from({ length: 100 }, (_, n) => q.enqueue('packed', { n }, { attempts: 2, backoffMs: 5 })),
      );
      // 100 payloads: two Redis jobs, not a hundred.
      expect(await counts.getJobCountByTypes('waiting', 'prioritized')).toBe(2);
      expect(new Set(ids).size).toBe(100);
      q.processBatch<{ n: number }>(
        'packed',
        async (items) =>
          items.map(({ payload: { n } }) => {
            runs.set(n, (runs.get(n) ?? 0) + 1);
            // 3 fails once, then succeeds (in a successor pack); 5 fails every attempt.
            if (n === 5) return new Error('five is refused');
            return n === 3 && runs.get(n) === 1 ? new Error('first try') : null;
          }),
        { max: 64 },
      );
      await q.drain();
      expect(runs.size).toBe(100);
      expect([...runs.entries()].filter(([, c]) => c !== 1).sort()).toEqual([
        [3, 2],
        [5, 2],
      ]);
      expect(await q.get(ids[3])).toMatchObject({ state: 'done', attemptsMade: 2, payload: { n: 3 } });
      expect(await q.get(ids[5])).toMatchObject({
        state: 'failed',
        attemptsMade: 2,
        lastError: 'five is refused',
        payload: { n: 5 },
      });
      expect(await q.get(ids[9])).toMatchObject({ state: 'done', attemptsMade: 1, lastError: null });
      // The same payloads asked for again after they ran are new work.
      await Promise.all([q.enqueue('packed', { n: 1 }), q.enqueue('packed', { n: 2 })]);
      await q.drain();
      expect(runs.get(1)).toBe(2);
    } finally {
      await q.close();
      await counts.close();
      await conn.quit();
    }
  });

  it('while the API is busy one batch runs at a time, across names', async () => {
    const q = await BullQueue.connect(redisUrl!, { prefix: prefix(), busy: () => true });
    try {
      let running = 0;
      let most = 0;
      const handler = async (items: unknown[]) => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 5));
        running -= 1;
        return items.map(() => null);
      };
      await Promise.all(Array.from({ length: 20 }, (_, n) => q.enqueue('x', { n })));
      await Promise.all(Array.from({ length: 20 }, (_, n) => q.enqueue('y', { n })));
      q.processBatch('x', handler, { max: 4 });
      q.processBatch('y', handler, { max: 4 });
      await q.drain();
      expect(most).toBe(1);
    } finally {
      await q.close();
    }
  });
});
