import { invoiceEvents, tenants, users } from '@fpy/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { type JobQueue, MemoryQueue } from '../../src/jobs/queue.ts';
import { loadInvoice } from '../../src/modules/sales/invoicing/load.ts';
import { issue, orderNoOf } from '../../src/modules/sales/invoicing/verbs/issue.ts';
import { issueMany } from '../../src/modules/sales/invoicing/verbs/issue-many.ts';
import { createDraft } from '../../src/modules/sales/invoicing/verbs/create-draft.ts';
import { settle } from '../../src/modules/sales/invoicing/verbs/settle.ts';
import { submitForIssue } from '../../src/modules/sales/invoicing/verbs/submit-for-issue.ts';
import type { GatewayCtx } from '../../src/http/verb-ctx.ts';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { useTestApp } from '../harness.ts';
import { invoiceBody } from './invoicing-helpers.ts';
import { sandbox } from '../platform/tax-gateway-helpers.ts';

const app = useTestApp();

/** A queue that only records: the test drives the verbs itself. */
const recording = (): JobQueue & { enqueued: unknown[] } => {
  const enqueued: unknown[] = [];
  return {
    enqueued,
    enqueue: async (_n, p) => {
      enqueued.push(p);
      return 'x';
    },
    process: () => {},
    processBatch: () => {},
    get: () => undefined,
    drain: async () => {},
    close: async () => {},
  };
};

async function demoCtx(latencyMs = 0) {
  const db = app().services.db;
  const [u] = await db.select().from(users).where(eq(users.username, 'demo'));
  const sb = sandbox(db, undefined, { latencyMs });
  const ctx: GatewayCtx = {
    db,
    actor: { userId: u.id, name: u.name, tenantId: u.tenantId, platform: false },
    ip: '127.0.0.1',
    jobs: recording(),
    gateway: sb.gw,
  };
  return { ctx, advance: sb.advance, tenantId: u.tenantId! };
}

async function readyInvoice(ctx: GatewayCtx) {
  const { invoice } = await createDraft({ ctx, input: { ...invoiceBody(), submit: true } as never });
  return submitForIssue({ ctx, input: { id: invoice.id } });
}

const eventsOf = async (id: number) =>
  (await app().services.db.select().from(invoiceEvents).where(eq(invoiceEvents.invoiceId, id))).map(
    (e) => `${e.fromStatus}→${e.toStatus}`,
  );

