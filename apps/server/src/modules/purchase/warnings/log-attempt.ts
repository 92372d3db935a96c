import { type Db, purchaseWarnings } from '@fpy/db';
import type { AuthedCtx } from '../../../http/context.ts';
import { emitAudit, withTransaction } from '../../../lib/write/index.ts';

export interface DuplicateAttempt {
  invoiceKey: string;
  number: string;
  code: string | null;
  sellerName: string | null;
  totalFen: number | null;
  /** The claim that already holds the invoice. */
  claimNo: string;
  heldBy: string;
  heldAt: string;
}

/**
 * Logs a refused second reimbursement (who tried, when, the invoice and the claim that holds it) in its own
 * transaction with its audit row: the refusal itself rolls back the claim, the attempt must stay.
 */
export async function logDuplicateReimbursement(ctx: AuthedCtx, tenantId: number, a: DuplicateAttempt) {
  await withTransaction(ctx, async (tx: Db) => {
    const [row] = await tx
      .insert(purchaseWarnings)
      .values({
        tenantId,
        kind: 'duplicate_reimbursement',
        invoiceKey: a.invoiceKey,
        detail: a,
        actorId: ctx.actor.userId,
        actorName: ctx.actor.name,
      })
      .returning({ id: purchaseWarnings.id });
    await emitAudit(tx, ctx, {
      tenantId,
      resource: 'purchaseWarning',
      recordId: row.id,
      action: 'duplicate_reimbursement',
      changes: { invoiceKey: a.invoiceKey, claimNo: a.claimNo },
    });
  });
}
