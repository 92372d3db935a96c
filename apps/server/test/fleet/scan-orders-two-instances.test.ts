import { randomBytes } from 'node:crypto';
import { invoiceRequests, invoices, scanOrders } from '@fpy/db';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../harness.ts';

/**
 * Issue 30 §3: a scan order's code is invoiced once even when the taps land on two server instances — two apps
 * on one database and one Redis (the pattern of multi-instance-shared.test.ts), 20 submits spread over both at
 * once: exactly one request, one invoice, and the order invoiced. Needs Redis (TEST_REDIS_URL); on PostgreSQL
 * with TEST_DB=pg.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const prefix = `fpy-test-so-${randomBytes(6).toString('hex')}:`;

afterAll(async () => {
  if (!redisUrl) return;
  const r = new Redis(redisUrl);
  const keys = await r.keys(`${prefix}*`);
  if (keys.length) await r.del(...keys);
  await r.quit();
});

describe.runIf(!!redisUrl)('scan orders on two instances', () => {
  type App = TestApp & { drop(): Promise<void> };
  let a: App;
  let b: App;
  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl!, REDIS_PREFIX: prefix };
    a = await createTestApp(env);
    b = await createTestApp(env, { dbHandle: a.dbHandle });
  }, 120_000);
  afterAll(async () => {
    await b?.drop();
    await a?.drop();
  });

  it('20 concurrent submits of one code over both instances: one request, one invoice', async () => {
    const demo = await a.login('demo', 'Demo@123');
    const created = await a.app.inject({
      method: 'POST',
      url: '/api/self-service/orders',
      headers: bearer(demo),
      payload: { lines: [{ name: '*餐饮服务*餐费', amountFen: 9_900, rate: 'rate_6' }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, code } = created.json() as { id: number; code: string };
    const body = {
      invoiceType: 'digital_ordinary',
      title: { kind: 'company', name: '上海云帆信息技术有限公司', taxNumber: '91310104MA1FR8KX39' },
    };
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? b : a).app.inject({
          method: 'POST',
          url: `/api/public/self-service/orders/${code}/requests`,
          payload: body,
          remoteAddress: `203.0.113.${i + 1}`,
        }),
      ),
    );
    const statuses = replies.map((r) => r.statusCode);
    expect(
      statuses.filter((s) => s === 200),
      statuses.join(','),
    ).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);

    // Issued by whichever instance's queue takes the work; wait for the order to read invoiced.
    const db = a.services.db;
    const started = Date.now();
    for (;;) {
      const [o] = await db.select().from(scanOrders).where(eq(scanOrders.id, id));
      if (o.state === 'invoiced') break;
      if (Date.now() - started > 30_000) throw new Error(`order still ${o.state}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const reqs = (await db.select().from(invoiceRequests).where(eq(invoiceRequests.sourceId, id))).filter(
      (r) => r.source === 'order',
    );
    expect(reqs).toHaveLength(1);
    expect(reqs[0].state).toBe('issued');
    const invs = await db
      .select()
      .from(invoices)
      .where(eq(invoices.clientSerial, `ssr-${reqs[0].id}`));
    expect(invs).toHaveLength(1);
  }, 60_000);
});
