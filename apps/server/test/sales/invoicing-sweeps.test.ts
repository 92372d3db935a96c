import { invoices, users } from '@fpy/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { JobQueue } from '../../src/jobs/queue.ts';
import { loadInvoice } from '../../src/modules/sales/invoicing/load.ts';
import {
  OVERDUE_MS,
  STALE_MS,
  STUCK_SWEEP,
  sweepStuckInvoices,
} from '../../src/modules/sales/invoicing/sweeps.ts';
import type { GatewayCtx } from '../../src/http/verb-ctx.ts';
import { createDraft } from '../../src/modules/sales/invoicing/verbs/create-draft.ts';
import { issue } from '../../src/modules/sales/invoicing/verbs/issue.ts';
import { submitForIssue } from '../../src/modules/sales/invoicing/verbs/submit-for-issue.ts';
import { useTestApp } from '../harness.ts';
import { invoiceBody } from './invoicing-helpers.ts';
import { sandbox } from '../platform/tax-gateway-helpers.ts';

const app = useTestApp();

/** A queue that only records: the invoice's job is "lost", as after a crash. */
const recording = (): JobQueue & { enqueued: unknown[] } => {
  const enqueued: unknown[] = [];
  return {
    enqueued,
    enqueue: async (_n, p) => {
      enqueued.push(p);
      return String(enqueued.length);
    },
    process: () => {},
    processBatch: () => {},
    get: () => undefined,
    drain: async () => {},
    close: async () => {},
  };
};

async function lostCtx(latencyMs = 0) {
  const db = app().services.db;
  const [u] = await db.select().from(users).where(eq(users.username, 'demo'));
  const sb = sandbox(db, undefined, { latencyMs });
  const ctx: GatewayCtx & { jobs: ReturnType<typeof recording> } = {
    db,
    actor: { userId: u.id, name: u.name, tenantId: u.tenantId, platform: false },
    ip: '127.0.0.1',
    jobs: recording(),
    gateway: sb.gw,
  };
  return { ctx, advance: sb.advance, tenantId: u.tenantId! };
}

async function readyInvoice(ctx: GatewayCtx) {
  const { invoice } = await createDraft({ ctx, input: invoiceBody() as never });
  return submitForIssue({ ctx, input: { id: invoice.id } });
}

const later = (ms: number) => new Date(Date.now() + ms);
const logs = () => {
  const warned: object[] = [];
  return { warned, warn: (o: object) => void warned.push(o) };
};

describe('stuck issuing sweep', () => {
  it('is registered with the scheduler and issues a ready invoice whose job was lost — once', async () => {
    const { ctx } = await lostCtx();
    const inv = await readyInvoice(ctx);
    expect(inv.status).toBe('ready');
    const { services } = app();

    // Fresh: not stuck yet, the sweep leaves it to its (lost) job.
    await services.scheduler.runNow(STUCK_SWEEP);
    await services.jobs.drain();
    expect((await loadInvoice(services.db, inv.tenantId, inv.id)).status).toBe('ready');

    await services.scheduler.runNow(STUCK_SWEEP, later(STALE_MS + 1_000));
    await services.jobs.drain();
    const done = await loadInvoice(services.db, inv.tenantId, inv.id);
    expect(done).toMatchObject({
      status: 'issued',
      number: expect.stringMatching(/^\d{20}$/),
      issueAttempt: 1,
    });

    // Issued invoices are never touched again.
    const q = recording();
    await sweepStuckInvoices({ ...ctx, jobs: q }, later(OVERDUE_MS * 2), logs());
    expect(q.enqueued).not.toContainEqual({ tenantId: inv.tenantId, invoiceId: inv.id });
  });

  it('re-enqueues an invoice in issuing after 2 minutes; after 24 h it only queries and logs while pending', async () => {
    const { ctx, advance, tenantId } = await lostCtx(60_000);
    const inv = await readyInvoice(ctx);
    const submitted = await issue({ ctx, input: { tenantId, id: inv.id } });
    expect(submitted).toMatchObject({ status: 'issuing', requestId: expect.any(String) });
    const mine = { tenantId, invoiceId: inv.id };

    const fresh = recording();
    await sweepStuckInvoices({ ...ctx, jobs: fresh }, later(10_000), logs());
    expect(fresh.enqueued).not.toContainEqual(mine);

    const stale = recording();
    await sweepStuckInvoices({ ...ctx, jobs: stale }, later(STALE_MS + 1_000), logs());
    expect(stale.enqueued).toContainEqual(mine);

    // A day later the bureau still answers pending: nothing re-enqueued, the invoice stays, a warning says so.
    const overdue = recording();
    const log = logs();
    const r = await sweepStuckInvoices({ ...ctx, jobs: overdue }, later(OVERDUE_MS + 60_000), log);
    expect(overdue.enqueued).not.toContainEqual(mine);
    expect(r.stillPending).toBeGreaterThanOrEqual(1);
    expect(log.warned).toContainEqual(expect.objectContaining({ invoiceId: inv.id }));
    expect((await loadInvoice(ctx.db, tenantId, inv.id)).status).toBe('issuing');

    // Once the bureau answers, the same sweep settles it with the number of the one submission.
    advance(60_000);
    const settled = await sweepStuckInvoices(ctx, later(OVERDUE_MS + 120_000), logs());
    expect(settled.settled).toBeGreaterThanOrEqual(1);
    const done = await loadInvoice(ctx.db, tenantId, inv.id);
    expect(done).toMatchObject({ status: 'issued', requestId: submitted.requestId, issueAttempt: 1 });
  });

  it('an interrupted submit (issuing without requestId) is re-enqueued even after 24 h', async () => {
    const { ctx, tenantId } = await lostCtx();
    const inv = await readyInvoice(ctx);
    await ctx.db.update(invoices).set({ status: 'issuing', issueAttempt: 1 }).where(eq(invoices.id, inv.id));
    const q = recording();
    await sweepStuckInvoices({ ...ctx, jobs: q }, later(OVERDUE_MS + 60_000), logs());
    expect(q.enqueued).toContainEqual({ tenantId, invoiceId: inv.id });
  });
});
