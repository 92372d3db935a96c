import { issuingTenant } from '../issuing-tenant.ts';
import { loadInvoice } from '../load.ts';
import { assertPendingReview, explainLostRace } from '../review/guard.ts';
import { transition } from '../transition.ts';
import type { VerbCtx } from '../../../../http/verb-ctx.ts';
import { withTransaction } from '../../../../lib/write/index.ts';

/**
 * 预开驳回: pending_review → draft with the reason in the audit event; the applicant edits the draft and
 * submits it again from 待开发票, which opens a new review round.
 */
export async function reject({ ctx, input }: { ctx: VerbCtx; input: { id: number; reason: string } }) {
  const tenantId = issuingTenant(ctx);
  return withTransaction(ctx, async (tx) => {
    const inv = await loadInvoice(tx, tenantId, input.id);
    await assertPendingReview(tx, inv);
    return transition(tx, ctx, inv, 'pending_review', 'draft', { reason: input.reason });
  }).catch((err) => explainLostRace(ctx.db, tenantId, input.id, err));
}
