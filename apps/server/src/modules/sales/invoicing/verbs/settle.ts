import type { invoices } from '@fpy/db';
import type { InvoiceIssuedPayload } from '../events.ts';
import { hasMovedHooks, issuedJobNames, runRedIssuedHooks } from '../hooks.ts';
import { loadInvoice } from '../load.ts';
import { isStateChanged, transition } from '../transition.ts';
import type { GatewayCtx } from '../../../../http/verb-ctx.ts';
import { withTransaction } from '../../../../lib/write/index.ts';

type Invoice = typeof invoices.$inferSelect;

/**
 * Polls the gateway for an invoice in issuing: issued → number and issuedAt; failed → the bureau's reason;
 * pending → nothing changes (the caller polls again later). A lost answer is resolved here, by querying —
 * never by submitting again.
 */
export async function settle({
  ctx,
  input,
  known,
}: {
  ctx: GatewayCtx;
  input: { tenantId: number; id: number };
  /** The row as the caller just wrote it (the issue job after submitting): saves a read. */
  known?: Invoice;
}) {
  const inv = known ?? (await loadInvoice(ctx.db, input.tenantId, input.id));
  if (inv.status !== 'issuing' || !inv.requestId) return { invoice: inv, pending: false };
  const result = await ctx.gateway.queryIssueResult(inv.requestId);
  if (result.status === 'pending') return { invoice: inv, pending: true };
  // The moved hooks (webhooks) write in the transaction of the move; without hooks a blue move is one statement.
  const inTx = <T>(fn: (db: typeof ctx.db) => Promise<T>) =>
    hasMovedHooks() ? withTransaction(ctx, (tx) => fn(tx)) : fn(ctx.db);
  const move = async () => {
    if (result.status === 'failed')
      return inTx((db) =>
        transition(db, ctx, inv, 'issuing', 'failed', {
          set: { failureCode: result.code, failureReason: result.message },
          reason: result.message,
        }),
      );
    const set = {
      number: result.number,
      issuedAt: result.issuedAt,
      checkCode: result.checkCode ?? null,
      failureCode: null,
      failureReason: null,
    };
    // A blue invoice's move is one statement; a red one also runs the red-issued hooks in the same transaction
    // (red-letter moves its blue invoice to 部分红冲 / 已红冲, §6.1).
    if (inv.colour !== 'red') return inTx((db) => transition(db, ctx, inv, 'issuing', 'issued', { set }));
    return withTransaction(ctx, async (tx) => {
      const issued = await transition(tx, ctx, inv, 'issuing', 'issued', { set });
      await runRedIssuedHooks(tx, ctx, issued);
      return issued;
    });
  };
  // Two pollers may both read the answer; the conditional UPDATE lets one win, the other reads its result.
  let won = true;
  const invoice = await move().catch(async (err) => {
    if (!isStateChanged(err)) throw err;
    won = false;
    return loadInvoice(ctx.db, inv.tenantId, inv.id);
  });
  if (won && invoice.status === 'issued') {
    const payload: InvoiceIssuedPayload = { tenantId: invoice.tenantId, invoiceId: invoice.id };
    await Promise.all(
      issuedJobNames(invoice).map((name) => ctx.jobs.enqueue(name, payload, { attempts: 5, backoffMs: 500 })),
    );
  }
  return { invoice, pending: false };
}
