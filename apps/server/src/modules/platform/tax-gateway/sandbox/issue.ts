import {
  columnNames,
  type Db,
  rowFromJson,
  rowToJson,
  runStatement,
  type Statement,
  taxSandboxInvoices,
  taxSandboxRequests,
} from '@fpy/db';
import { formatYuan } from '@fpy/domain';
import { eq } from 'drizzle-orm';
import type { IssueRequest, IssueResult } from '../../../../gateways/tax-bureau/gateway.ts';
import { readCreditLine, restoreCredit } from './credit.ts';
import { codeRatesFor } from '../../../sales/tax-codes/index.ts';
import { checkIssueRequest, type Refusal } from './issue-checks.ts';
import { IDENTITY_REFUSAL, pausedTenants } from './identity.ts';
import { allocateSequence, formatDigitalNumber, regionOf } from './numbering.ts';
import { type SandboxOptions, shanghaiDate, shanghaiMonth, shanghaiYear } from './options.ts';
import { lockRedFormForIssue, markRedFormUsed } from './red-forms.ts';
import { withTransaction } from '../../../../lib/write/index.ts';

type RequestRow = typeof taxSandboxRequests.$inferSelect;

function toResult(row: RequestRow, issuedAt?: Date): IssueResult {
  if (row.status === 'issued') {
    const at = issuedAt ?? row.updatedAt;
    return { status: 'issued', number: row.invoiceNumber!, issuedAt: at, issueDate: shanghaiDate(at) };
  }
  if (row.status === 'failed')
    return { status: 'failed', code: row.failureCode as 'bureau_rejected', message: row.failureMessage! };
  return { status: 'pending' };
}

const LOCK_REQUEST: Statement = {
  name: 'sandbox_lock_request',
  text: 'SELECT to_jsonb(r) AS request FROM tax_sandbox_requests r WHERE request_id = $1 FOR UPDATE',
};

/**
 * The result once the latency has passed; the bureau's work happens on the first query after that, in one
 * transaction holding the request's lock, so two pollers never process a request twice.
 */
export async function queryIssueResult(
  db: Db,
  opts: SandboxOptions,
  requestId: string,
): Promise<IssueResult> {
  return withTransaction({ db }, async (tx) => {
    const [locked] = await runStatement<{ request: Record<string, unknown> }>(tx, LOCK_REQUEST, [requestId]);
    if (!locked) return { status: 'failed', code: 'unknown_request', message: '开票请求不存在' };
    const row = rowFromJson(taxSandboxRequests, locked.request);
    if (row.status !== 'pending') return resultOf(tx, row);
    if (opts.now() < row.readyAt) return { status: 'pending' };
    const result = await processRequest(tx, opts, row);
    await processDueBatch(tx, opts, row);
    return result;
  });
}

/** Requests a bureau transaction takes along with the one it was asked about. */
const BATCH = 64;

const DUE_REQUESTS: Statement = {
  name: 'sandbox_due_requests',
  text: `SELECT to_jsonb(r) AS request FROM tax_sandbox_requests r
  WHERE tenant_id = $1 AND status = 'pending' AND request_id <> $2 AND ready_at <= $3::timestamptz
    AND r.payload->>'colour' = 'blue'
  ORDER BY id LIMIT $4
  FOR UPDATE SKIP LOCKED`,
};

/**
 * Like a real bureau working through its queue, the tenant's other due blue requests are issued in the same
 * transaction: the seller's sequence and credit rows are locked until the commit either way, so one commit
 * for many numbers keeps issuers of one seller from queueing on each commit. Requests another transaction
 * holds are skipped (SKIP LOCKED); their own pollers process them. Their pollers then find them done.
 */
async function processDueBatch(tx: Db, opts: SandboxOptions, first: RequestRow) {
  if ((first.payload as IssueRequest).colour === 'red') return;
  const due = await runStatement<{ request: Record<string, unknown> }>(tx, DUE_REQUESTS, [
    first.tenantId,
    first.requestId,
    opts.now().toISOString(),
    BATCH,
  ]);
  const rows = due.map(({ request }) => rowFromJson(taxSandboxRequests, request));
  await processDueBlue(tx, opts, rows, opts.now());
}

export async function resultOf(db: Db, row: RequestRow): Promise<IssueResult> {
  if (row.status !== 'issued') return toResult(row);
  const [inv] = await db
    .select({ issuedAt: taxSandboxInvoices.issuedAt })
    .from(taxSandboxInvoices)
    .where(eq(taxSandboxInvoices.requestId, row.requestId));
  return toResult(row, inv?.issuedAt);
}

