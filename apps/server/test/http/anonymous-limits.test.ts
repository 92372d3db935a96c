import { trackingEvents } from '@fpy/db';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { ipBudget, type RateLimits } from '../../src/plugins/rate-limit.ts';
import { createTestApp } from '../harness.ts';

/**
 * Issue 12 §3: anonymous writes are limited per client IP by the login limiter, every public write route by
 * default. The walk reads the OpenAPI document, so a public write route added later is held to the same proof
 * the day it is written: after its budget one address gets 429, another is still served.
 */
type Op = { 'x-permission': unknown; 'x-rate-limit'?: 'credentials' | 'events' | 'public-write' };
type Doc = { paths: Record<string, Record<string, Op>> };

const SMALL: RateLimits = { perIpPerMinute: 3, perAccountPerMinute: 1_000, eventsPerIpPerMinute: 7 };
// Documentation addresses (RFC 5737): labels for app.inject only, nothing is sent anywhere.
let nextAddress = 1;
const newAddress = () => `203.0.113.${nextAddress++}`;

/** A 1.8 KB event like the ones of the report. */
const event = () => ({
  businessCode: 'dataBuriedPoint',
  sessionId: 's'.repeat(64),
  operationDate: '20260301120000',
  deviceContent: { os_name: 'Windows', browser_name: 'Chrome', screen_width: 1920, screen_height: 1080 },
  businessContent: {
    product: 9,
    eventType: 'click',
    event: 'issue',
    url_path: `/cloudConsole/${'p'.repeat(1000)}`,
    pageName: '开具发票'.repeat(40),
  },
});

describe('every public write route is limited per IP', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({}, { rateLimits: SMALL });
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('answers 429 after its budget from one address while another address is still served', async () => {
    const doc: Doc = (await t.app.inject({ url: '/api/docs/openapi.json' })).json();
    const writes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([method, op]) => op['x-permission'] === 'public' && method !== 'get')
        .map(([method, op]) => ({ path, method: method.toUpperCase() as 'POST', op })),
    );
    // Login, its revocation, both forgotten-password calls, both sign-up calls and tracking at least.
    expect(writes.length).toBeGreaterThanOrEqual(7);
    for (const { path, method, op } of writes) {
      const name = `${method} ${path}`;
      expect(op['x-rate-limit'], name).toBeDefined();
      const budget = ipBudget(SMALL, op['x-rate-limit']!);
      const from = (remoteAddress: string) =>
        t.app.inject({
          method,
          url: path.replace(/\{\w+\}/g, '1'),
          remoteAddress,
          // Any body: refused requests count too, so garbage cannot flood a route either.
          payload: path === '/v1/userEventTrans' ? event() : {},
        });
      const one = newAddress();
      for (let i = 1; i <= budget; i++) {
        const res = await from(one);
        expect(res.statusCode, `${name} request ${i} of ${budget}`).not.toBe(429);
        expect(res.statusCode, `${name} request ${i}`).toBeLessThan(500);
      }
      const over = await from(one);
      expect(over.statusCode, `${name} after ${budget}`).toBe(429);
      expect(over.json(), name).toMatchObject({ code: 'RATE_LIMITED', message: '操作过于频繁，请稍后再试' });
      expect((await from(newAddress())).statusCode, `${name} from another address`).not.toBe(429);
    }
  }, 120_000);

  it('bounds the size of a tracking event', async () => {
    const big = { ...event(), sessionId: 'x'.repeat(9_000) };
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/userEventTrans',
      remoteAddress: newAddress(),
      payload: big,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().status).toBe(413);
  });
});

describe('tracking under the default budgets', () => {
  it('takes no more than its budget of the 500 quick events of the report, from one address', async () => {
    const config = loadConfig({ DATA_DIR: 'memory://' });
    const limits: RateLimits = {
      perIpPerMinute: config.RATE_LIMIT_IP_PER_MINUTE,
      perAccountPerMinute: config.RATE_LIMIT_ACCOUNT_PER_MINUTE,
      eventsPerIpPerMinute: config.RATE_LIMIT_EVENTS_PER_MINUTE,
    };
    // Chattier than sign-up, but bounded.
    expect(ipBudget(limits, 'events')).toBeGreaterThan(ipBudget(limits, 'credentials'));
    expect(ipBudget(limits, 'events')).toBeLessThanOrEqual(600);
    const t = await createTestApp({}, { rateLimits: limits });
    try {
      const stored = async () => (await t.services.db.select({ n: count() }).from(trackingEvents))[0].n;
      const before = await stored();
      const remoteAddress = newAddress();
      const payload = JSON.stringify(event());
      expect(Buffer.byteLength(payload)).toBeGreaterThan(1_700);
      const statuses: number[] = [];
      for (let i = 0; i < 500; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/v1/userEventTrans',
          remoteAddress,
          headers: { 'content-type': 'application/json' },
          payload,
        });
        statuses.push(res.statusCode);
      }
      const accepted = statuses.filter((s) => s === 200).length;
      expect(accepted).toBe(ipBudget(limits, 'events'));
      expect(statuses.filter((s) => s === 429)).toHaveLength(500 - accepted);
      expect((await stored()) - before).toBe(accepted);
    } finally {
      await t.drop();
    }
  }, 120_000);
});

const redisUrl = process.env.TEST_REDIS_URL;

describe('on Redis, shared between two server processes', () => {
  // npm test sets TEST_REDIS_URL and fails in CI when Redis is unreachable, so this never silently skips there.
  it.runIf(!!redisUrl)(
    "counts one address's anonymous writes, and an unknown name's failed logins, across both",
    async () => {
      const a = await createTestApp({ REDIS_URL: redisUrl! }, { rateLimits: SMALL });
      const b = await createTestApp({ REDIS_URL: redisUrl! }, { rateLimits: SMALL });
      try {
        // Documentation range again, random so a rerun within the minute starts afresh on the shared Redis.
        const remoteAddress = `2001:db8::${Math.floor(Math.random() * 0xffff).toString(16)}`;
        const ask = (t: typeof a) =>
          t.app.inject({
            method: 'POST',
            url: '/api/admin/register/getCode',
            remoteAddress,
            payload: { contactPhone: '13688887777' },
          });
        for (const t of [a, b, a]) expect((await ask(t)).statusCode).toBe(200);
        expect((await ask(b)).statusCode).toBe(429);

        // The lock of a name that is no account holds across processes, like a real account's lock in the database.
        const ghost = `ghost${Date.now()}${Math.floor(Math.random() * 1e6)}`;
        const login = (t: typeof a) =>
          t.app.inject({
            method: 'POST',
            url: '/api/auth/oauth/token',
            remoteAddress: `2001:db8::1:${Math.floor(Math.random() * 0xffff).toString(16)}`,
            headers: {
              authorization: `Basic ${Buffer.from('webApp:webApp').toString('base64')}`,
              'content-type': 'application/x-www-form-urlencoded',
            },
            payload: new URLSearchParams({
              username: ghost,
              password: t.encrypt('Wrong@2024'),
              grant_type: 'password',
            }).toString(),
          });
        const codes = [];
        for (const t of [a, b, a, b, a, b]) codes.push((await login(t)).json().code);
        expect(codes).toEqual([...Array(4).fill('BAD_CREDENTIALS'), 'ACCOUNT_LOCKED', 'ACCOUNT_LOCKED']);
      } finally {
        await a.drop();
        await b.drop();
      }
    },
    120_000,
  );
});
