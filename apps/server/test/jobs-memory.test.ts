import { describe, expect, it } from 'vitest';
import { dedupKey, MemoryQueue } from '../src/jobs/queue.ts';

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