/**
 * The checks every request passes first; failure injection draws once per request. The bureau's tax-code table
 * is the national one the product ships (in memory, shared with the database's transactions).
 */
const refusalOf = async (tx: Db, opts: SandboxOptions, req: IssueRequest, paused: ReadonlySet<number>) =>
  checkIssueRequest(req, opts.failureRate > 0 && opts.random() < opts.failureRate, await codeRatesFor(tx)) ??
  (paused.has(req.tenantId) ? IDENTITY_REFUSAL : null);

/** A refusal: the request ends failed, and no number was taken. */
async function failRequest(
  tx: Db,
  requestId: string,
  r: Refusal | { code: string; message: string },
): Promise<IssueResult> {
  const [done] = await tx
    .update(taxSandboxRequests)
    .set({ status: 'failed', failureCode: r.code, failureMessage: r.message })
    .where(eq(taxSandboxRequests.requestId, requestId))
    .returning();
  return toResult(done);
}

/**
 * Inside the request's transaction: check, take credit, allocate the number, record the invoice. Every
 * refusal is decided before the sequence is touched, so a failed issue never consumes a number (§2.1).
 */
export async function processRequest(tx: Db, opts: SandboxOptions, row: RequestRow): Promise<IssueResult> {
  const { requestId } = row;
  const req = row.payload as IssueRequest;
  const now = opts.now();
  const month = shanghaiMonth(now);
  const fail = (r: Refusal | { code: string; message: string }) => failRequest(tx, requestId, r);
  const refusal = await refusalOf(tx, opts, req, await pausedTenants(tx, [req.tenantId]));
  if (refusal) return fail(refusal);
  if (req.colour !== 'red') return issueBlue(tx, opts, row, now);

  const form = await lockRedFormForIssue(tx, req, now);
  if ('code' in form) return fail(form);
  const blue = form.blue;
  // §11.1: credit is per month and cannot cross months, so only a same-month blue invoice's credit comes back.
  if (opts.redRestoresCredit && blue.creditMonth === month)
    await restoreCredit(tx, blue.tenantId, month, -req.totalFen);
  const year = shanghaiYear(now);
  const seq = await allocateSequence(tx, req.seller.creditCode, year);
  const number = formatDigitalNumber(year, regionOf(req.seller.creditCode)!, opts.channelDigit, seq);
  await tx
    .insert(taxSandboxInvoices)
    .values({ ...invoiceValues(req, requestId, now), number, blueNumber: blue.number });
  await markRedFormUsed(tx, req.redFormNo!, number);
  const [done] = await tx
    .update(taxSandboxRequests)
    .set({ status: 'issued', invoiceNumber: number })
    .where(eq(taxSandboxRequests.requestId, requestId))
    .returning();
  return toResult(done, now);
}

function invoiceValues(req: IssueRequest, requestId: string, now: Date) {
  return {
    tenantId: req.tenantId,
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
    creditMonth: shanghaiMonth(now),
    payload: req,
  };
}

const INVOICE_KEYS = Object.keys(invoiceValues({ seller: {}, buyer: {} } as IssueRequest, '', new Date()));
const INVOICE_COLS = columnNames(taxSandboxInvoices, INVOICE_KEYS);

/**
 * Blue issues' writes as one statement, for one request or a seller's whole batch: credit taken for all of
 * them (only within the month's line), the seller's sequence bumped by their count, each invoice recorded
 * under its number (in the batch's order), each request marked issued. The credit and sequence rows stay
 * locked only from this statement to the commit right after it, so issuers of one seller queue briefly.
 */
const ISSUE_BLUE: Statement = {
  name: 'sandbox_issue_blue',
  text: `
WITH c AS (
  UPDATE tax_sandbox_credit_lines SET used_fen = used_fen + $3, updated_at = now()
  WHERE tenant_id = $1 AND month = $2 AND used_fen + $3 <= monthly_limit_fen
  RETURNING tenant_id
), s AS (
  INSERT INTO tax_sandbox_sequences (seller_credit_code, year, last_seq)
  SELECT $4, $5, $7::int FROM c
  ON CONFLICT (seller_credit_code, year) DO UPDATE SET last_seq = tax_sandbox_sequences.last_seq + $7::int
  RETURNING last_seq
), i AS (
  INSERT INTO tax_sandbox_invoices (${INVOICE_COLS.join(', ')}, number)
  SELECT ${INVOICE_COLS.map((c) => `r.${c}`).join(', ')}, $6 || lpad((s.last_seq - $7::int + x.ord)::text, 15, '0')
  FROM s, jsonb_array_elements($8::jsonb) WITH ORDINALITY AS x(item, ord)
  CROSS JOIN LATERAL jsonb_populate_record(NULL::tax_sandbox_invoices, x.item) r
  RETURNING request_id, number
), q AS (
  UPDATE tax_sandbox_requests t SET status = 'issued', invoice_number = i.number, updated_at = now()
  FROM i WHERE t.request_id = i.request_id
  RETURNING 1
)
SELECT (SELECT count(*) FROM tax_sandbox_credit_lines WHERE tenant_id = $1 AND month = $2)::int AS has_line,
  (SELECT last_seq FROM s) AS seq, (SELECT jsonb_object_agg(request_id, number) FROM i) AS numbers`,
};

