import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorInstances, monitorSamples, monitorSpans } from '@fpy/db';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heartbeat, monitorOf, newIdentity } from '../../src/modules/platform/monitor/index.ts';
import { createTestApp, onPostgres, type TestApp } from '../harness.ts';
import { api } from './base-helpers.ts';

/**
 * 服务监控 (issue 32 §3): two instances on one database list each other in the registry, a silent one drops
 * out; /metrics speaks Prometheus text behind its token; requests, statements and jobs are traced; 任务管理's
 * background jobs (retry, remove) and schedules (pause held in the database, seen by the other instance).
 */
const redisUrl = onPostgres ? process.env.TEST_REDIS_URL : undefined;
const redisPrefix = `fpy-test-mon-${randomBytes(6).toString('hex')}:`;
/** On PostgreSQL with Redis the two instances share BullMQ queues and the bus, as a fleet does. */
const ENV: Record<string, string> = {
  TRACE_SAMPLE_RATIO: '1',
  METRICS_TOKEN: 'metrics-token-0123456789',
  MONITOR_DROP_SECONDS: '30',
  ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_PREFIX: redisPrefix } : {}),
};
type App = TestApp & { drop(): Promise<void> };
let a: App;
let b: App;
let adminToken: string;

beforeAll(async () => {
  a = await createTestApp(ENV);
  b = await createTestApp(ENV, { dbHandle: a.dbHandle });
  adminToken = await a.login('admin', 'Admin@123');
});
afterAll(async () => {
  await b?.close();
  await a?.drop();
  if (!redisUrl) return;
  const r = new Redis(redisUrl);
  const keys = await r.keys(`${redisPrefix}*`);
  if (keys.length) await r.del(...keys);
  await r.quit();
});

