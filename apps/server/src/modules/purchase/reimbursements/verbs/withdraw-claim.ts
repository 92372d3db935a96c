import { type Db, expenseClaimInvoices, expenseClaims } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import type { AuthedCtx } from '../../../../http/context.ts';
import { businessError, notFound } from '../../../../lib/errors.ts';
import { emitAudit, withTransaction } from '../../../../lib/write/index.ts';
import { ownTenant } from '../../checks/index.ts';
import { claimView } from '../views.ts';

/**
 * 撤回报销单: the claimant (or the company's administrator) withdraws a submitted claim; its invoices are let go and
 * may be reimbursed again. Conditional on the state, so two withdrawals change it once.
 */
export async function withdrawClaim(ctx: AuthedCtx, id: number, reason: string) {
  const tenantId = ownTenant(ctx.actor);
  return withTransaction(ctx, async (tx: Db) => {
    const [claim] = await tx
      .select()
      .from(expenseClaims)
      .where(and(eq(expenseClaims.id, id), eq(expenseClaims.tenantId, tenantId)));
    if (!claim) throw notFound();
    const admin = ctx.actor.isSuperAdmin > 0;
    if (claim.state !== 'submitted' || (!admin && claim.claimantId !== ctx.actor.userId))
      throw businessError('CLAIM_NOT_WITHDRAWABLE');
    const [updated] = await tx
      .update(expenseClaims)
      .set({ state: 'withdrawn' })
      .where(and(eq(expenseClaims.id, id), eq(expenseClaims.state, 'submitted')))
      .returning();
    if (!updated) throw businessError('CLAIM_NOT_WITHDRAWABLE');
    const released = await tx
      .delete(expenseClaimInvoices)
      .where(eq(expenseClaimInvoices.claimId, id))
      .returning({ invoiceKey: expenseClaimInvoices.invoiceKey });
    await emitAudit(tx, ctx, {
      tenantId,
      resource: 'expenseClaim',
      recordId: id,
      action: 'withdraw',
      changes: { reason, released: released.map((r) => r.invoiceKey) },
    });
    return claimView(updated, 0);
  });
}
