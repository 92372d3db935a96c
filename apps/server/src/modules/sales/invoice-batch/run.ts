import { type Db, invoiceBatches, invoices } from '@fpy/db';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { AuthedCtx } from '../../../http/context.ts';
import type { JobQueue } from '../../../jobs/queue.ts';
import { AppError, businessError, notFound } from '../../../lib/errors.ts';
import {
  createDraft,
  isStateChanged,
  issuingTenant,
  linkToBatch,
  submitForIssue,
} from '../invoicing/index.ts';
import type { VerbCtx } from '../../../http/verb-ctx.ts';
import type { BatchPayload, BatchReport, StoredInvoice } from './types.ts';

export const BATCH_JOB = 'invoice-batch.run';
export const BATCH_SWEEP = 'invoice-batch.resume';
/** A running batch whose runs have not touched it for this long has lost its job chain. */
export const QUIET_MS = 2 * 60_000;
/** Invoices created per job run: a run stays short, and a stopped process loses at most one chunk of work. */
const CHUNK = 10;

/** The idempotency key of a batch's invoice: a resumed batch finds it and never creates a second one. */
export const batchSerial = (batchId: number, groupNo: number) => `batch-${batchId}-${groupNo}`;

export async function enqueueBatch(jobs: JobQueue, batch: { id: number; tenantId: number }) {
  await jobs.enqueue(
    BATCH_JOB,
    { batchId: batch.id, tenantId: batch.tenantId },
    { attempts: 8, backoffMs: 500 },
  );
}

/** validated → running (once: the conditional UPDATE refuses a second press), then the job takes over. */
export async function startBatch(ctx: AuthedCtx, id: number) {
  const tenantId = issuingTenant(ctx);
  const [batch] = await ctx.db
    .select()
    .from(invoiceBatches)
    .where(and(eq(invoiceBatches.id, id), eq(invoiceBatches.tenantId, tenantId)));
  if (!batch) throw notFound('NOT_FOUND.batch');
  if (batch.status !== 'validated') throw businessError('BATCH_ALREADY_STARTED');
  const payload = batch.payload as BatchPayload;
  if (!payload.invoices.length) throw businessError('BATCH_NOTHING_TO_ISSUE');
  const [started] = await ctx.db
    .update(invoiceBatches)
    .set({
      status: 'running',
      payload: { ...payload, issuedBy: { userId: ctx.actor.userId, name: ctx.actor.name } },
      updatedAt: new Date(),
    })
    .where(and(eq(invoiceBatches.id, id), eq(invoiceBatches.status, 'validated')))
    .returning();
  if (!started) throw businessError('BATCH_ALREADY_STARTED');
  await enqueueBatch(ctx.jobs, started);
  return started;
}

/**
 * Creates one invoice through the normal verbs, as the user who pressed 开具. createDraft is idempotent on the
 * serial, so after a crash the same group yields the same invoice; a draft left by a crash before its submit
 * is submitted now (the createInvoice route does the same for a replay).
 */
async function createOne(ctx: VerbCtx, batchId: number, inv: StoredInvoice) {
  const input = { ...inv.body, clientSerial: batchSerial(batchId, inv.groupNo) };
  const { invoice } = await createDraft({ ctx, input });
  if (invoice.batchId !== batchId) await linkToBatch(ctx.db, invoice, batchId, inv.groupNo);
  if (invoice.status === 'draft')
    // Another run got there first: it moved the draft on, which is all this one wanted.
    await submitForIssue({ ctx, input: { id: invoice.id } }).catch((err) => {
      if (!isStateChanged(err) && !(err instanceof AppError && err.code === 'INVOICE_NOT_DRAFT')) throw err;
    });
}

/**
 * One run of the batch job: the next CHUNK groups with no finished invoice yet, then a follow-up run for the
 * rest. "Finished" = exists, linked to the batch and past draft; anything less is redone idempotently.
 */
export function registerBatchJob(db: Db, jobs: JobQueue) {
  jobs.process<{ batchId: number; tenantId: number }>(BATCH_JOB, async (p) => {
    const [batch] = await db
      .select()
      .from(invoiceBatches)
      .where(and(eq(invoiceBatches.id, p.batchId), eq(invoiceBatches.tenantId, p.tenantId)));
    if (batch?.status !== 'running') return;
    const payload = batch.payload as BatchPayload;
    const report = batch.report as BatchReport;
    const done = new Set(
      (
        await db
          .select({ row: invoices.batchRow })
          .from(invoices)
          .where(and(eq(invoices.batchId, batch.id), sql`${invoices.status} <> 'draft'`))
      ).map((r) => r.row),
    );
    for (const f of report.runFailures) done.add(f.groupNo);
    const todo = payload.invoices.filter((i) => !done.has(i.groupNo));
    if (!todo.length) return;
    // Heartbeat: the resume sweep leaves a batch alone while its chain of runs is alive.
    await db.update(invoiceBatches).set({ updatedAt: new Date() }).where(eq(invoiceBatches.id, batch.id));
    const issuer = payload.issuedBy ?? {
      userId: batch.createdBy ?? 0,
      name: batch.createdByName ?? '批量开具',
    };
    const ctx: VerbCtx = {
      db,
      jobs,
      ip: null,
      actor: { userId: issuer.userId, name: issuer.name, tenantId: batch.tenantId, platform: false },
    };
    const runFailures: BatchReport['runFailures'] = [];
    for (const inv of todo.slice(0, CHUNK)) {
      try {
        await createOne(ctx, batch.id, inv);
      } catch (err) {
        // A rule refusing the group now (it passed at upload) must not stall the batch: record it as failed.
        if (!(err instanceof AppError)) throw err;
        runFailures.push({ groupNo: inv.groupNo, reason: err.message });
      }
    }
    if (runFailures.length)
      await db
        .update(invoiceBatches)
        .set({
          report: { ...report, runFailures: [...report.runFailures, ...runFailures] },
          updatedAt: new Date(),
        })
        .where(eq(invoiceBatches.id, batch.id));
    if (todo.length > CHUNK) await enqueueBatch(jobs, batch);
  });
}

/**
 * The in-process queue forgets jobs on restart, and a job may exhaust its retries: pick running batches up
 * again (issue 4 §5) — all of them at start, and from the periodic sweep those whose runs went quiet.
 */
export async function resumeBatches(db: Db, jobs: JobQueue, quietSince?: Date) {
  const running = await db
    .select({ id: invoiceBatches.id, tenantId: invoiceBatches.tenantId })
    .from(invoiceBatches)
    .where(
      and(
        eq(invoiceBatches.status, 'running'),
        quietSince ? lt(invoiceBatches.updatedAt, quietSince) : undefined,
      ),
    );
  for (const b of running) await enqueueBatch(jobs, b);
}
