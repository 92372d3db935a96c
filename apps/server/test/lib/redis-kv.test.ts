import { describe, expect, it } from 'vitest';
import { MemoryKv, RedisKv, type Kv } from '../../src/lib/kv.ts';
import { createTestApp } from '../harness.ts';

const redisUrl = process.env.TEST_REDIS_URL;

async function contract(kv: Kv) {
  const key = `t:${Math.random()}`;
  expect(await kv.incr(key, 60)).toBe(1);
  expect(await kv.incr(key, 60)).toBe(2);
  await kv.set(`${key}:v`, 'x', 60);
  expect(await kv.get(`${key}:v`)).toBe('x');
  await kv.del(`${key}:v`);
  expect(await kv.get(`${key}:v`)).toBeNull();
}

describe('counters and caches', () => {
  it('in process', () => contract(new MemoryKv()));

  // npm test sets TEST_REDIS_URL and fails in CI when Redis is unreachable, so this never silently skips there.
  it.runIf(!!redisUrl)(
    'on Redis, shared between two server processes: rate limits count across both',
    async () => {
      const kv = await RedisKv.connect(redisUrl!, `fpy-test-${Date.now()}:`);
      await contract(kv);
      await kv.close();

      // Two server processes on one Redis: an account's code requests are counted across both.
      const limits = { rateLimits: { perIpPerMinute: 1000, perAccountPerMinute: 3 } };
      const a = await createTestApp({ REDIS_URL: redisUrl! }, limits);
      const b = await createTestApp({ REDIS_URL: redisUrl! }, limits);
      try {
        expect(a.services.kv).toBeInstanceOf(RedisKv);
        const username = `ghost${Date.now()}${Math.floor(Math.random() * 1e6)}`;
        const ask = (t: typeof a) =>
          t.app.inject({
            method: 'POST',
            url: '/api/admin/client/getForgetPwdCode',
            payload: { username, target: '13900000000' },
          });
        expect((await ask(a)).statusCode).toBe(200);
        expect((await ask(b)).statusCode).toBe(200);
        expect((await ask(a)).statusCode).toBe(200);
        const fourth = await ask(b);
        expect(fourth.statusCode).toBe(429);
        expect(fourth.json().message).toBe('操作过于频繁，请稍后再试');
      } finally {
        await a.drop();
        await b.drop();
      }
    },
  );
});
