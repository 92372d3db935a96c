import { invoices, runStatement, type Statement } from '@fpy/db';
import { hasFilesStatus } from '@fpy/domain';
import { inArray } from 'drizzle-orm';
import type { IssueResult } from '../../../../gateways/tax-bureau/gateway.ts';
import { claimReadyBlue } from '../claim-statement.ts';
import type { InvoiceIssuedPayload } from '../events.ts';
import { hasMovedHooks, issuedJobNames, runMovedHooks } from '../hooks.ts';
import { withTransaction } from '../../../../lib/write/index.ts';
import { eventValues } from '../transition.ts';
import type { GatewayCtx } from '../../../../http/verb-ctx.ts';
import { issue, requestOf } from './issue.ts';
import { settle } from './settle.ts';

type Ref = { tenantId: number; id: number };

const SETTLE_MANY: Statement = {
  name: 'invoice_settle_many',
  text: `
WITH r AS (
  SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(id int, tenant_id int, attempt int, request_id text,
    status text, number text, issued_at timestamptz, check_code text, failure_code text, failure_reason text)
), u AS (
  UPDATE invoices i SET status = r.status, request_id = r.request_id, updated_at = now(),
    number = CASE WHEN r.status = 'issued' THEN r.number ELSE i.number END,
    issued_at = CASE WHEN r.status = 'issued' THEN r.issued_at ELSE i.issued_at END,
    check_code = CASE WHEN r.status = 'issued' THEN r.check_code ELSE i.check_code END,
    failure_code = CASE WHEN r.status = 'issuing' THEN i.failure_code ELSE r.failure_code END,
    failure_reason = CASE WHEN r.status = 'issuing' THEN i.failure_reason ELSE r.failure_reason END
  FROM r
  WHERE i.id = r.id AND i.tenant_id = r.tenant_id AND i.status = 'issuing' AND i.issue_attempt = r.attempt
    AND (i.request_id IS NULL OR i.request_id = r.request_id)
  RETURNING i.id, i.tenant_id, i.status, r.failure_reason
), e AS (
  INSERT INTO invoice_events (tenant_id, invoice_id, from_status, to_status, actor_id, actor_name, ip, reason)
  SELECT tenant_id, id, 'issuing', status, $2::int, $3::text, $4::text, failure_reason FROM u
  WHERE status <> 'issuing'
)
SELECT id, tenant_id, status FROM u`,
};

/** The settle row of one claimed invoice: issued, refused, or (still pending) only its requestId stored. */
function settleRow(
  inv: { id: number; tenantId: number; issueAttempt: number },
  requestId: string,
  r: IssueResult,
) {
  const base = { id: inv.id, tenant_id: inv.tenantId, attempt: inv.issueAttempt, request_id: requestId };
  if (r.status === 'issued')
    return {
      ...base,
      status: 'issued',
      number: r.number,
      issued_at: r.issuedAt.toISOString(),
      check_code: r.checkCode ?? null,
      failure_code: null,
      failure_reason: null,
    };
  if (r.status === 'failed')
    return { ...base, status: 'failed', failure_code: r.code, failure_reason: r.message };
  return { ...base, status: 'issuing' };
}

const keyOf = (r: Ref) => `${r.tenantId}|${r.id}`;
const asError = (err: unknown) => (err instanceof Error ? err : new Error(String(err)));

/** One invoice the way the single issue job does it: submit if not yet submitted, then settle. */
async function issueOne(ctx: GatewayCtx, input: Ref): Promise<Error | null> {
  try {
    const submitted = await issue({ ctx, input });
    const { pending } = await settle({ ctx, input, known: submitted });
    return pending ? new Error('税局尚未返回开具结果') : null;
  } catch (err) {
    return asError(err);
  }
}

/**
 * The issue job for many invoices at once. The ready blue ones take four round trips together — claimed
 * (ready → issuing, audited) in one statement, submitted to the bureau in one call, queried in one call, and
 * settled in one statement — instead of about ten each. Everything else (red invoices, interrupted attempts,
 * answers still pending) goes the single way, which resolves a lost answer by querying or by resubmitting
 * the same orderNo, never by issuing again. Answers, per ref, null when done or the error to retry it with.
 */
