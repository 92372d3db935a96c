import { type Db, invoices } from '@fpy/db';
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Services } from '../../../http/context.ts';
import type { TaxGateway } from '../../../gateways/tax-bureau/gateway.ts';
import { type GatewayCtx, systemCtx } from '../../../http/verb-ctx.ts';
import { settle } from './verbs/settle.ts';
import { enqueueIssue } from './verbs/submit-for-issue.ts';

export const STUCK_SWEEP = 'invoicing.stuck';
/** An invoice untouched this long in ready/issuing has lost its job (crash, exhausted retries). */
export const STALE_MS = 2 * 60_000;
/** After this long the bureau is not going to answer soon: stop re-polling through the queue, just watch. */
export const OVERDUE_MS = 24 * 3600_000;
const BATCH = 500;

interface SweepLog {
  warn(obj: object, msg: string): void;
}

export interface SweepResult {
  requeued: number;
  settled: number;
  stillPending: number;
}

/** Every minute: hand invoices stuck in 待开具/开具中 back to the issue job (services.scheduler). */
export function registerInvoicingSweeps(
  services: Services,
  gatewayFor: (db: Db) => TaxGateway,
  log: SweepLog,
) {
  services.scheduler.every(STUCK_SWEEP, 60_000, async (now) => {
    await sweepStuckInvoices(systemCtx(services.db, services.jobs, gatewayFor(services.db)), now, log);
  });
}

/**
 * Re-enqueues the issue job of every invoice in ready or issuing whose last change is older than STALE_MS.
 * Safe to run anywhere, any number of times: issue resubmits only the same attempt's orderNo (the bureau
 * answers the first requestId) and settle only queries, so no invoice is ever issued twice; an identical
 * job still waiting absorbs the new one (JobQueue dedup).
 *
 * An invoice in issuing for more than OVERDUE_MS with a requestId is queried once per sweep instead; if the
 * bureau still answers pending it is left in issuing and logged for an operator.
 */
export async function sweepStuckInvoices(ctx: GatewayCtx, now: Date, log: SweepLog): Promise<SweepResult> {
  const stale = new Date(now.getTime() - STALE_MS);
  const overdue = new Date(now.getTime() - OVERDUE_MS);
  const cols = { id: invoices.id, tenantId: invoices.tenantId, updatedAt: invoices.updatedAt };
  const result: SweepResult = { requeued: 0, settled: 0, stillPending: 0 };

  const requeue = await ctx.db
    .select(cols)
    .from(invoices)
    .where(
      and(
        inArray(invoices.status, ['ready', 'issuing']),
        lt(invoices.updatedAt, stale),
        // Overdue ones with a requestId are handled below, by a direct query; without one the attempt was
        // interrupted before the bureau answered and issue resubmits its orderNo.
        or(eq(invoices.status, 'ready'), gte(invoices.updatedAt, overdue), isNull(invoices.requestId)),
      ),
    )
    .orderBy(asc(invoices.updatedAt))
    .limit(BATCH);
  // Asked for together, so a queue on Redis adds them as packs (jobs/bull-packs.ts).
  await Promise.all(requeue.map((inv) => enqueueIssue(ctx, inv)));
  result.requeued = requeue.length;

  const watch = await ctx.db
    .select(cols)
    .from(invoices)
    .where(
      and(eq(invoices.status, 'issuing'), lt(invoices.updatedAt, overdue), isNotNull(invoices.requestId)),
    )
    .orderBy(asc(invoices.updatedAt))
    .limit(BATCH);
  for (const inv of watch) {
    const { pending } = await settle({ ctx, input: { tenantId: inv.tenantId, id: inv.id } });
    if (!pending) {
      result.settled += 1;
      continue;
    }
    result.stillPending += 1;
    log.warn(
      { invoiceId: inv.id, tenantId: inv.tenantId, since: inv.updatedAt },
      'invoice still pending at the tax bureau after 24 h; left in issuing',
    );
  }
  return result;
}
