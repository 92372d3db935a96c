import { users } from '@fpy/db';
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { bearer, createTestApp } from '../harness.ts';

describe('robustness', () => {
  it('answers a database failure with 500 { status, code, message, requestId } and no stack trace', async () => {
    const t = await createTestApp();
    try {
      const token = await t.login('demo', 'Demo@123');
      await t.services.db.execute(sql`ALTER TABLE tenants RENAME TO tenants_gone`);
      t.services.invalidateAuthz();
      const res = await t.app.inject({ url: '/api/admin/user/front/info', headers: bearer(token) });
      expect(res.statusCode).toBe(500);
      const body = res.json();
      expect(body).toMatchObject({ status: 500, code: 'INTERNAL_ERROR', requestId: expect.any(String) });
      expect(body.message).toContain(body.requestId);
      expect(res.body).not.toMatch(/at .*\.ts:\d+|stack|relation/i);
      await t.services.db.execute(sql`ALTER TABLE tenants_gone RENAME TO tenants`);
    } finally {
      await t.drop();
    }
  }, 120_000);

  it('seeds once: a restart neither duplicates rows nor resets a changed password', async () => {
    const t = await createTestApp();
    try {
      const before = (await t.services.db.select({ n: count() }).from(users))[0].n;
      await t.services.db
        .update(users)
        .set({ passwordHash: 'changed-by-user' })
        .where(eq(users.username, 'demo'));
      const config = loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
      const again = await buildApp(config, { dbHandle: t.dbHandle, logger: false });
      await again.close();
      expect((await t.services.db.select({ n: count() }).from(users))[0].n).toBe(before);
      const [demo] = await t.services.db.select().from(users).where(eq(users.username, 'demo'));
      expect(demo.passwordHash).toBe('changed-by-user');
    } finally {
      await t.drop();
    }
  }, 120_000);

  it('rate-limits the login endpoint per account and per IP', async () => {
    const t = await createTestApp({}, { rateLimits: { perIpPerMinute: 6, perAccountPerMinute: 3 } });
    try {
      const attempt = (username: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/oauth/token',
          headers: {
            authorization: `Basic ${Buffer.from('webApp:webApp').toString('base64')}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          payload: new URLSearchParams({
            username,
            password: t.encrypt('wrong-pass1'),
            grant_type: 'password',
          }).toString(),
        });
      for (let i = 0; i < 3; i++) expect((await attempt('ratelimited')).statusCode).toBe(400);
      const limited = await attempt('ratelimited');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', message: '操作过于频繁，请稍后再试' });
      // Another account from the same address still has its own budget until the per-IP limit is reached.
      expect((await attempt('someone-else')).statusCode).toBe(400);
      expect((await attempt('someone-else')).statusCode).toBe(400);
      expect((await attempt('third-user')).statusCode).toBe(429);
    } finally {
      await t.drop();
    }
  }, 120_000);
});

describe('the console is served from one port', () => {
  it('answers unknown non-API paths with the SPA and unknown API paths with JSON 404', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dist = mkdtempSync(join(tmpdir(), 'fpy-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    const t = await createTestApp({ WEB_DIST: dist });
    try {
      const page = await t.app.inject({ url: '/orgManager/userManager' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('id="root"');
      const deep = await t.app.inject({ url: '/some/unknown/page?x=1' });
      expect(deep.body).toContain('id="root"');
      const api = await t.app.inject({ url: '/api/unknown' });
      expect(api.statusCode).toBe(404);
      expect(api.json().code).toBe('ROUTE_NOT_FOUND');
    } finally {
      await t.drop();
    }
  }, 120_000);
});

describe('compressed replies', () => {
  it('sends the whole profile gzip-compressed, also for the platform admin whose profile is large', async () => {
    const { gunzipSync } = await import('node:zlib');
    const t = await createTestApp();
    try {
      for (const [user, pwd] of [
        ['admin', 'Admin@123'],
        ['demo', 'Demo@123'],
      ]) {
        const token = await t.login(user, pwd);
        for (let i = 0; i < 2; i++) {
          // The second call is served from the pre-serialised cache.
          const res = await t.app.inject({
            url: '/api/admin/user/front/info',
            headers: { ...bearer(token), 'accept-encoding': 'gzip' },
          });
          expect(res.statusCode).toBe(200);
          const body =
            res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload).toString() : res.body;
          expect(JSON.parse(body).username).toBe(user);
        }
      }
    } finally {
      await t.drop();
    }
  }, 120_000);
});