describe('instance registry (serviceEurekaManager)', () => {
  it('lists both running instances; a silent one drops out; a stopped one leaves', async () => {
    const dead = newIdentity('in-process');
    await heartbeat(a.services.db, dead, new Date(Date.now() - 120_000));
    const res = await api(a, adminToken, 'GET', '/api/admin/monitor/instances');
    expect(res.statusCode).toBe(200);
    const ids = res.json().rows.map((r: { id: string }) => r.id);
    const ma = monitorOf(a.app)!.me.id;
    const mb = monitorOf(b.app)!.me.id;
    expect(ids).toEqual(expect.arrayContaining([ma, mb]));
    expect(ids).not.toContain(dead.id);
    expect(res.json().rows.find((r: { id: string }) => r.id === ma).self).toBe(true);
    // The same list from the other instance.
    const fromB = (await api(b, adminToken, 'GET', '/api/admin/monitor/instances')).json();
    expect(fromB.rows.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining([ma, mb]));
  });

  it('refuses a company account and hostile input names the field', async () => {
    const demo = await a.login('demo', 'Demo@123');
    expect((await api(a, demo, 'GET', '/api/admin/monitor/instances')).statusCode).toBe(403);
    const bad = await api(a, adminToken, 'GET', '/api/admin/monitor/samples?minutes=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('minutes');
    const badTrace = await api(a, adminToken, 'GET', '/api/admin/monitor/traces/not-a-trace');
    expect(badTrace.statusCode).toBe(400);
    expect(badTrace.body).toContain('traceId');
  });
});

describe('/metrics and samples (serviceMonitorManager)', () => {
  it('answers Prometheus text to the token holder only', async () => {
    await a.app.inject({ url: '/healthz' });
    await api(a, adminToken, 'GET', '/api/admin/monitor/instances');
    expect((await a.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const res = await a.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${ENV.METRICS_TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(/# TYPE http_requests_total counter/);
    expect(res.body).toMatch(
      /http_request_duration_seconds_bucket\{[^}]*route="\/api\/admin\/monitor\/instances"/,
    );
    expect(res.body).toMatch(/# TYPE nodejs_eventloop_lag_seconds gauge/);
    expect(res.body).toMatch(/process_resident_memory_bytes/);
    expect(res.body).toMatch(/# TYPE jobs_queue_depth gauge/);
  });

  it('is absent without a token unless made public', async () => {
    const t = await createTestApp({}, { dbHandle: a.dbHandle });
    try {
      expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('samples every instance each heartbeat and charts them', async () => {
    await monitorOf(a.app)!.beat();
    await monitorOf(b.app)!.beat();
    const res = await api(a, adminToken, 'GET', '/api/admin/monitor/samples?minutes=5');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const ids = new Set(body.rows.map((r: { instanceId: string }) => r.instanceId));
    expect(ids.has(monitorOf(a.app)!.me.id)).toBe(true);
    expect(ids.has(monitorOf(b.app)!.me.id)).toBe(true);
    expect(body.rows[0].rssMb).toBeGreaterThan(0);
    const rows = await a.services.db
      .select()
      .from(monitorSamples)
      .where(eq(monitorSamples.instanceId, monitorOf(a.app)!.me.id));
    expect(rows.some((r) => r.requests > 0)).toBe(true);
  });
});

describe('traces (serviceZipkinManager)', () => {
  it('records a request with its statements and a job, and shows the waterfall', async () => {
    const res = await api(a, adminToken, 'GET', '/api/admin/jobs?limit=5');
    expect(res.statusCode).toBe(200);
    a.services.jobs.process('test.monitor', async () => {});
    await a.services.jobs.enqueue('test.monitor', { n: 1 });
    await a.services.jobs.drain();
    await monitorOf(a.app)!.tracing.flush();
    const list = (
      await api(a, adminToken, 'GET', `/api/admin/monitor/traces?q=${encodeURIComponent('/api/admin/jobs')}`)
    ).json();
    const t = list.rows.find((r: { name: string }) => r.name === 'GET /api/admin/jobs');
    expect(t).toBeTruthy();
    expect(t.kind).toBe('request');
    const detail = (await api(a, adminToken, 'GET', `/api/admin/monitor/traces/${t.traceId}`)).json();
    expect(detail.spans[0].parentSpanId).toBeNull();
    expect(detail.spans.some((s: { kind: string }) => s.kind === 'db')).toBe(true);
    const jobs = (await api(a, adminToken, 'GET', '/api/admin/monitor/traces?kind=job')).json();
    expect(jobs.rows.some((r: { name: string }) => r.name === 'job test.monitor')).toBe(true);
    const stored = await a.services.db.select().from(monitorSpans).where(eq(monitorSpans.traceId, t.traceId));
    expect(stored.length).toBe(detail.spans.length);
    // The list counts this trace's spans, not the table's.
    expect(t.spans).toBe(stored.length);
    expect(t.error).toBe(false);
  });
});

describe('任务管理: background jobs and schedules', () => {
  it('counts, shows a failed job with its error, retries and removes it', async () => {
    let fail = true;
    a.services.jobs.process('test.flaky', async () => {
      if (fail) throw new Error('upstream refused');
    });
    const id = await a.services.jobs.enqueue('test.flaky', { n: 2 }, { attempts: 1 });
    await a.services.jobs.drain();
    const q = (await api(a, adminToken, 'GET', '/api/admin/background/queues')).json();
    expect(q.backend).toBe(redisUrl ? 'bullmq' : 'in-process');
    expect(q.queues.find((c: { name: string }) => c.name === 'test.flaky').failed).toBe(1);
    const failed = q.failed.find((j: { id: string }) => j.id === id);
    expect(failed.lastError).toBe('upstream refused');
    fail = false;
    expect((await api(a, adminToken, 'POST', '/api/admin/background/jobs/retry', { id })).statusCode).toBe(
      200,
    );
    await a.services.jobs.drain();
    expect((await a.services.jobs.get(id))?.state).toBe('done');
    expect((await api(a, adminToken, 'POST', '/api/admin/background/jobs/retry', { id })).statusCode).toBe(
      409,
    );
    expect((await api(a, adminToken, 'POST', '/api/admin/background/jobs/remove', { id })).statusCode).toBe(
      200,
    );
    expect((await api(a, adminToken, 'POST', '/api/admin/background/jobs/remove', { id })).statusCode).toBe(
      404,
    );
    const bad = await api(a, adminToken, 'POST', '/api/admin/background/jobs/remove', { id: '<script>' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('id');
  });

  it('pauses a schedule for every instance (stored), and resumes it', async () => {
    const list = (await api(a, adminToken, 'GET', '/api/admin/background/schedules')).json();
    expect(list.rows.map((r: { name: string }) => r.name)).toContain('outbox.sweep');
    const paused = await api(a, adminToken, 'POST', '/api/admin/background/schedules/outbox.sweep/pause');
    expect(paused.statusCode).toBe(200);
    expect(paused.json().paused).toBe(true);
    // The other instance learns it from the database at its next heartbeat.
    await monitorOf(b.app)!.beat();
    expect(b.services.scheduler.paused('outbox.sweep')).toBe(true);
    const fromB = (await api(b, adminToken, 'GET', '/api/admin/background/schedules')).json();
    expect(fromB.rows.find((r: { name: string }) => r.name === 'outbox.sweep').paused).toBe(true);
    const resumed = await api(b, adminToken, 'POST', '/api/admin/background/schedules/outbox.sweep/resume');
    expect(resumed.json().paused).toBe(false);
    await monitorOf(a.app)!.beat();
    expect(a.services.scheduler.paused('outbox.sweep')).toBe(false);
    expect(
      (await api(a, adminToken, 'POST', '/api/admin/background/schedules/no.such/pause')).statusCode,
    ).toBe(404);
    const bad = await api(a, adminToken, 'POST', '/api/admin/background/schedules/BAD%20NAME/pause');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('name');
    const demo = await a.login('demo', 'Demo@123');
    expect((await api(a, demo, 'GET', '/api/admin/background/schedules')).statusCode).toBe(403);
  });

  it('a stopped instance leaves the registry', async () => {
    const t = await createTestApp(ENV, { dbHandle: a.dbHandle });
    const id = monitorOf(t.app)!.me.id;
    await t.close();
    const [row] = await a.services.db.select().from(monitorInstances).where(eq(monitorInstances.id, id));
    expect(row.stoppedAt).not.toBeNull();
    const ids = (await api(a, adminToken, 'GET', '/api/admin/monitor/instances'))
      .json()
      .rows.map((r: { id: string }) => r.id);
    expect(ids).not.toContain(id);
  });
});

describe('OTLP export', () => {
  it('sends the spans to OTEL_EXPORTER_OTLP_ENDPOINT as well', async () => {
    const got: { url?: string; type?: string; bytes: number }[] = [];
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        got.push({ url: req.url, type: req.headers['content-type'], bytes: Buffer.concat(chunks).length });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const port = (receiver.address() as AddressInfo).port;
    const t = await createTestApp(
      { ...ENV, OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}` },
      { dbHandle: a.dbHandle },
    );
    try {
      const token = await t.login('admin', 'Admin@123');
      expect((await api(t, token, 'GET', '/api/admin/monitor/instances')).statusCode).toBe(200);
      await monitorOf(t.app)!.tracing.flush();
      expect(got.some((g) => g.url === '/v1/traces' && g.bytes > 0)).toBe(true);
    } finally {
      await t.close();
      receiver.close();
    }
  });
});