describe('issue workers', () => {
  it('two workers issuing and settling the same invoice move it once', async () => {
    const { ctx, tenantId } = await demoCtx();
    const inv = await readyInvoice(ctx);
    expect(inv.status).toBe('ready');
    const input = { tenantId, id: inv.id };
    const [a, b] = await Promise.all([issue({ ctx, input }), issue({ ctx, input })]);
    expect(a.requestId).toBeTruthy();
    expect(b.requestId).toBe(a.requestId);
    const [s1, s2] = await Promise.all([settle({ ctx, input }), settle({ ctx, input })]);
    expect(s1.invoice.status).toBe('issued');
    expect(s2.invoice.number).toBe(s1.invoice.number);
    expect(await eventsOf(inv.id)).toEqual(['null→draft', 'draft→ready', 'ready→issuing', 'issuing→issued']);
  });

  it('a lost answer is resolved by querying; an interrupted submit resends the same orderNo', async () => {
    const { ctx, advance, tenantId } = await demoCtx(5_000);
    const inv = await readyInvoice(ctx);
    const input = { tenantId, id: inv.id };
    const submitted = await issue({ ctx, input });
    // The same attempt's orderNo answers the first requestId: no second invoice at the bureau.
    expect(
      (await ctx.gateway.submitIssue({ ...dummyRequest(submitted), orderNo: orderNoOf(submitted) }))
        .requestId,
    ).toBe(submitted.requestId);
    expect(await settle({ ctx, input })).toMatchObject({ pending: true, invoice: { status: 'issuing' } });
    // Issuing again does not resubmit: the requestId is kept.
    expect((await issue({ ctx, input })).requestId).toBe(submitted.requestId);
    advance(5_000);
    const done = await settle({ ctx, input });
    expect(done.invoice).toMatchObject({ status: 'issued', number: expect.stringMatching(/^\d{20}$/) });
  });

  it('after a restart the in-process queue is rebuilt from the invoices still waiting for the bureau', async () => {
    const { ctx } = await demoCtx();
    // Accepted, but its job died with the process that held it.
    const inv = await readyInvoice(ctx);
    expect(inv.status).toBe('ready');
    const config = loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
    const restarted = await buildApp(config, { dbHandle: app().dbHandle, logger: false });
    try {
      await restarted.services.jobs.drain();
      const after = await loadInvoice(app().services.db, inv.tenantId, inv.id);
      expect(after).toMatchObject({ status: 'issued', number: expect.stringMatching(/^\d{20}$/) });
    } finally {
      await restarted.close();
    }
  });

  it('a 预开 tenant stops at pending_review and enqueues nothing', async () => {
    const { ctx, tenantId } = await demoCtx();
    const db = app().services.db;
    await db.update(tenants).set({ invoiceMethod: 0 }).where(eq(tenants.id, tenantId));
    try {
      const inv = await readyInvoice(ctx);
      expect(inv.status).toBe('pending_review');
      expect((ctx.jobs as ReturnType<typeof recording>).enqueued).toHaveLength(0);
    } finally {
      await db.update(tenants).set({ invoiceMethod: 1 }).where(eq(tenants.id, tenantId));
    }
  });
});

describe('the batched issue job (issueMany)', () => {
  const seqOf = (n: string | null) => Number(n?.slice(-15));

  it('issues the ready ones with one bureau call: consecutive numbers, every move audited', async () => {
    const { ctx, tenantId } = await demoCtx();
    const ready = [];
    for (let i = 0; i < 5; i++) ready.push(await readyInvoice(ctx));
    const { invoice: draft } = await createDraft({ ctx, input: invoiceBody() as never });
    const batch = vi.spyOn(ctx.gateway, 'submitIssues');
    const single = vi.spyOn(ctx.gateway, 'submitIssue');
    const refs = [...ready, draft].map((i) => ({ tenantId, id: i.id }));
    expect(await issueMany(ctx, refs)).toEqual(refs.map(() => null));
    expect(batch).toHaveBeenCalledTimes(1);
    expect(batch.mock.calls[0][0].map((r) => r.orderNo)).toEqual(
      ready.map((i) => `FPY-${tenantId}-${i.id}-1`),
    );
    expect(single).not.toHaveBeenCalled();
    const done = await Promise.all(ready.map((i) => loadInvoice(ctx.db, tenantId, i.id)));
    for (const d of done) {
      expect(d).toMatchObject({
        status: 'issued',
        number: expect.stringMatching(/^\d{20}$/),
        requestId: expect.any(String),
      });
      expect(await eventsOf(d.id)).toEqual(['null→draft', 'draft→ready', 'ready→issuing', 'issuing→issued']);
    }
    const seqs = done.map((d) => seqOf(d.number));
    expect(seqs).toEqual(seqs.map((_, i) => seqs[0] + i));
    // Not ready: left alone.
    expect((await loadInvoice(ctx.db, tenantId, draft.id)).status).toBe('draft');
    // Run again (a duplicate job): nothing is issued twice.
    expect(await issueMany(ctx, refs)).toEqual(refs.map(() => null));
    const again = await Promise.all(ready.map((i) => loadInvoice(ctx.db, tenantId, i.id)));
    expect(again.map((d) => d.number)).toEqual(done.map((d) => d.number));
  });

  it('a refusal fails only its own invoice and takes no number', async () => {
    const { ctx, tenantId } = await demoCtx();
    const a = await readyInvoice(ctx);
    const { invoice: draft } = await createDraft({
      ctx,
      input: {
        ...invoiceBody({
          buyer: { name: '【模拟失败】上海购买方有限公司', taxNumber: '91310104MA1FR8KX39' },
        }),
        submit: true,
      } as never,
    });
    const refused = await submitForIssue({ ctx, input: { id: draft.id } });
    const b = await readyInvoice(ctx);
    const refs = [a, refused, b].map((i) => ({ tenantId, id: i.id }));
    expect(await issueMany(ctx, refs)).toEqual([null, null, null]);
    const [da, dr, db] = await Promise.all(refs.map((r) => loadInvoice(ctx.db, tenantId, r.id)));
    expect(dr).toMatchObject({
      status: 'failed',
      number: null,
      failureReason: expect.stringContaining('税务局处理失败'),
    });
    expect(await eventsOf(dr.id)).toEqual(['null→draft', 'draft→ready', 'ready→issuing', 'issuing→failed']);
    expect(seqOf(db.number)).toBe(seqOf(da.number) + 1);
  });

  it('answers still pending keep their requestId and are settled by the retry, without resubmitting', async () => {
    const { ctx, advance, tenantId } = await demoCtx(5_000);
    const invs = [await readyInvoice(ctx), await readyInvoice(ctx)];
    const refs = invs.map((i) => ({ tenantId, id: i.id }));
    const first = await issueMany(ctx, refs);
    expect(first.map((e) => e?.message)).toEqual(['税局尚未返回开具结果', '税局尚未返回开具结果']);
    const pending = await Promise.all(refs.map((r) => loadInvoice(ctx.db, tenantId, r.id)));
    for (const p of pending) expect(p).toMatchObject({ status: 'issuing', requestId: expect.any(String) });
    const submits = vi.spyOn(ctx.gateway, 'submitIssue');
    advance(5_000);
    expect(await issueMany(ctx, refs)).toEqual([null, null]);
    expect(submits).not.toHaveBeenCalled();
    const done = await Promise.all(refs.map((r) => loadInvoice(ctx.db, tenantId, r.id)));
    expect(done.map((d) => d.requestId)).toEqual(pending.map((p) => p.requestId));
    for (const d of done) expect(d.status).toBe('issued');
  });
});

