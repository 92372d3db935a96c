import { gateLogs } from '@fpy/db';
import { like, or } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { Readiness } from '../../src/plugins/health.ts';
import { shutdown } from '../../src/shutdown.ts';
import { createTestApp, type TestApp } from '../harness.ts';

/**
 * Issue 22 §3: GET /healthz and GET /readyz through the real plugin stack (PGlite, and PostgreSQL when
 * TEST_DB=pg), readiness with failing probes, and the graceful stop of shutdown.ts on a real app: readiness
 * false first, running jobs finish, waiting ones are left, exit 0 — or exit 1 after the timeout.
 */
type Dropping = TestApp & { drop(): Promise<void>; dropDatabase(): Promise<void> };
const apps: Dropping[] = [];
const newApp = async () => {
  const t = await createTestApp();
  apps.push(t);
  return t;
};
afterAll(async () => {
  for (const t of apps) await t.drop();
});

describe('GET /healthz and GET /readyz', () => {
  it('answer 200 while serving; /readyz 503 naming the shutdown once stopping; probes stay out of the gate log', async () => {
    const t = await newApp();
    const health = await t.app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });

    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', redis: 'skipped', migrations: 'ok', shutdown: 'ok' },
      failed: [],
    });
    expect(ready.headers.connection).not.toBe('close');

    // An API request is logged; the probes are not (the gate log records /api and /v1 only).
    await t.app.inject({ url: '/api/auth/publicKey' });
    const deadline = Date.now() + 5000;
    let logged: { path: string }[] = [];
    while (!logged.some((r) => r.path === '/api/auth/publicKey') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      logged = await t.services.db
        .select({ path: gateLogs.path })
        .from(gateLogs)
        .where(or(like(gateLogs.path, '/api/auth/publicKey'), like(gateLogs.path, '/%z')));
    }
    expect(logged.some((r) => r.path === '/api/auth/publicKey')).toBe(true);
    expect(logged.filter((r) => r.path.endsWith('z'))).toEqual([]);

    t.readiness.markStopping();
    const stopping = await t.app.inject({ url: '/readyz' });
    expect(stopping.statusCode).toBe(503);
    expect(stopping.json()).toEqual({
      status: 'unavailable',
      checks: { database: 'ok', redis: 'skipped', migrations: 'ok', shutdown: 'failed' },
      failed: ['shutdown'],
    });
    // Every answer of a stopping instance closes its connection, so keep-alive clients go elsewhere.
    expect(stopping.headers.connection).toBe('close');
    const alive = await t.app.inject({ url: '/healthz' });
    expect(alive.statusCode).toBe(200);
  });

  it('the OpenAPI document lists both as public, /readyz with its 503', async () => {
    const t = await newApp();
    const doc = (await t.app.inject({ url: '/api/docs/openapi.json' })).json();
    expect(doc.paths['/healthz'].get['x-permission']).toBe('public');
    expect(doc.paths['/readyz'].get.security).toEqual([]);
    expect(Object.keys(doc.paths['/readyz'].get.responses)).toContain('503');
  });
});

describe('Readiness', () => {
  it('names each failing check: database refused, Redis hung past the timeout, migrations pending', async () => {
    const r = new Readiness(
      {
        database: () => Promise.reject(new Error('ECONNREFUSED')),
        redis: () => new Promise(() => {}),
        pendingMigrations: async () => 2,
      },
      { timeoutMs: 50, cacheMs: 0 },
    );
    const report = await r.report();
    expect(report.status).toBe('unavailable');
    expect(report.failed).toEqual(['database', 'redis', 'migrations']);
    expect(report.checks.shutdown).toBe('ok');
  });

  it('runs the checks at most once per cache window however many ask; stopping is read live', async () => {
    let queries = 0;
    const r = new Readiness(
      {
        database: async () => {
          queries += 1;
        },
        pendingMigrations: async () => 0,
      },
      { cacheMs: 60_000 },
    );
    const reports = await Promise.all(Array.from({ length: 50 }, () => r.report()));
    expect(reports.every((x) => x.status === 'ready' && x.checks.redis === 'skipped')).toBe(true);
    expect(queries).toBe(1);
    r.markStopping();
    expect((await r.report()).failed).toEqual(['shutdown']);
    expect(queries).toBe(1);
  });
});

describe('shutdown (SIGTERM/SIGINT)', () => {
  it('takes SHUTDOWN_TIMEOUT_SECONDS (30) and SHUTDOWN_DELAY_SECONDS (0), the delay shorter than the timeout', () => {
    const c = loadConfig({});
    expect([c.SHUTDOWN_TIMEOUT_SECONDS, c.SHUTDOWN_DELAY_SECONDS]).toEqual([30, 0]);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: '10', SHUTDOWN_DELAY_SECONDS: '10' })).toThrow(
      /SHUTDOWN_DELAY_SECONDS: must be shorter than SHUTDOWN_TIMEOUT_SECONDS \(10\)/,
    );
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: '0' })).toThrow(ConfigError);
  });

  it('readiness goes false first, the running job finishes, a waiting one is left for the next start, exit 0', async () => {
    const t = await newApp();
    const events: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    t.services.jobs.process('test.slow', async (p: { n: number }) => {
      events.push(`job ${p.n} started`);
      await gate;
      events.push(`job ${p.n} finished`);
    });
    await t.services.jobs.enqueue('test.slow', { n: 1 });
    await t.services.jobs.enqueue('test.slow', { n: 2 }, { delayMs: 60_000 });
    while (!events.includes('job 1 started')) await new Promise((r) => setTimeout(r, 10));

    const lines: string[] = [];
    const exited = new Promise<number>((resolve) => {
      void shutdown(t, 'SIGTERM', { timeoutMs: 10_000, log: (l) => lines.push(l), exit: resolve });
    });
    expect(t.readiness.isStopping).toBe(true);
    // Still closing while the job runs.
    const early = await Promise.race([exited, new Promise((r) => setTimeout(() => r('pending'), 200))]);
    expect(early).toBe('pending');
    events.push('release');
    release();
    expect(await exited).toBe(0);
    expect(events).toEqual(['job 1 started', 'release', 'job 1 finished']);
    expect(lines.at(-1)).toMatch(/^stopped cleanly in/);
  });

  it('exits 1 with a log line when the running work outlasts the timeout', async () => {
    const t = await newApp();
    // Released only after the verdict, so the teardown's close can finish.
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    t.services.jobs.process('test.stuck', () => gate);
    let started = false;
    t.services.jobs.process('test.mark', async () => {
      started = true;
    });
    await t.services.jobs.enqueue('test.stuck', {});
    await t.services.jobs.enqueue('test.mark', {});
    while (!started) await new Promise((r) => setTimeout(r, 10));
    const lines: string[] = [];
    const code = await new Promise<number>((resolve) => {
      void shutdown(t, 'SIGTERM', { timeoutMs: 300, log: (l) => lines.push(l), exit: resolve });
    });
    release();
    expect(code).toBe(1);
    expect(lines.at(-1)).toMatch(/did not finish within 0\.3 s/);
  });
});
