import { randomBytes } from 'node:crypto';
import { groupMembers, groups, invoiceEvents, preopenPhoneDevices, users } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/lib/hash.ts';
import { bearer, createTestApp, type TestApp } from '../harness.ts';
import { invoiceBody } from '../sales/invoicing-helpers.ts';

/**
 * Issue 30 §2.9: reviewers' phones whose calls land on two server instances (two apps on one database and one
 * Redis): one binding code binds one phone, and 20 decisions racing on one application make exactly one (the
 * others told it is already handled); an approval is issued once. Needs Redis (TEST_REDIS_URL); on PostgreSQL
 * with TEST_DB=pg.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const prefix = `fpy-test-pp-${randomBytes(6).toString('hex')}:`;
const PHONE = '/api/public/preopen';
const CONSOLE = '/api/billing/v1/preopen-phone';

afterAll(async () => {
  if (!redisUrl) return;
  const r = new Redis(redisUrl);
  const keys = await r.keys(`${prefix}*`);
  if (keys.length) await r.del(...keys);
  await r.quit();
});

async function brandMember(t: TestApp, username: string, name: string) {
  const db = t.services.db;
  const [brand] = await db.select().from(users).where(eq(users.username, 'brand'));
  const [created] = await db
    .insert(users)
    .values({
      tenantId: brand.tenantId,
      username,
      passwordHash: await hashPassword('Member@123'),
      passwordState: 'ok',
      name,
    })
    .returning();
  const [admins] = await db
    .select()
    .from(groups)
    .where(and(eq(groups.tenantId, brand.tenantId!), eq(groups.code, 'admin')));
  await db.insert(groupMembers).values({ groupId: admins.id, userId: created.id });
  return t.login(username, 'Member@123');
}

describe.runIf(!!redisUrl)('pre-issue review phones on two instances', () => {
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

  const post = (app: App, url: string, payload: object, i: number) =>
    app.app.inject({ method: 'POST', url: `${PHONE}${url}`, payload, remoteAddress: `203.0.113.${i + 1}` });

  it('one binding code over both instances binds one phone', async () => {
    const brand = await a.login('brand', 'Brand@123');
    const made = await a.app.inject({ method: 'POST', url: `${CONSOLE}/bind-codes`, headers: bearer(brand) });
    const { code } = made.json() as { code: string };
    const before = (await a.services.db.select().from(preopenPhoneDevices)).length;
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post(i % 2 ? b : a, '/bind', { code }, i)),
    );
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.statusCode === 404)).toHaveLength(9);
    expect((await a.services.db.select().from(preopenPhoneDevices)).length).toBe(before + 1);
  }, 60_000);

  it('20 decisions racing on one application over both instances: one decision, issued once', async () => {
    const sales = await brandMember(a, `pp2-sales-${Date.now()}`, '销售小钱');
    const reviewers = [
      await a.login('brand', 'Brand@123'),
      await brandMember(a, `pp2-rev-${Date.now()}`, '财务小李'),
    ];
    const devices: string[] = [];
    for (const [i, token] of reviewers.entries()) {
      const { code } = (
        await a.app.inject({ method: 'POST', url: `${CONSOLE}/bind-codes`, headers: bearer(token) })
      ).json() as { code: string };
      devices.push((await post(i ? b : a, '/bind', { code }, 100 + i)).json().device);
    }
    const created = await a.app.inject({
      method: 'POST',
      url: '/api/billing/v1/invoices',
      headers: bearer(sales),
      payload: invoiceBody(),
    });
    expect(created.json().status).toBe('pending_review');
    const id = created.json().id as number;
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(
          i % 2 ? b : a,
          '/applications/decide',
          i % 5 === 4
            ? { device: devices[i % 2], id, decision: 'reject', reason: '重复' }
            : { device: devices[i % 2], id, decision: 'approve' },
          i,
        ),
      ),
    );
    const statuses = replies.map((r) => r.statusCode);
    expect(
      statuses.filter((s) => s === 200),
      statuses.join(','),
    ).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const db = a.services.db;
    const closed = (await db.select().from(invoiceEvents).where(eq(invoiceEvents.invoiceId, id))).filter(
      (e) => e.fromStatus === 'pending_review',
    );
    expect(closed).toHaveLength(1);
    if (closed[0].toStatus === 'ready') {
      const started = Date.now();
      for (;;) {
        const events = await db.select().from(invoiceEvents).where(eq(invoiceEvents.invoiceId, id));
        const issued = events.filter((e) => e.toStatus === 'issued');
        if (issued.length) {
          expect(issued).toHaveLength(1);
          break;
        }
        if (Date.now() - started > 30_000) throw new Error('not issued');
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }, 60_000);
});
