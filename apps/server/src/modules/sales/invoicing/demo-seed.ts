import { type Db, invoiceEvents, invoices } from '@fpy/db';
import { eq } from 'drizzle-orm';
import type { GatewayCtx } from '../../../http/verb-ctx.ts';
import { issue } from './verbs/issue.ts';
import { settle } from './verbs/settle.ts';

/**
 * What the demo seed (seed/invoice-demo.ts) asks of invoicing, through its face: the issue job's single path
 * without the queue, and the dating of the demo rows (invoicing is the one writer of its tables).
 */

/** Issues a 待开具 invoice at `ctx.gateway` and settles the answer at once, in `ctx`'s transaction. */
export async function issueAndSettleNow(ctx: GatewayCtx, ref: { tenantId: number; id: number }) {
  await issue({ ctx, input: ref });
  return (await settle({ ctx, input: ref })).invoice;
}

/** Seed only: rows written now, dated like the bureau's answer (`at`; created ten minutes before). */
export async function backdateDemoInvoice(tx: Db, invoiceId: number, at: Date) {
  await tx
    .update(invoices)
    .set({ createdAt: new Date(at.getTime() - 10 * 60_000), updatedAt: at })
    .where(eq(invoices.id, invoiceId));
  await tx.update(invoiceEvents).set({ at }).where(eq(invoiceEvents.invoiceId, invoiceId));
}
