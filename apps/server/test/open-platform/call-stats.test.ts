import { openContracts } from '@fpy/contracts';
import { openCallLogs, users } from '@fpy/db';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../harness.ts';
import { api } from '../platform/base-helpers.ts';

/**
 * 接口统计 / 接口明细 / 接口管理 / 网关管理 / 服务管理 (issue 32 §3) over open_call_logs: sums on known rows of two
 * past days (Asia/Shanghai), the log by request id with filters and export, the API list and the gateway view
 * counting today's rows, platform-only, hostile query input → 400 naming the field.
 */
const app = useTestApp();
const db = () => app().services.db;
let admin: string;
let tenantId: number;
const APP = 990_001;
const OTHER_APP = 990_002;
const op = openContracts()[0].open.operation;

type Row = typeof openCallLogs.$inferInsert;
const row = (at: string, over: Partial<Row> = {}): Row => ({
  at: new Date(at),
  appId: APP,
  appKey: 'ak_test',
  tenantId,
  operation: op,
  method: 'POST',
  path: '/openapi/v1/test',
  httpStatus: 200,
  code: 'OK',
  latencyMs: 10,
  requestId: `rq-${Math.random().toString(36).slice(2)}`,
  ip: '203.0.113.9',
  authMode: 'hmac',
  ...over,
});

beforeAll(async () => {
  admin = await app().login('admin', 'Admin@123');
  const [demo] = await db().select().from(users).where(eq(users.username, 'demo'));
  tenantId = demo.tenantId!;
  const rows: Row[] = [];
  // 2026-01-10 (Shanghai): 20 calls, latencies 1..20 ms, two refused with 429, one 500.
  for (let i = 1; i <= 20; i++)
    rows.push(
      row(`2026-01-10T0${i % 10}:00:00+08:00`, {
        latencyMs: i,
        ...(i <= 2 ? { httpStatus: 429, code: 'RATE_LIMITED' } : {}),
        ...(i === 3 ? { httpStatus: 500, code: 'INTERNAL_ERROR' } : {}),
      }),
    );
  // 2026-01-11: 5 calls of another app, one bad signature; one near midnight Shanghai (still the 11th).
  for (let i = 0; i < 5; i++)
    rows.push(
      row(i === 4 ? '2026-01-11T23:59:00+08:00' : '2026-01-11T09:00:00+08:00', {
        appId: OTHER_APP,
        latencyMs: 100,
        ...(i === 0 ? { httpStatus: 401, code: 'BAD_SIGNATURE', authMode: null } : {}),
      }),
    );
  rows.push(row('2026-01-10T12:00:00+08:00', { requestId: 'rq-known-request-id', latencyMs: 7 }));
  // Today: for the API list and the gateway view (the last 7 days).
  rows.push(row(new Date().toISOString(), { code: 'RATE_LIMITED', httpStatus: 429 }));
  rows.push(row(new Date().toISOString()));
  await db().insert(openCallLogs).values(rows);
});

describe('接口统计', () => {
  it('sums the known rows per day, app and API', async () => {
    const res = await api(
      app(),
      admin,
      'GET',
      '/api/admin/open-calls/stats?dateFrom=2026-01-10&dateTo=2026-01-11',
    );
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s.totals.calls).toBe(26);
    expect(s.totals.errors).toBe(4);
    expect(s.totals.limited).toBe(2);
    expect(s.totals.errorRate).toBeCloseTo(4 / 26, 3);
    expect(s.rows.map((r: { key: string; calls: number }) => [r.key, r.calls])).toEqual([
      ['2026-01-10', 21],
      ['2026-01-11', 5],
    ]);
    const day10 = s.rows[0];
    // 21 latencies 1..20 and 7: p95 (continuous) between the two largest.
    expect(day10.p95Ms).toBeGreaterThanOrEqual(19);
    expect(day10.p95Ms).toBeLessThanOrEqual(20);
    const byApp = (
      await api(
        app(),
        admin,
        'GET',
        '/api/admin/open-calls/stats?dateFrom=2026-01-10&dateTo=2026-01-11&groupBy=app',
      )
    ).json();
    expect(byApp.rows.find((r: { key: string }) => r.key === String(OTHER_APP)).calls).toBe(5);
    const one = (
      await api(
        app(),
        admin,
        'GET',
        `/api/admin/open-calls/stats?dateFrom=2026-01-11&dateTo=2026-01-11&appId=${OTHER_APP}&groupBy=operation`,
      )
    ).json();
    expect(one.totals.calls).toBe(5);
    expect(one.rows[0].key).toBe(op);
    expect(one.totals.avgMs).toBe(100);
  });
});

