import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { BullQueue } from '../../src/jobs/bullmq-queue.ts';
import { jobPrefixFor } from '../../src/jobs/prefix.ts';
import { createTestApp } from '../harness.ts';
import { api, invoiceBody } from '../sales/invoicing-helpers.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const used: string[] = [];
const prefix = () => {
  const p = `fpy-test-jobs-${randomBytes(6).toString('hex')}`;
  used.push(p);
  return p;
};

afterAll(async () => {
  if (!redisUrl || !used.length) return;
  // Leave nothing behind in the shared Redis.
  const r = new Redis(redisUrl);
  for (const p of used) {
    const keys = await r.keys(`${p}:*`);
    if (keys.length) await r.del(...keys);
  }
  await r.quit();
});

// npm test sets TEST_REDIS_URL and fails in CI when Redis is unreachable, so these never silently skip there.
describe.runIf(!!redisUrl)('job queue on Redis (BullMQ)', () => {
  it('retries with exponential backoff, keeps the last error and gives up after its attempts', async () => {
    const q = await BullQueue.connect(redisUrl!, { prefix: prefix() });
    try {
      let calls = 0;
      const runs: number[] = [];
      q.process('flaky', async () => {
        calls += 1;
        runs.push(Date.now());
        if (calls < 3) throw new Error(`boom ${calls}`);
      });
      q.process('broken', async () => {
        throw new Error('always');
      });
      const flaky = await q.enqueue('flaky', {}, { attempts: 5, backoffMs: 40 });
      const broken = await q.enqueue('broken', { a: 1 }, { attempts: 2, backoffMs: 5 });
      await q.drain();
      // Backoff 40 ms then 80 ms before the third run.
      expect(runs[2] - runs[0]).toBeGreaterThanOrEqual(110);
      expect(await q.get(flaky)).toMatchObject({ state: 'done', attemptsMade: 3, lastError: null });
      expect(await q.get(broken)).toMatchObject({
        state: 'failed',
        attemptsMade: 2,
        lastError: 'always',
        payload: { a: 1 },
      });
      const delayed = await q.enqueue('flaky', { d: 1 }, { delayMs: 150 });
      expect((await q.get(delayed))?.state).toBe('waiting');
      await q.drain();
      expect((await q.get(delayed))?.state).toBe('done');
      expect(await q.get('flaky|nope')).toBeUndefined();
    } finally {
      await q.close();
    }
  });

  it('collapses a duplicate of a waiting job; a finished job never blocks the same work again', async () => {
    const q = await BullQueue.connect(redisUrl!, { prefix: prefix() });
    try {
      const seen: unknown[] = [];
      const a = await q.enqueue('work', { id: 1, t: 2 }, { delayMs: 100 });
      // Same payload with its keys in another order: the same work.
      expect(await q.enqueue('work', { t: 2, id: 1 })).toBe(a);
      const other = await q.enqueue('work', { id: 2, t: 2 });
      expect(other).not.toBe(a);
      q.process('work', async (p) => {
        seen.push(p);
      });
      await q.drain();
      expect(seen).toHaveLength(2);
      const again = await q.enqueue('work', { id: 1, t: 2 });
      expect(again).not.toBe(a);
      await q.drain();
      expect(seen).toHaveLength(3);
    } finally {
      await q.close();
    }
  });

  it('an enqueue while the same job runs is kept and runs once after it', async () => {
    const q = await BullQueue.connect(redisUrl!, { prefix: prefix() });
    try {
      let runs = 0;
      let release!: () => void;
      const started = new Promise<void>((r) => {
        q.process('slow', async () => {
          runs += 1;
          if (runs === 1) {
            r();
            await new Promise<void>((done) => {
              release = done;
            });
          }
        });
      });
      await q.enqueue('slow', { x: 1 });
      await started;
      await q.enqueue('slow', { x: 1 });
      await q.enqueue('slow', { x: 1 });
      release();
      await q.drain();
      expect(runs).toBe(2);
    } finally {
      await q.close();
    }
  });

  it('jobs survive closing and reopening the queue (a restart)', async () => {
    const p = prefix();
    const first = await BullQueue.connect(redisUrl!, { prefix: p });
    await first.enqueue('later', { n: 1 });
    await first.enqueue('later', { n: 2 }, { delayMs: 50 });
    await first.close();

    const second = await BullQueue.connect(redisUrl!, { prefix: p });
    try {
      const seen: number[] = [];
      second.process<{ n: number }>('later', async ({ n }) => {
        seen.push(n);
      });
      await second.drain();
      expect(seen.sort()).toEqual([1, 2]);
    } finally {
      await second.close();
    }
  });

  it('an app built with REDIS_URL issues an invoice through the API on BullMQ', async () => {
    const t = await createTestApp({ REDIS_URL: redisUrl! });
    try {
      expect(t.services.jobs).toBeInstanceOf(BullQueue);
      used.push(await jobPrefixFor(t.services.db));
      const a = api(t, await t.login('demo', 'Demo@123'));
      const res = await a.create({ ...invoiceBody(), submit: true });
      expect(res.statusCode).toBe(201);
      const id = res.json().id as number;
      await a.settled();
      const got = (await a.get(id)).json();
      expect(got).toMatchObject({ status: 'issued', number: expect.stringMatching(/^\d{20}$/) });
    } finally {
      await t.drop();
    }
  });
});