function dummyRequest(inv: { tenantId: number; sellerName: string; sellerCreditCode: string }) {
  return {
    tenantId: inv.tenantId,
    type: 'digital_special' as const,
    colour: 'blue' as const,
    seller: { name: inv.sellerName, creditCode: inv.sellerCreditCode },
    buyer: { name: 'x' },
    amountFen: 100,
    taxFen: 13,
    totalFen: 113,
    lines: [],
  };
}

describe('in-process job queue', () => {
  it('retries with backoff, keeps the last error visible, and gives up after its attempts', async () => {
    const q = new MemoryQueue();
    let calls = 0;
    q.process('flaky', async () => {
      calls += 1;
      if (calls < 3) throw new Error(`boom ${calls}`);
    });
    q.process('broken', async () => {
      throw new Error('always');
    });
    const started = Date.now();
    const flaky = await q.enqueue('flaky', {}, { attempts: 5, backoffMs: 20 });
    const broken = await q.enqueue('broken', { a: 1 }, { attempts: 2, backoffMs: 5 });
    await q.drain();
    // Backoff 20 ms then 40 ms before the third run.
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
    expect(q.get(flaky)).toMatchObject({ state: 'done', attemptsMade: 3, lastError: null });
    expect(q.get(broken)).toMatchObject({
      state: 'failed',
      attemptsMade: 2,
      lastError: 'always',
      payload: { a: 1 },
    });
    const delayed = await q.enqueue('flaky', {}, { delayMs: 30 });
    expect(q.get(delayed)?.state).toBe('waiting');
    await q.drain();
    expect(q.get(delayed)?.state).toBe('done');
    await q.close();
  });
});
