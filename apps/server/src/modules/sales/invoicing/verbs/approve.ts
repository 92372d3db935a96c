import { issuingTenant } from '../issuing-tenant.ts';
import { businessError } from '../../../../lib/errors.ts';
import { loadInvoice } from '../load.ts';
import { assertPendingReview, explainLostRace } from '../review/guard.ts';
import { currentApplicant } from '../review/rounds.ts';
import { transition } from '../transition.ts';
import type { VerbCtx } from '../../../../http/verb-ctx.ts';
import { enqueueIssue } from './submit-for-issue.ts';
import { withTransaction } from '../../../../lib/write/index.ts';

/**
 * 预开审核通过: pending_review → ready, then the issue job takes it after the commit — approval issues the
 * invoice. Four-eyes rule: whoever submitted the application cannot approve it (a finance control; the
 * applicant may still withdraw it through a rejection).
 */
export async function approve({ ctx, input }: { ctx: VerbCtx; input: { id: number; note?: string } }) {
  const tenantId = issuingTenant(ctx);
  const row = await withTransaction(ctx, async (tx) => {
    const inv = await loadInvoice(tx, tenantId, input.id);
    await assertPendingReview(tx, inv);
    const applicant = await currentApplicant(tx, inv.id);
    if ((applicant?.actorId ?? inv.createdBy) === ctx.actor!.userId)
      throw businessError('REVIEW_OWN_APPLICATION');
    return transition(tx, ctx, inv, 'pending_review', 'ready', { reason: input.note || '审核通过' });
  }).catch((err) => explainLostRace(ctx.db, tenantId, input.id, err));
  await enqueueIssue(ctx, row);
  return row;
}
