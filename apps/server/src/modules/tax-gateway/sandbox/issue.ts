import { type Db, taxSandboxInvoices, taxSandboxRequests } from '@fpy/db';
import { formatYuan } from '@fpy/domain';
import { and, eq } from 'drizzle-orm';
import type { IssueRequest, IssueResult } from '../gateway.ts';
import { consumeCredit, readCreditLine, restoreCredit } from './credit.ts';
import { checkIssueRequest, type Refusal } from './issue-checks.ts';
import { allocateSequence, formatDigitalNumber, regionOf } from './numbering.ts';
import { type SandboxOptions, shanghaiDate, shanghaiMonth, shanghaiYear } from './options.ts';
import { lockRedFormForIssue, markRedFormUsed } from './red-forms.ts';

type RequestRow = typeof taxSandboxRequests.$inferSelect;

/** Stores the request and returns at once (§10.1: accepted ≠ issued); resubmitting an orderNo is idempotent. */
export async function submitIssue(db: Db, opts: SandboxOptions, req: IssueRequest) {
  const readyAt = new Date(opts.now().getTime() + opts.latencyMs);
  await db
    .insert(taxSandboxRequests)
    .values({
      requestId: crypto.randomUUID(),
      tenantId: req.tenantId,
      orderNo: req.orderNo,
      payload: req,
      readyAt,
    })
    .onConflictDoNothing({ target: [taxSandboxRequests.tenantId, taxSandboxRequests.orderNo] });
  const [row] = await db
    .select({ requestId: taxSandboxRequests.requestId })
    .from(taxSandboxRequests)
    .where(and(eq(taxSandboxRequests.tenantId, req.tenantId), eq(taxSandboxRequests.orderNo, req.orderNo)));
  return { requestId: row.requestId };
}

function toResult(row: RequestRow, issuedAt?: Date): IssueResult {
  if (row.status === 'issued') {
    const at = issuedAt ?? row.updatedAt;
    return { status: 'issued', number: row.invoiceNumber!, issuedAt: at, issueDate: shanghaiDate(at) };
  }
  if (row.status === 'failed')
    return { status: 'failed', code: row.failureCode as 'bureau_rejected', message: row.failureMessage! };
  return { status: 'pending' };
}

/** The result once the latency has passed; the bureau's work happens on the first query after that. */
export async function queryIssueResult(
  db: Db,
  opts: SandboxOptions,
  requestId: string,
): Promise<IssueResult> {
  const [row] = await db.select().from(taxSandboxRequests).where(eq(taxSandboxRequests.requestId, requestId));
  if (!row) return { status: 'failed', code: 'unknown_request', message: '开票请求不存在' };
  if (row.status !== 'pending') return resultOf(db, row);
  if (opts.now() < row.readyAt) return { status: 'pending' };
  return processRequest(db, opts, requestId);
}

async function resultOf(db: Db, row: RequestRow): Promise<IssueResult> {
  if (row.status !== 'issued') return toResult(row);
  const [inv] = await db
    .select({ issuedAt: taxSandboxInvoices.issuedAt })
    .from(taxSandboxInvoices)
    .where(eq(taxSandboxInvoices.requestId, row.requestId));
  return toResult(row, inv?.issuedAt);
}

/**
 * One transaction: lock the request, check, take credit, allocate the number, record the invoice. Every
 * refusal is decided before the sequence is touched, so a failed issue never consumes a number (§2.1).
 */
async function processRequest(db: Db, opts: SandboxOptions, requestId: string): Promise<IssueResult> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [row] = await tx
      .select()
      .from(taxSandboxRequests)
      .where(eq(taxSandboxRequests.requestId, requestId))
      .for('update');
    if (row.status !== 'pending') return resultOf(tx, row);
    const req = row.payload as IssueRequest;
    const now = opts.now();
    const month = shanghaiMonth(now);
    const fail = async (r: Refusal | { code: string; message: string }): Promise<IssueResult> => {
      const [done] = await tx
        .update(taxSandboxRequests)
        .set({ status: 'failed', failureCode: r.code, failureMessage: r.message })
        .where(eq(taxSandboxRequests.requestId, requestId))
        .returning();
      return toResult(done);
    };

    const refusal = checkIssueRequest(req, opts.failureRate > 0 && opts.random() < opts.failureRate);
    if (refusal) return fail(refusal);

    let blue: { number: string; creditMonth: string; tenantId: number } | null = null;
    if (req.colour === 'red') {
      const form = await lockRedFormForIssue(tx, req, now);
      if ('code' in form) return fail(form);
      blue = form.blue;
    } else if (!(await consumeCredit(tx, req.tenantId, month, req.totalFen, opts.defaultMonthlyLimitFen))) {
      const line = await readCreditLine(tx, req.tenantId, month, opts.defaultMonthlyLimitFen);
      return fail({
        code: 'credit_exceeded',
        message: `本月授信额度不足：剩余可用额度${formatYuan(line.remainingFen)}元，本张发票价税合计${formatYuan(req.totalFen)}元`,
      });
    }
    // §11.1: credit is per month and cannot cross months, so only a same-month blue invoice's credit comes back.
    if (blue && opts.redRestoresCredit && blue.creditMonth === month)
      await restoreCredit(tx, blue.tenantId, month, -req.totalFen);

    const year = shanghaiYear(now);
    const seq = await allocateSequence(tx, req.seller.creditCode, year);
    const number = formatDigitalNumber(year, regionOf(req.seller.creditCode)!, opts.channelDigit, seq);
    await tx.insert(taxSandboxInvoices).values({
      tenantId: req.tenantId,
      number,
      requestId,
      sellerCreditCode: req.seller.creditCode,
      sellerName: req.seller.name,
      buyerName: req.buyer.name,
      buyerTaxNumber: req.buyer.taxNumber ?? null,
      invoiceType: req.type,
      colour: req.colour,
      amountFen: req.amountFen,
      taxFen: req.taxFen,
      totalFen: req.totalFen,
      issueDate: shanghaiDate(now),
      issuedAt: now,
      blueNumber: blue?.number ?? null,
      creditMonth: month,
      payload: req,
    });
    if (req.colour === 'red') await markRedFormUsed(tx, req.redFormNo!, number);
    const [done] = await tx
      .update(taxSandboxRequests)
      .set({ status: 'issued', invoiceNumber: number })
      .where(eq(taxSandboxRequests.requestId, requestId))
      .returning();
    return toResult(done, now);
  });
}