export async function issueMany(ctx: GatewayCtx, refs: Ref[]): Promise<(Error | null)[]> {
  const outcome = new Map<string, Error | null>();
  const claimed = await claimReadyBlue(ctx.db, ctx, refs);
  if (claimed.length) {
    try {
      const submitted = await ctx.gateway.submitIssues(claimed.map((c) => requestOf(c.invoice, c.lines)));
      const results = await ctx.gateway.queryIssueResults(submitted.map((s) => s.requestId));
      const ev = eventValues(ctx, refs[0], 'issuing', 'issued', null);
      const settleAll = (db: typeof ctx.db) =>
        runStatement<{ id: number; tenant_id: number; status: string }>(db, SETTLE_MANY, [
          JSON.stringify(claimed.map((c, i) => settleRow(c.invoice, submitted[i].requestId, results[i]))),
          ev.actorId,
          ev.actorName,
          ev.ip,
        ]);
      // One statement; with moved hooks (webhooks) a transaction holding it and what the hooks write.
      const moved = hasMovedHooks()
        ? await withTransaction(ctx, async (tx) => {
            const rows = await settleAll(tx);
            await runMovedHooks(
              tx,
              ctx,
              rows
                .filter((m) => m.status !== 'issuing')
                .map((m) => ({
                  id: m.id,
                  tenantId: m.tenant_id,
                  from: 'issuing',
                  to: m.status,
                  colour: 'blue',
                })),
            );
            return rows;
          })
        : await settleAll(ctx.db);
      const status = new Map(moved.map((m) => [keyOf({ tenantId: m.tenant_id, id: m.id }), m.status]));
      // Asked for together, so a queue on Redis adds them as one pack (jobs/bull-packs.ts).
      await Promise.all(
        claimed
          .filter(({ invoice }) => status.get(keyOf(invoice)) === 'issued')
          .flatMap(({ invoice }) => {
            const payload: InvoiceIssuedPayload = { tenantId: invoice.tenantId, invoiceId: invoice.id };
            return issuedJobNames(invoice).map((name) =>
              ctx.jobs.enqueue(name, payload, { attempts: 5, backoffMs: 500 }),
            );
          }),
      );
      for (const { invoice } of claimed) {
        const key = keyOf(invoice);
        const now = status.get(key);
        // Refused: the invoice shows 开具失败 with the bureau's reason. Still pending: retried, then queried.
        // Not moved at all: someone else moved it first; the single way reads where it stands.
        if (now === 'issued' || now === 'failed') outcome.set(key, null);
        else if (now === 'issuing') outcome.set(key, new Error('税局尚未返回开具结果'));
        else outcome.set(key, await issueOne(ctx, invoice));
      }
    } catch (err) {
      // The claimed invoices are in issuing, perhaps without a stored requestId: each retry resubmits its
      // attempt's orderNo, which the bureau answers with the first requestId.
      for (const { invoice } of claimed) outcome.set(keyOf(invoice), asError(err));
    }
  }
  // The rest in one read: an invoice already past issuing (a job run twice — resumption, the stuck sweep, a
  // second pack) is done at once; only those still in ready or issuing go the single way.
  const rest = refs.filter((r) => !outcome.has(keyOf(r)));
  if (rest.length) {
    const rows = await ctx.db
      .select({ id: invoices.id, tenantId: invoices.tenantId, status: invoices.status })
      .from(invoices)
      .where(
        inArray(
          invoices.id,
          rest.map((r) => r.id),
        ),
      );
    // Only states an issue can no longer change count as done: a draft or one under review waits for its
    // submission, and a failed one may be retried (failed → issuing) — those go the single way as before.
    for (const row of rows) if (hasFilesStatus(row.status)) outcome.set(keyOf(row), null);
  }
  const out: (Error | null)[] = [];
  for (const ref of refs) {
    const key = keyOf(ref);
    if (!outcome.has(key)) outcome.set(key, await issueOne(ctx, ref));
    out.push(outcome.get(key) ?? null);
  }
  return out;
}
