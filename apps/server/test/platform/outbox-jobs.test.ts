import { outboxAttempts, outboxTasks, resourceChanges, users } from '@fpy/db';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../src/lib/write/index.ts';
import { addTask, OUTBOX_RETENTION, purgeFinished } from '../../src/modules/platform/outbox/index.ts';
import { useTestApp } from '../harness.ts';
import { api } from './base-helpers.ts';

/**
 * 任务管理 (/baseManager/jobManager) on the outbox: the platform operator lists tasks, reads one with its
 * attempt log, redelivers dead or refused ones (one, or in bulk) and reads the counts; done tasks past the
 * retention horizon are deleted with their attempts. Kind `test.jobs` has no handler here: a redelivered task
 * stays pending, so what the routes did is what the test reads.
 */
const app = useTestApp();
const db = () => app().services.db;
const admin = () => app().login('admin', 'Admin@123');
const KIND = 'test.jobs';
const OTHER = 'test.other';

let demoTenant: number;
const ids: Record<string, number> = {};

async function task(
  name: string,
  state: string,
  over: { kind?: string; tenantId?: number | null; lastError?: string; finishedAt?: Date } = {},
) {
  const id = await withTransaction({ db: db() }, (tx) =>
    addTask(tx, {
      kind: over.kind ?? KIND,
      ref: `${name}-${Math.random().toString(36).slice(2, 8)}`,
      tenantId: over.tenantId === undefined ? demoTenant : over.tenantId,
      payload: { name },
    }),
  );
  await db()
    .update(outboxTasks)
    .set({
      state,
      attempts: state === 'pending' ? 0 : 3,
      lastCode: over.lastError ? 'SMTP_REFUSED' : null,
      lastError: over.lastError ?? null,
      finishedAt: ['done', 'failed', 'dead'].includes(state) ? (over.finishedAt ?? new Date()) : null,
    })
    .where(eq(outboxTasks.id, id));
  await db()
    .insert(outboxAttempts)
    .values(
      [1, 2, 3].map((n) => ({
        taskId: id,
        tenantId: demoTenant,
        kind: over.kind ?? KIND,
        n,
        leaseToken: `t${n}`,
        outcome: n < 3 ? 'retry' : state === 'done' ? 'done' : 'dead',
        code: n < 3 ? 'TIMEOUT' : null,
        message: n < 3 ? `timeout ${n}` : null,
        startedAt: new Date(Date.now() - (4 - n) * 60_000),
        endedAt: new Date(Date.now() - (4 - n) * 60_000 + 1000),
      })),
    );
  ids[name] = id;
  return id;
}

beforeAll(async () => {
  const [demo] = await db().select().from(users).where(eq(users.username, 'demo'));
  demoTenant = demo.tenantId!;
  await task('dead1', 'dead', { lastError: 'mailbox unavailable' });
  await task('dead2', 'dead', { lastError: 'mailbox full' });
  await task('failed1', 'failed', { lastError: 'recipient refused' });
  await task('done1', 'done');
  await task('pending1', 'pending', { kind: OTHER, tenantId: null });
});

