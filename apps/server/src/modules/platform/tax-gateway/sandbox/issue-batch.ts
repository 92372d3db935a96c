import { type Db, rowFromJson, runStatement, type Statement, taxSandboxRequests } from '@fpy/db';
import { and, inArray } from 'drizzle-orm';
import type { IssueRequest, IssueResult } from '../../../../gateways/tax-bureau/gateway.ts';
import { processDueBlue, processRequest, resultOf } from './issue.ts';
import type { SandboxOptions } from './options.ts';
import { withTransaction } from '../../../../lib/write/index.ts';

const SUBMIT_MANY: Statement = {
  name: 'sandbox_submit_issues',
  text: `
WITH r AS (
  SELECT * FROM jsonb_to_recordset($1::jsonb)
    AS r(ord int, request_id text, tenant_id int, order_no text, payload jsonb, ready_at timestamptz)
), ins AS (
  INSERT INTO tax_sandbox_requests (request_id, tenant_id, order_no, payload, ready_at)
  SELECT request_id, tenant_id, order_no, payload, ready_at FROM r ORDER BY ord
  ON CONFLICT (tenant_id, order_no) DO NOTHING
  RETURNING tenant_id, order_no, request_id
)
SELECT r.ord, COALESCE(ins.request_id, t.request_id) AS request_id
FROM r
LEFT JOIN ins ON ins.tenant_id = r.tenant_id AND ins.order_no = r.order_no
LEFT JOIN tax_sandbox_requests t ON ins.request_id IS NULL AND t.tenant_id = r.tenant_id AND t.order_no = r.order_no
ORDER BY r.ord`,
};

/**
 * Stores several requests in one statement and returns at once, in order. An orderNo submitted before answers
 * its first requestId (submitIssue is a batch of one); the bureau takes the new ones in submission order.
 */
export async function submitIssues(db: Db, opts: SandboxOptions, reqs: IssueRequest[]) {
  if (!reqs.length) return [];
  const readyAt = new Date(opts.now().getTime() + opts.latencyMs).toISOString();
  const rows = reqs.map((req, ord) => ({
    ord,
    request_id: crypto.randomUUID(),
    tenant_id: req.tenantId,
    order_no: req.orderNo,
    payload: req,
    ready_at: readyAt,
  }));
  const out = await runStatement<{ ord: number; request_id: string | null }>(db, SUBMIT_MANY, [
    JSON.stringify(rows),
  ]);
  const ids = out.map((o) => o.request_id);
  const missed = reqs.filter((_, i) => !ids[i]);
  if (missed.length) {
    // First submissions of these orderNos committed while the statement ran: its snapshot missed them.
    const found = await db
      .select({
        tenantId: taxSandboxRequests.tenantId,
        orderNo: taxSandboxRequests.orderNo,
        id: taxSandboxRequests.requestId,
      })
      .from(taxSandboxRequests)
      .where(
        and(
          inArray(
            taxSandboxRequests.orderNo,
            missed.map((r) => r.orderNo),
          ),
          inArray(taxSandboxRequests.tenantId, [...new Set(missed.map((r) => r.tenantId))]),
        ),
      );
    const key = (tenantId: number, orderNo: string) => `${tenantId}|${orderNo}`;
    const byKey = new Map(found.map((f) => [key(f.tenantId, f.orderNo), f.id]));
    reqs.forEach((r, i) => {
      ids[i] ??= byKey.get(key(r.tenantId, r.orderNo)) ?? null;
    });
  }
  return ids.map((requestId, i) => {
    if (!requestId) throw new Error(`开票请求未能保存：${reqs[i].orderNo}`);
    return { requestId };
  });
}

const LOCK_REQUESTS: Statement = {
  name: 'sandbox_lock_requests',
  text: `SELECT to_jsonb(r) AS request FROM tax_sandbox_requests r
  WHERE request_id = ANY($1::text[]) ORDER BY id FOR UPDATE`,
};

/**
 * Several results in one transaction: the requests are locked in submission order (two overlapping calls
 * cannot deadlock), the due pending ones are processed as queryIssueResult would — the checks first, then a
 * seller's blue issues in one statement, numbered in submission order — and all commit at once.
 */
export async function queryIssueResults(
  db: Db,
  opts: SandboxOptions,
  requestIds: string[],
): Promise<IssueResult[]> {
  if (!requestIds.length) return [];
  return withTransaction({ db }, async (tx) => {
    const locked = await runStatement<{ request: Record<string, unknown> }>(tx, LOCK_REQUESTS, [requestIds]);
    const rows = locked.map(({ request }) => rowFromJson(taxSandboxRequests, request));
    const now = opts.now();
    const due = rows.filter((r) => r.status === 'pending' && now >= r.readyAt);
    const results = new Map<string, IssueResult>();
    if (due.some((r) => (r.payload as IssueRequest).colour === 'red')) {
      // Red issues share the seller's sequence and touch their blue invoice: one by one, in order.
      for (const row of due) results.set(row.requestId, await processRequest(tx, opts, row));
    } else {
      for (const [id, result] of await processDueBlue(tx, opts, due, now)) results.set(id, result);
    }
    for (const row of rows)
      if (!results.has(row.requestId))
        results.set(
          row.requestId,
          row.status === 'pending' ? { status: 'pending' } : await resultOf(tx, row),
        );
    return requestIds.map(
      (id): IssueResult =>
        results.get(id) ?? { status: 'failed', code: 'unknown_request', message: '开票请求不存在' },
    );
  });
}