describe('接口明细', () => {
  it('finds a call by request id, filters and pages, exports', async () => {
    const byId = (
      await api(app(), admin, 'GET', '/api/admin/open-calls?requestId=rq-known-request-id')
    ).json();
    expect(byId.total).toBe(1);
    expect(byId.rows[0].latencyMs).toBe(7);
    expect(byId.rows[0].tenantName).toBeTruthy();
    const failed = (
      await api(
        app(),
        admin,
        'GET',
        '/api/admin/open-calls?dateFrom=2026-01-10&dateTo=2026-01-11&failedOnly=true&limit=2&sort=-latencyMs',
      )
    ).json();
    expect(failed.total).toBe(4);
    expect(failed.rows).toHaveLength(2);
    expect(failed.rows[0].latencyMs).toBe(100);
    const limited = (
      await api(
        app(),
        admin,
        'GET',
        '/api/admin/open-calls?dateFrom=2026-01-10&dateTo=2026-01-10&httpStatus=429',
      )
    ).json();
    expect(limited.total).toBe(2);
    const xlsx = await api(
      app(),
      admin,
      'GET',
      '/api/admin/open-calls/export?dateFrom=2026-01-10&dateTo=2026-01-11',
    );
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
  });

  it('answers hostile input with 400 naming the field', async () => {
    for (const [q, field] of [
      ['groupBy=__proto__', 'groupBy'],
      ['dateFrom=2026-13-45', 'dateFrom'],
      ['appId=-1', 'appId'],
      ['operation=%3Cscript%3E', 'operation'],
    ]) {
      const res = await api(app(), admin, 'GET', `/api/admin/open-calls/stats?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.body, q).toContain(field);
    }
    for (const [q, field] of [
      ['requestId=a%20b', 'requestId'],
      ['httpStatus=abc', 'httpStatus'],
      ['code=drop%20table', 'code'],
      ['sort=password', 'sort'],
    ]) {
      const res = await api(app(), admin, 'GET', `/api/admin/open-calls?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.body, q).toContain(field);
    }
  });

  it('is platform-only', async () => {
    const demo = await app().login('demo', 'Demo@123');
    for (const url of [
      '/api/admin/open-calls/stats',
      '/api/admin/open-calls',
      '/api/admin/open-apis',
      '/api/admin/open-gateway',
      '/api/admin/open-services',
    ])
      expect((await api(app(), demo, 'GET', url)).statusCode, url).toBe(403);
  });
});

describe('接口管理, 网关管理, 服务管理', () => {
  it('lists every open API with its group and today’s calls', async () => {
    const res = (await api(app(), admin, 'GET', '/api/admin/open-apis')).json();
    expect(res.rows).toHaveLength(openContracts().length);
    const r = res.rows.find((x: { operation: string }) => x.operation === op);
    expect(r.today.calls).toBeGreaterThanOrEqual(2);
    expect(r.group).toBeTruthy();
  });

  it('shows auth modes, refusals by code and the 429s', async () => {
    const g = (await api(app(), admin, 'GET', '/api/admin/open-gateway')).json();
    expect(g.limited.total).toBeGreaterThanOrEqual(1);
    expect(g.limited.byDay).toHaveLength(7);
    const rl = g.refusals.find((r: { code: string }) => r.code === 'RATE_LIMITED');
    expect(rl.httpStatus).toBe(429);
    expect(rl.message).toBeTruthy();
    expect(g.authModes.some((m: { mode: string }) => m.mode === 'hmac')).toBe(true);
  });

  it('shows the services behind the API with their health', async () => {
    const s = (await api(app(), admin, 'GET', '/api/admin/open-services')).json();
    expect(s.readiness.status).toBe('ready');
    expect(s.instances).toBeGreaterThanOrEqual(1);
    const group = openContracts()[0].open.group;
    const row = s.rows.find((r: { group: string }) => r.group === group);
    expect(row.apis).toBeGreaterThan(0);
    expect(row.modules.length).toBeGreaterThan(0);
    expect(['up', 'degraded', 'idle']).toContain(row.health);
  });
});
