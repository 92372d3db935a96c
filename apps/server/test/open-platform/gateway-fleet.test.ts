import { randomBytes, randomUUID } from 'node:crypto';
import { openAppGroups, openApps, openRateLimits, tenants } from '@fpy/db';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boxFor, invalidateOpenPlatform } from '../../src/modules/open-platform/gateway/index.ts';
import { createTestApp, type TestApp } from '../harness.ts';
import { DEMO_TAX_NO, signedCall } from './gateway-helpers.ts';

/**
 * Two server instances on one database and one Redis (issue 32 §2, §5): one limit, one nonce memory, and an
 * app disabled through one instance refused by the other at once (the bus). Built as two apps in one process,
 * like test/fleet/multi-instance-shared.test.ts; runs when TEST_REDIS_URL is set.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const prefix = `fpy-test-open-${randomBytes(6).toString('hex')}:`;

afterAll(async () => {
  if (!redisUrl) return;
  const r = new Redis(redisUrl);
  const keys = await r.keys(`${prefix}*`);
  if (keys.length) await r.del(...keys);
  await r.quit();
});

describe.runIf(!!redisUrl)('open API on two instances sharing one Redis', () => {
  type App = TestApp & { drop(): Promise<void> };
  let a: App;
  let b: App;
  let app: { id: number; appKey: string; appSecret: string };
  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl!, REDIS_PREFIX: prefix };
    a = await createTestApp(env);
    b = await createTestApp(env, { dbHandle: a.dbHandle });
    const db = a.services.db;
    const [demo] = await db.select().from(tenants).where(eq(tenants.creditCode, DEMO_TAX_NO));
    const appKey = `ak_F${randomBytes(16).toString('hex').slice(0, 19)}`;
    const appSecret = randomBytes(20).toString('hex');
    const [row] = await db
      .insert(openApps)
      .values({
        developerId: 1,
        name: 'fleet app',
        appKey,
        secretCipher: boxFor(a.services.config.OPEN_SECRET_KEY).seal(appSecret),
        secretHint: appSecret.slice(-4),
        tenantId: demo.id,
      })
      .returning();
    await db.insert(openAppGroups).values({ appId: row.id, groupCode: 'electronic-invoice' });
    await db.insert(openRateLimits).values({ scope: 'app', appId: row.id, points: 4, windowSeconds: 60 });
    invalidateOpenPlatform(a.services);
    app = { id: row.id, appKey, appSecret };
  });
  afterAll(async () => {
    await b?.drop();
    await a?.drop();
  });
  const url = '/openapi/v1/customers/search?q=abc';

  it('the app limit is one budget across both instances', async () => {
    const codes: string[] = [];
    for (const t of [a, b, a, b, a, b]) codes.push((await signedCall(t.app, { app, url })).json().code);
    expect(codes).toEqual(['OK', 'OK', 'OK', 'OK', 'RATE_LIMITED', 'RATE_LIMITED']);
    const over = await signedCall(b.app, { app, url });
    expect(over.statusCode).toBe(429);
    expect(over.headers['x-ratelimit-limit']).toBe('4');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a nonce used on A is a replay on B; a disabled app is refused by B at once', async () => {
    await a.services.db.update(openRateLimits).set({ points: 1000 }).where(eq(openRateLimits.appId, app.id));
    invalidateOpenPlatform(a.services);
    const nonce = randomUUID();
    await new Promise((r) => setTimeout(r, 100));
    expect((await signedCall(a.app, { app, url, nonce })).json().code).toBe('OK');
    expect((await signedCall(b.app, { app, url, nonce })).json().code).toBe('REPLAYED_NONCE');
    expect((await signedCall(b.app, { app, url })).json().code).toBe('OK');
    await a.services.db.update(openApps).set({ state: 'disabled' }).where(eq(openApps.id, app.id));
    invalidateOpenPlatform(a.services);
    const started = Date.now();
    let code = '';
    while (Date.now() - started < 1000) {
      code = (await signedCall(b.app, { app, url })).json().code;
      if (code === 'APP_DISABLED') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(code).toBe('APP_DISABLED');
  });
});