/**
 * Issues blue requests of one tenant and seller together, in order. Null when the month's credit line cannot
 * take them all (nothing written): the caller decides one by one.
 */
async function issueBlueGroup(
  tx: Db,
  opts: SandboxOptions,
  rows: RequestRow[],
  now: Date,
): Promise<Record<string, string> | null> {
  const reqs = rows.map((r) => r.payload as IssueRequest);
  const { tenantId, seller } = reqs[0];
  const month = shanghaiMonth(now);
  const year = shanghaiYear(now);
  const region = regionOf(seller.creditCode)!;
  const run = async () => {
    const [out] = await runStatement<{
      has_line: number;
      seq: number | string | null;
      numbers: Record<string, string> | null;
    }>(tx, ISSUE_BLUE, [
      tenantId,
      month,
      reqs.reduce((sum, r) => sum + r.totalFen, 0),
      seller.creditCode,
      year,
      formatDigitalNumber(year, region, opts.channelDigit, 1).slice(0, 5),
      rows.length,
      JSON.stringify(
        rows.map((r, i) => rowToJson(taxSandboxInvoices, invoiceValues(reqs[i], r.requestId, now))),
      ),
    ]);
    return out;
  };
  let out = await run();
  if (!out.has_line) {
    // The month's line is created on its first use, with the latest limit set (or the default).
    await readCreditLine(tx, tenantId, month, opts.defaultMonthlyLimitFen);
    out = await run();
  }
  if (!out.numbers) return null;
  // Rolls the whole issue back: the sequence never passes its 15 digits (§2.1).
  formatDigitalNumber(year, region, opts.channelDigit, Number(out.seq));
  return out.numbers;
}

async function issueBlue(tx: Db, opts: SandboxOptions, row: RequestRow, now: Date): Promise<IssueResult> {
  const req = row.payload as IssueRequest;
  const numbers = await issueBlueGroup(tx, opts, [row], now);
  if (!numbers) {
    const line = await readCreditLine(tx, req.tenantId, shanghaiMonth(now), opts.defaultMonthlyLimitFen);
    return failRequest(tx, row.requestId, {
      code: 'credit_exceeded',
      message: `本月授信额度不足：剩余可用额度${formatYuan(line.remainingFen)}元，本张发票价税合计${formatYuan(req.totalFen)}元`,
    });
  }
  return issuedResult(numbers[row.requestId], now);
}

const issuedResult = (number: string, now: Date): IssueResult => ({
  status: 'issued',
  number,
  issuedAt: now,
  issueDate: shanghaiDate(now),
});

/**
 * Due blue requests of a bureau batch, in submission order: the checks first (a refusal takes no number), then
 * each seller's issues in one statement — or, when the month's line cannot take them all, one by one, each
 * taking what is left, as they would have alone.
 */
export async function processDueBlue(tx: Db, opts: SandboxOptions, rows: RequestRow[], now: Date) {
  const results = new Map<string, IssueResult>();
  const bySeller = new Map<string, RequestRow[]>();
  const paused = await pausedTenants(tx, [...new Set(rows.map((r) => r.tenantId))]);
  for (const row of rows) {
    const req = row.payload as IssueRequest;
    const refusal = await refusalOf(tx, opts, req, paused);
    if (refusal) {
      results.set(row.requestId, await failRequest(tx, row.requestId, refusal));
      continue;
    }
    const key = `${req.tenantId}|${req.seller.creditCode}`;
    const group = bySeller.get(key);
    if (group) group.push(row);
    else bySeller.set(key, [row]);
  }
  for (const group of bySeller.values()) {
    const numbers = await issueBlueGroup(tx, opts, group, now);
    for (const row of group)
      results.set(
        row.requestId,
        numbers ? issuedResult(numbers[row.requestId], now) : await issueBlue(tx, opts, row, now),
      );
  }
  return results;
}
