import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accessTokens } from '@fpy/db';
import { desc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp, useTestApp } from '../harness.ts';

/**
 * Issue 12 §2–§3: the console's session is an HttpOnly cookie that counts only on requests the console's own
 * script makes; tokens in URLs authenticate nothing; security headers everywhere; X-Forwarded-For only from
 * configured proxies.
 */
const app = useTestApp();
const CONSOLE = { 'x-requested-with': 'fpy-console' };
const basic = `Basic ${Buffer.from('webApp:webApp').toString('base64')}`;

function loginRequest(t: TestApp, username: string, password: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/oauth/token',
    headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams({
      username,
      password: t.encrypt(password),
      grant_type: 'password',
    }).toString(),
  });
}

type Cookie = {
  name: string;
  value: string;
  httpOnly?: boolean;
  sameSite?: string;
  secure?: boolean;
  path?: string;
  maxAge?: number;
};
const cookiesOf = (res: { cookies: Cookie[] }) => Object.fromEntries(res.cookies.map((c) => [c.name, c]));
const cookieHeader = (token: string) => ({
  cookie: `Authorization=${encodeURIComponent(`Bearer ${token}`)}`,
});

describe('the session cookie', () => {
  it('is HttpOnly, SameSite=Strict and path-wide when the console logs in, with a readable marker beside it', async () => {
    const res = await loginRequest(app(), 'demo', 'Demo@123', CONSOLE);
    expect(res.statusCode).toBe(200);
    const c = cookiesOf(res);
    expect(c.Authorization).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(c.Authorization.secure).toBeFalsy();
    expect(decodeURIComponent(c.Authorization.value)).toBe(`Bearer ${res.json().access_token}`);
    expect(c.Authorization.maxAge).toBe(res.json().expires_in);
    expect(c.fpy_session).toMatchObject({ value: '1', sameSite: 'Strict' });
    expect(c.fpy_session.httpOnly).toBeFalsy();
  });

  it('is not set for API clients, nor for a cross-site form post (no console header): no login CSRF', async () => {
    const res = await loginRequest(app(), 'demo', 'Demo@123');
    expect(res.statusCode).toBe(200);
    expect(res.cookies).toHaveLength(0);
  });

  it('counts only with the console header: a plain navigation carrying the cookie deletes nothing', async () => {
    const t = app();
    const token = await t.login('demo', 'Demo@123');
    const list = await t.app.inject({
      url: '/api/billing/v1/userCommodityCode/queryList?limit=5',
      headers: bearer(token),
    });
    const victim = list.json().rows[0];
    expect(victim?.id).toBeGreaterThan(0);

    // What a foreign page's <img src> or link click sends: the cookie and nothing else.
    const forged = await t.app.inject({
      url: `/api/billing/v1/userCommodityCode/deleteUserSpbm?id=${victim.id}`,
      headers: { ...cookieHeader(token), referer: 'https://evil.example/' },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ status: 40301, code: 'CSRF_REJECTED' });
    const still = await t.app.inject({
      url: `/api/billing/v1/userCommodityCode/queryList?limit=100`,
      headers: bearer(token),
    });
    expect(still.json().rows.map((r: { id: number }) => r.id)).toContain(victim.id);

    // The console's own call with the same cookie works.
    const own = await t.app.inject({
      url: '/api/admin/user/front/info',
      headers: { ...cookieHeader(token), ...CONSOLE },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().username).toBe('demo');
  });

  it('never takes a token from the address: ?access_token= and ?token= authenticate nothing', async () => {
    const t = app();
    const token = await t.login('demo', 'Demo@123');
    for (const q of ['access_token', 'token', 'Authorization']) {
      const res = await t.app.inject({ url: `/api/admin/user/front/info?${q}=${encodeURIComponent(token)}` });
      expect(res.statusCode, q).toBe(401);
    }
  });

  it('logs out the cookie session: its token is revoked and both cookies are cleared', async () => {
    const t = app();
    const login = await loginRequest(t, 'clerk', 'Clerk@123', CONSOLE);
    const token = login.json().access_token as string;
    const out = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/oauth/token',
      headers: { ...cookieHeader(token), ...CONSOLE },
    });
    expect(out.statusCode).toBe(200);
    const cleared = cookiesOf(out);
    expect(cleared.Authorization.value).toBe('');
    expect(cleared.fpy_session.value).toBe('');
    const after = await t.app.inject({ url: '/api/admin/user/front/info', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
  });
});

describe('the cookie rule on every route of the OpenAPI document', () => {
  it('refuses a cookie without the console header on every protected route before anything runs', async () => {
    const t = app();
    const token = await t.login('demo', 'Demo@123');
    const doc = (await t.app.inject({ url: '/api/docs/openapi.json' })).json() as {
      paths: Record<string, Record<string, { 'x-permission': string | string[] }>>;
    };
    let checked = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (op['x-permission'] === 'public') continue;
        const res = await t.app.inject({
          method: method.toUpperCase() as 'GET',
          url: path.replace(/\{\w+\}/g, '1'),
          headers: cookieHeader(token),
        });
        expect(res.statusCode, `${method} ${path}`).toBe(403);
        expect(res.json().code, `${method} ${path}`).toBe('CSRF_REJECTED');
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});

describe('the spec §4 hand-over of a token that arrived in the address', () => {
  it('turns a token sent in the Authorization header into the cookie session, and nothing else', async () => {
    const t = app();
    const token = await t.login('agent', 'Agent@123');
    const adopt = await t.app.inject({
      method: 'POST',
      url: '/api/auth/session',
      headers: { ...bearer(token), ...CONSOLE },
    });
    expect(adopt.statusCode).toBe(200);
    expect(adopt.json().username).toBe('agent');
    const c = cookiesOf(adopt);
    expect(c.Authorization).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    expect(decodeURIComponent(c.Authorization.value)).toBe(`Bearer ${token}`);

    // Not from a query, not without a token, not from the cookie itself.
    const viaQuery = await t.app.inject({
      method: 'POST',
      url: `/api/auth/session?token=${token}`,
      headers: CONSOLE,
    });
    expect(viaQuery.statusCode).toBe(401);
    const viaCookie = await t.app.inject({
      method: 'POST',
      url: '/api/auth/session',
      headers: { ...cookieHeader(token), ...CONSOLE },
    });
    expect(viaCookie.statusCode).toBe(400);
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/api/auth/session',
      headers: bearer('garbage'),
    });
    expect(garbage.statusCode).toBe(401);
    expect(garbage.cookies).toHaveLength(0);
  });
});

describe('security headers', () => {
  it('puts CSP without inline script, frame-ancestors, nosniff, a referrer policy and (over HTTPS) HSTS and Secure cookies on the console', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'fpy-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    const t = await createTestApp({ WEB_DIST: dist, PUBLIC_BASE_URL: 'https://fapiao.example.com' });
    try {
      const login = await loginRequest(t, 'demo', 'Demo@123', CONSOLE);
      const c = cookiesOf(login);
      expect(c.Authorization.secure).toBe(true);
      expect(c.fpy_session.secure).toBe(true);
      for (const url of ['/login', '/dashboard', '/api/auth/publicKey']) {
        const res = await t.app.inject({ url });
        const csp = String(res.headers['content-security-policy']);
        expect(csp, url).toContain("script-src 'self'");
        expect(csp, url).not.toMatch(/script-src[^;]*'unsafe-inline'/);
        expect(csp, url).not.toMatch(/'unsafe-eval'/);
        expect(csp, url).toContain("frame-ancestors 'self'");
        expect(csp, url).toContain("default-src 'self'");
        expect(res.headers['x-content-type-options'], url).toBe('nosniff');
        expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
        expect(res.headers['referrer-policy'], url).toBe('same-origin');
        expect(res.headers['strict-transport-security'], url).toMatch(/max-age=\d+/);
      }
    } finally {
      await t.drop();
    }
  });

  it('puts the same headers on every reply: success, refusals from the gate, validation failures and 404s', async () => {
    const t = app();
    const token = await t.login('demo', 'Demo@123');
    const replies = {
      ok: await t.app.inject({ url: '/api/admin/user/front/info', headers: bearer(token) }),
      anonymous: await t.app.inject({ url: '/api/admin/user/front/info' }),
      csrf: await t.app.inject({ url: '/api/admin/user/front/info', headers: cookieHeader(token) }),
      invalid: await t.app.inject({
        method: 'POST',
        url: '/api/billing/v1/invoice/calculate',
        headers: bearer(token),
        payload: { lines: 'x' },
      }),
      missing: await t.app.inject({ url: '/api/admin/nothing-here', headers: bearer(token) }),
    };
    expect(Object.fromEntries(Object.entries(replies).map(([k, r]) => [k, r.statusCode]))).toEqual({
      ok: 200,
      anonymous: 401,
      csrf: 403,
      invalid: 400,
      missing: 404,
    });
    const security = (h: Record<string, unknown>) =>
      Object.fromEntries(
        [
          'content-security-policy',
          'cross-origin-opener-policy',
          'cross-origin-resource-policy',
          'origin-agent-cluster',
          'referrer-policy',
          'x-content-type-options',
          'x-dns-prefetch-control',
          'x-download-options',
          'x-frame-options',
          'x-permitted-cross-domain-policies',
          'x-xss-protection',
        ].map((name) => [name, h[name]]),
      );
    const expected = security(replies.ok.headers);
    expect(expected['x-frame-options']).toBe('SAMEORIGIN');
    expect(expected['x-xss-protection']).toBe('0');
    for (const [name, res] of Object.entries(replies)) expect(security(res.headers), name).toEqual(expected);
  });

  it('marks authenticated JSON and API errors no-store', async () => {
    const t = app();
    const token = await t.login('demo', 'Demo@123');
    for (const url of [
      '/api/admin/user/front/info',
      '/api/admin/user/front/tenant/menus',
      '/api/admin/nothing-here',
    ]) {
      const res = await t.app.inject({ url, headers: bearer(token) });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const anonymous = await t.app.inject({ url: '/api/admin/user/front/info' });
    expect(anonymous.headers['cache-control']).toBe('no-store');
    // Served over plain HTTP (no https PUBLIC_BASE_URL): no HSTS.
    expect(anonymous.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('X-Forwarded-For is believed only from configured proxies', () => {
  /** A login as it arrives from `remoteAddress`, carrying the X-Forwarded-For value given. */
  function loginFrom(
    t: TestApp,
    remoteAddress: string,
    forwardedFor: string,
    username: string,
    password: string,
  ) {
    return t.app.inject({
      method: 'POST',
      url: '/api/auth/oauth/token',
      remoteAddress,
      headers: {
        authorization: basic,
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': forwardedFor,
      },
      payload: new URLSearchParams({
        username,
        password: t.encrypt(password),
        grant_type: 'password',
      }).toString(),
    });
  }

  async function loginsUntilLimited(t: TestApp, remoteAddress: string) {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await loginFrom(t, remoteAddress, `203.0.113.${i % 250}`, `nobody-${i}`, 'wrong-pass1');
      statuses.push(res.statusCode);
    }
    return statuses;
  }

  /** Logs demo in through `remoteAddress` and answers the address the login history recorded. */
  async function loginAs(t: TestApp, remoteAddress: string, forwardedFor: string) {
    await loginFrom(t, remoteAddress, forwardedFor, 'demo', 'Demo@123');
    const [last] = await t.services.db.select().from(accessTokens).orderBy(desc(accessTokens.id)).limit(1);
    return last.ip;
  }

  it('without TRUST_PROXY: rotating forged addresses share one budget, and the login history keeps the socket address', async () => {
    const t = await createTestApp({}, { rateLimits: { perIpPerMinute: 5, perAccountPerMinute: 100 } });
    try {
      const statuses = await loginsUntilLimited(t, '198.51.100.7');
      expect(statuses.slice(0, 5).every((s) => s === 400)).toBe(true);
      expect(statuses.slice(5).every((s) => s === 429)).toBe(true);

      expect(await loginAs(t, '198.51.100.8', '1.2.3.4')).toBe('198.51.100.8');
    } finally {
      await t.drop();
    }
  });

  it('with TRUST_PROXY naming proxies (an address and a range): their forwarded client counts, nobody else can forge', async () => {
    const t = await createTestApp(
      { TRUST_PROXY: '198.51.100.9, 10.0.0.0/8' },
      { rateLimits: { perIpPerMinute: 5, perAccountPerMinute: 100 } },
    );
    try {
      // Behind a trusted proxy each forwarded client has its own budget and is the address recorded.
      for (const proxy of ['198.51.100.9', '10.20.30.40']) {
        expect(
          (await loginsUntilLimited(t, proxy)).every((s) => s === 400),
          proxy,
        ).toBe(true);
        expect(await loginAs(t, proxy, '192.0.2.44'), proxy).toBe('192.0.2.44');
      }
      // A caller that is not one of them rotates forged values in vain.
      const statuses = await loginsUntilLimited(t, '198.51.100.10');
      expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
      expect(await loginAs(t, '198.51.100.11', '192.0.2.45')).toBe('198.51.100.11');
    } finally {
      await t.drop();
    }
  });

  it('with TRUST_PROXY as a hop count: the address one hop before the proxy counts', async () => {
    const t = await createTestApp({ TRUST_PROXY: '1' });
    try {
      expect(await loginAs(t, '198.51.100.9', '192.0.2.1, 192.0.2.46')).toBe('192.0.2.46');
    } finally {
      await t.drop();
    }
  });
});
