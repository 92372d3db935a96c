import { randomBytes } from 'node:crypto';
import { deliveries } from '@fpy/db';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { BullQueue } from '../../src/jobs/bullmq-queue.ts';
import { jobPrefixFor } from '../../src/jobs/prefix.ts';
import { sendPolicy } from '../../src/modules/delivery/dispatch/jobs.ts';
import {
  deliveriesOf,
  dispatchApi,
  issueInvoice,
  retryable,
  useFakeGateway,
} from './delivery-dispatch-helpers.ts';
import { createTestApp } from '../harness.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const prefixes: string[] = [];

afterAll(async () => {
  if (!redisUrl || !prefixes.length) return;
  // Leave nothing behind in the shared Redis.
  const r = new Redis(redisUrl);
  for (const p of prefixes) {
    const keys = await r.keys(`${p}*`);
    if (keys.length) await r.del(...keys);
  }
  await r.quit();
});

// The delivery jobs on BullMQ (REDIS_URL): the same idempotency, retries and dead letter as in process.
describe.runIf(!!redisUrl)('delivery dispatch on BullMQ', () => {
  it('auto-delivery after issuing, then retries end in the dead letter with the reason', {
    timeout: 240_000,
  }, async () => {
    const redisPrefix = `fpy-test-dlv-${randomBytes(5).toString('hex')}:`;
    prefixes.push(redisPrefix);
    const t = await createTestApp({ REDIS_URL: redisUrl!, REDIS_PREFIX: redisPrefix });
    try {
      expect(t.services.jobs).toBeInstanceOf(BullQueue);
      prefixes.push(`${await jobPrefixFor(t.services.db)}`);
      sendPolicy.baseMs = 5;
      sendPolicy.maxAttempts = 5;
      const gw = useFakeGateway(t);
      const token = await t.login('demo', 'Demo@123');
      const inv = await issueInvoice(t, token, { email: 'bull@example.com' });
      await t.services.jobs.drain();
      const [auto] = await deliveriesOf(t, inv.id);
      expect(auto).toMatchObject({
        channel: 'email',
        recipient: 'bull@example.com',
        status: 'accepted',
        seq: 0,
      });
      expect(gw.emails.map((e) => e.msg.to)).toEqual(['bull@example.com']);

      gw.script = Array.from({ length: sendPolicy.maxAttempts }, () => retryable());
      const res = await dispatchApi(t, token).send(inv.id, {
        channel: 'email',
        recipient: 'dead@example.com',
      });
      await t.services.jobs.drain();
      const [dead] = await t.services.db
        .select()
        .from(deliveries)
        .where(eq(deliveries.id, res.json().delivery.id));
      expect(dead).toMatchObject({
        status: 'dead',
        attempts: sendPolicy.maxAttempts,
        errorCode: 'Throttling',
      });
      expect(dead.errorMessage).toContain('服务商繁忙');
    } finally {
      await t.drop();
    }
  });
});
