import { issuingTenant } from '../issuing-tenant.ts';
import { loadInvoice } from '../load.ts';
import { transition } from '../transition.ts';
import type { VerbCtx } from '../../../../http/verb-ctx.ts';
import { enqueueIssue } from './submit-for-issue.ts';
import { withTransaction } from '../../../../lib/write/index.ts';

/**
 * failed → issuing as a new attempt (new orderNo: the failed one is final at the gateway); the submission
 * itself runs in the issue job after the commit.
 */
export async function retry({ ctx, input }: { ctx: VerbCtx; input: { id: number } }) {
  const tenantId = issuingTenant(ctx);
  const inv = await loadInvoice(ctx.db, tenantId, input.id);
  const row = await withTransaction(ctx, (tx) =>
    transition(tx, ctx, inv, 'failed', 'issuing', {
      set: { issueAttempt: inv.issueAttempt + 1, requestId: null, failureCode: null, failureReason: null },
      reason: '重新开具',
    }),
  );
  await enqueueIssue(ctx, row);
  return row;
}
