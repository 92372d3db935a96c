import type { BatchProgress, InvoiceBatchDetail, InvoiceBatchRow, InvoiceBatchStatus } from '@fpy/contracts';
import { type Db, invoiceBatches, invoices } from '@fpy/db';
import { ISSUED_STATUSES, type InvoiceStatus } from '@fpy/domain';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { BatchPayload, BatchReport } from './types.ts';

type Batch = typeof invoiceBatches.$inferSelect;
/** The list reads everything but the heavy jsonb columns. */
export type BatchHead = Omit<Batch, 'payload' | 'report'> & {
  invalidRows: number;
  invalidInvoiceCount: number;
};

// A failure abandoned later (voided) is still a failure of the batch.
const FAILED: InvoiceStatus[] = ['failed', 'void'];

type Counts = Map<string, number>;

/** Invoice states of each batch, from invoices.batch_id: the truth survives any restart. */
export async function countsOf(db: Db, ids: number[]): Promise<Map<number, Counts>> {
  const out = new Map<number, Counts>();
  if (!ids.length) return out;
  const rows = await db
    .select({ batchId: invoices.batchId, status: invoices.status, n: count() })
    .from(invoices)
    .where(inArray(invoices.batchId, ids))
    .groupBy(invoices.batchId, invoices.status);
  for (const r of rows) {
    const m = out.get(r.batchId!) ?? new Map<string, number>();
    m.set(r.status, r.n);
    out.set(r.batchId!, m);
  }
  return out;
}

export function progressOf(total: number, counts: Counts | undefined, runFailures: number): BatchProgress {
  const sum = (states: readonly string[]) => states.reduce((s, k) => s + (counts?.get(k) ?? 0), 0);
  const issued = sum(ISSUED_STATUSES);
  const failed = sum(FAILED) + runFailures;
  const pendingReview = sum(['pending_review']);
  const inFlight = sum(['draft', 'ready', 'issuing']);
  const notCreated = Math.max(0, total - issued - failed - pendingReview - inFlight);
  const settled = issued + failed + pendingReview;
  return {
    total,
    notCreated,
    inFlight,
    pendingReview,
    issued,
    failed,
    percent: total ? Math.floor((settled * 100) / total) : 100,
  };
}

/**
 * A running batch is done once every invoice is issued or failed (or, under 预开, handed to finance's review).
 * Stored lazily by whoever reads the progress; the conditional UPDATE makes that race-free.
 */
async function settle(
  db: Db,
  b: { id: number; status: string },
  p: BatchProgress,
): Promise<InvoiceBatchStatus> {
  if (b.status !== 'running' || p.notCreated || p.inFlight) return b.status as InvoiceBatchStatus;
  await db
    .update(invoiceBatches)
    .set({ status: 'done', issuedCount: p.issued, failedCount: p.failed, updatedAt: new Date() })
    .where(and(eq(invoiceBatches.id, b.id), eq(invoiceBatches.status, 'running')));
  return 'done';
}

export async function batchRows(
  db: Db,
  heads: (BatchHead & { runFailures: number })[],
): Promise<InvoiceBatchRow[]> {
  const counts = await countsOf(
    db,
    heads.filter((h) => h.status !== 'validated').map((h) => h.id),
  );
  return Promise.all(
    heads.map(async (h) => {
      const progress = progressOf(h.invoiceCount, counts.get(h.id), h.runFailures);
      return {
        id: h.id,
        tenantId: h.tenantId,
        fileName: h.fileName,
        status: await settle(db, h, progress),
        totalRows: h.totalRows,
        validRows: h.totalRows - h.invalidRows,
        invalidRows: h.invalidRows,
        invoiceCount: h.invoiceCount,
        invalidInvoiceCount: h.invalidInvoiceCount,
        progress,
        createdByName: h.createdByName,
        createdAt: h.createdAt.toISOString(),
        updatedAt: h.updatedAt.toISOString(),
      };
    }),
  );
}

/** The failures of a batch with their Excel rows: the bureau's reason (or the run's) per invoice. */
async function failuresOf(db: Db, batch: Batch) {
  const payload = batch.payload as BatchPayload;
  const report = batch.report as BatchReport;
  const byGroup = new Map(payload.invoices.map((i) => [i.groupNo, i]));
  const failed = await db
    .select({ groupNo: invoices.batchRow, reason: invoices.failureReason })
    .from(invoices)
    .where(and(eq(invoices.batchId, batch.id), inArray(invoices.status, FAILED)));
  return [
    ...failed.map((f) => ({ groupNo: f.groupNo!, reason: f.reason ?? '开具失败' })),
    ...report.runFailures,
  ]
    .sort((a, b) => a.groupNo - b.groupNo)
    .map((f) => ({
      groupNo: f.groupNo,
      documentNo: byGroup.get(f.groupNo)?.documentNo ?? '',
      rowNumbers: byGroup.get(f.groupNo)?.rowNumbers ?? [],
      reason: f.reason,
    }));
}

export function headOf(batch: Batch): BatchHead & { runFailures: number } {
  const report = batch.report as BatchReport;
  const { payload: _p, report: _r, ...head } = batch;
  return {
    ...head,
    invalidRows: report.invalidRows,
    invalidInvoiceCount: report.invalidGroups.length,
    runFailures: report.runFailures.length,
  };
}

export async function batchDetail(db: Db, batch: Batch): Promise<InvoiceBatchDetail> {
  const report = batch.report as BatchReport;
  const [row] = await batchRows(db, [headOf(batch)]);
  return {
    ...row,
    issues: report.issues,
    failures: batch.status === 'validated' ? [] : await failuresOf(db, batch),
    warnings: report.warnings,
  };
}