describe('任务管理: list, detail, summary', () => {
  it('lists every company’s tasks with filters and paging', async () => {
    const token = await admin();
    const all = (await api(app(), token, 'GET', `/api/admin/jobs?kind=${KIND}&limit=100`)).json();
    expect(all.total).toBe(4);
    expect(all.rows[0]).toMatchObject({ kind: KIND, tenantId: demoTenant, attempts: 3 });
    expect(typeof all.rows[0].tenantName).toBe('string');
    const dead = (await api(app(), token, 'GET', `/api/admin/jobs?kind=${KIND}&state=dead`)).json();
    expect(dead.rows.map((r: { id: number }) => r.id).sort()).toEqual([ids.dead1, ids.dead2].sort());
    const byText = (await api(app(), token, 'GET', '/api/admin/jobs?q=mailbox%20full')).json();
    expect(byText.rows.map((r: { id: number }) => r.id)).toEqual([ids.dead2]);
    const byRef = (await api(app(), token, 'GET', '/api/admin/jobs?q=failed1-')).json();
    expect(byRef.rows.map((r: { id: number }) => r.id)).toEqual([ids.failed1]);
    const platform = (await api(app(), token, 'GET', `/api/admin/jobs?kind=${OTHER}`)).json();
    expect(platform.rows).toEqual([
      expect.objectContaining({ id: ids.pending1, tenantId: null, tenantName: null }),
    ]);
    const tenant = (
      await api(app(), token, 'GET', `/api/admin/jobs?tenantId=${demoTenant}&kind=${KIND}`)
    ).json();
    expect(tenant.total).toBe(4);
    const page = (
      await api(app(), token, 'GET', `/api/admin/jobs?kind=${KIND}&limit=1&page=2&sort=-attempts`)
    ).json();
    expect(page.rows).toHaveLength(1);
    expect(page.total).toBe(4);
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const inRange = (
      await api(app(), token, 'GET', `/api/admin/jobs?kind=${KIND}&dateFrom=${today}&dateTo=${today}`)
    ).json();
    expect(inRange.total).toBe(4);
    const before = (
      await api(app(), token, 'GET', `/api/admin/jobs?kind=${KIND}&dateFrom=2020-01-01&dateTo=2020-01-02`)
    ).json();
    expect(before.total).toBe(0);
  });

  it('answers 400 naming the field for a bad filter', async () => {
    const token = await admin();
    for (const [qs, field] of [
      ['state=lost', 'state'],
      ['kind=DROP%20TABLE', 'kind'],
      [`kind=${'a'.repeat(65)}`, 'kind'],
      ['tenantId=-1', 'tenantId'],
      ['tenantId=99999999999', 'tenantId'],
      [`q=${'x'.repeat(129)}`, 'q'],
      ['q=%00', 'q'],
      ['dateFrom=2026-02-30', 'dateFrom'],
      ['dateFrom=2026-03-02&dateTo=2026-03-01', 'dateTo'],
      ['sort=payload', 'sort'],
      ['limit=100000', 'limit'],
    ]) {
      const res = await api(app(), token, 'GET', `/api/admin/jobs?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(JSON.stringify(res.json().details ?? res.json()), qs).toContain(field);
    }
  });

  it('reads one task with its attempt log; an unknown id is a 404', async () => {
    const token = await admin();
    const res = await api(app(), token, 'GET', `/api/admin/jobs/${ids.dead1}`);
    expect(res.statusCode).toBe(200);
    const t = res.json();
    expect(t).toMatchObject({ id: ids.dead1, state: 'dead', lastError: 'mailbox unavailable' });
    expect(t.attemptLog.map((a: { n: number; outcome: string }) => [a.n, a.outcome])).toEqual([
      [1, 'retry'],
      [2, 'retry'],
      [3, 'dead'],
    ]);
    expect(t).not.toHaveProperty('payload');
    const missing = await api(app(), token, 'GET', '/api/admin/jobs/2000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
    expect((await api(app(), token, 'GET', '/api/admin/jobs/abc')).statusCode).toBe(400);
  });

  it('counts tasks per kind and state', async () => {
    const token = await admin();
    const { rows } = (await api(app(), token, 'GET', '/api/admin/jobs/summary')).json();
    const mine = rows.filter((r: { kind: string }) => r.kind === KIND || r.kind === OTHER);
    expect(mine).toEqual(
      expect.arrayContaining([
        { kind: KIND, state: 'dead', count: 2 },
        { kind: KIND, state: 'failed', count: 1 },
        { kind: KIND, state: 'done', count: 1 },
        { kind: OTHER, state: 'pending', count: 1 },
      ]),
    );
  });
});

describe('任务管理: permissions', () => {
  it('refuses a company’s user (even its administrator) with 403, and anonymous callers with 401', async () => {
    const demo = await app().login('demo', 'Demo@123');
    for (const [method, url, body] of [
      ['GET', '/api/admin/jobs', undefined],
      ['GET', '/api/admin/jobs/summary', undefined],
      ['GET', `/api/admin/jobs/${ids.dead1}`, undefined],
      ['POST', `/api/admin/jobs/${ids.dead1}/redeliver`, undefined],
      ['POST', '/api/admin/jobs/redeliver', { ids: [ids.dead1] }],
    ] as const) {
      expect((await api(app(), demo, method, url, body)).statusCode, url).toBe(403);
      expect((await api(app(), null, method, url, body)).statusCode, url).toBe(401);
    }
    expect((await db().select().from(outboxTasks).where(eq(outboxTasks.id, ids.dead1)))[0].state).toBe(
      'dead',
    );
  });
});

describe('任务管理: redelivery', () => {
  it('redelivers one dead task: pending, fresh round, an attempt line and an audit row', async () => {
    const token = await admin();
    const res = await api(app(), token, 'POST', `/api/admin/jobs/${ids.dead1}/redeliver`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: ids.dead1, state: 'pending', attempts: 0, finishedAt: null });
    const detail = (await api(app(), token, 'GET', `/api/admin/jobs/${ids.dead1}`)).json();
    expect(detail.attemptLog.at(-1)).toMatchObject({
      n: 0,
      outcome: 'redelivered',
      message: expect.any(String),
    });
    const audit = await db()
      .select()
      .from(resourceChanges)
      .where(and(eq(resourceChanges.resource, 'outboxTask'), eq(resourceChanges.recordId, ids.dead1)));
    expect(audit).toEqual([expect.objectContaining({ action: 'redeliver', tenantId: demoTenant })]);
  });

  it('refuses a task that is not dead or refused (409, nothing written); unknown is 404', async () => {
    const token = await admin();
    for (const id of [ids.dead1, ids.done1, ids.pending1]) {
      const res = await api(app(), token, 'POST', `/api/admin/jobs/${id}/redeliver`);
      expect(res.statusCode, String(id)).toBe(409);
      expect(res.json().code).toBe('JOB_NOT_REDELIVERABLE');
    }
    const en = await app().app.inject({
      method: 'POST',
      url: `/api/admin/jobs/${ids.done1}/redeliver`,
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
    });
    expect(en.json().message).toContain('done');
    const audit = await db()
      .select()
      .from(resourceChanges)
      .where(
        and(
          eq(resourceChanges.resource, 'outboxTask'),
          inArray(resourceChanges.recordId, [ids.done1, ids.pending1]),
        ),
      );
    expect(audit).toEqual([]);
    const missing = await api(app(), token, 'POST', '/api/admin/jobs/2000000000/redeliver');
    expect(missing.statusCode).toBe(404);
  });

  it('redelivers the selected tasks in bulk, skipping those that cannot be', async () => {
    const token = await admin();
    const res = await api(app(), token, 'POST', '/api/admin/jobs/redeliver', {
      ids: [ids.dead2, ids.failed1, ids.done1, 2000000000, ids.dead2],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ redelivered: [ids.dead2, ids.failed1], skipped: [ids.done1, 2000000000] });
    const rows = await db()
      .select({ id: outboxTasks.id, state: outboxTasks.state })
      .from(outboxTasks)
      .where(inArray(outboxTasks.id, [ids.dead2, ids.failed1, ids.done1]));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.state]))).toEqual({
      [ids.dead2]: 'pending',
      [ids.failed1]: 'pending',
      [ids.done1]: 'done',
    });
    for (const [body, field] of [
      [{ ids: [] }, 'ids'],
      [{ ids: Array.from({ length: 201 }, (_, i) => i + 1) }, 'ids'],
      [{ ids: ['x'] }, 'ids'],
      [{}, 'ids'],
    ] as const) {
      const bad = await api(app(), token, 'POST', '/api/admin/jobs/redeliver', body);
      expect(bad.statusCode).toBe(400);
      expect(JSON.stringify(bad.json().details ?? bad.json())).toContain(field);
    }
  });
});

describe('任务管理: retention', () => {
  it('deletes done tasks (and their attempts) past the horizon; keeps the rest', async () => {
    const old = new Date(Date.now() - 40 * 86_400_000);
    const oldDone = await task('oldDone', 'done', { finishedAt: old });
    const oldDead = await task('oldDead', 'dead', { finishedAt: old });
    const recentDone = await task('recentDone', 'done', {
      finishedAt: new Date(Date.now() - 5 * 86_400_000),
    });
    // Two instances at once: each batch locks its rows (SKIP LOCKED), together they delete it once.
    const [a, b] = await Promise.all([
      purgeFinished(db(), new Date(), 30),
      purgeFinished(db(), new Date(), 30),
    ]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    const left = await db()
      .select({ id: outboxTasks.id })
      .from(outboxTasks)
      .where(inArray(outboxTasks.id, [oldDone, oldDead, recentDone]));
    expect(left.map((r) => r.id).sort()).toEqual([oldDead, recentDone].sort());
    const attempts = await db()
      .select({ taskId: outboxAttempts.taskId })
      .from(outboxAttempts)
      .where(inArray(outboxAttempts.taskId, [oldDone, oldDead, recentDone]));
    expect(new Set(attempts.map((r) => r.taskId))).toEqual(new Set([oldDead, recentDone]));
    // The scheduled task uses OUTBOX_RETENTION_DAYS (default 30): a shorter horizon would have taken recentDone.
    await app().services.scheduler.runNow(OUTBOX_RETENTION, new Date());
    expect((await db().select().from(outboxTasks).where(eq(outboxTasks.id, recentDone))).length).toBe(1);
    expect(await purgeFinished(db(), new Date(), 1)).toBeGreaterThanOrEqual(1);
    expect((await db().select().from(outboxTasks).where(eq(outboxTasks.id, recentDone))).length).toBe(0);
  });
});
