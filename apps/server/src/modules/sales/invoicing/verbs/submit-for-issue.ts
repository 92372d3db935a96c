import { invoiceStatusText } from '@fpy/contracts';
import { issuingTenant } from '../issuing-tenant.ts';
import { invoices, tenants } from '@fpy/db';
import { InvoiceMethod } from '@fpy/domain';
import { and, eq } from 'drizzle-orm';
import { businessError, notFound } from '../../../../lib/errors.ts';
import { transition } from '../transition.ts';
import type { VerbCtx } from '../../../../http/verb-ctx.ts';
import { withTransaction } from '../../../../lib/write/index.ts';

export const ISSUE_JOB = 'invoice.issue';

/**
 * draft → ready, or → pending_review when the tenant issues through 预开 (invoiceMethod 0: finance audits
 * first). A ready invoice is handed to the issue job after the commit, never inside the transaction.
 */
export async function submitForIssue({ ctx, input }: { ctx: VerbCtx; input: { id: number } }) {
  const tenantId = issuingTenant(ctx);
  const row = await withTransaction(ctx, async (tx) => {
    const [inv] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, input.id), eq(invoices.tenantId, tenantId)));
    if (!inv) throw notFound('NOT_FOUND.invoice');
    if (inv.status !== 'draft')
      throw businessError('INVOICE_NOT_DRAFT.submit', { status: invoiceStatusText(inv.status) });
    const [t] = await tx.select({ m: tenants.invoiceMethod }).from(tenants).where(eq(tenants.id, tenantId));
    const to = t?.m === InvoiceMethod.PreIssue ? 'pending_review' : 'ready';
    return transition(tx, ctx, inv, 'draft', to);
  });
  if (row.status === 'ready') await enqueueIssue(ctx, row);
  return row;
}

export async function enqueueIssue(ctx: Pick<VerbCtx, 'jobs'>, inv: { id: number; tenantId: number }) {
  await ctx.jobs.enqueue(
    ISSUE_JOB,
    { tenantId: inv.tenantId, invoiceId: inv.id },
    { attempts: 8, backoffMs: 250 },
  );
}
