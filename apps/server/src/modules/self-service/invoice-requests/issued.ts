import { type Db, invoiceRequests } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import type { Services } from '../../../http/context.ts';
import { emitAudit, withTransaction } from '../../../lib/write/index.ts';
import { requestDelivery } from '../../delivery/dispatch/index.ts';
import { createShortLink } from '../../delivery/short-links/index.ts';
import type { InvoiceIssuedPayload } from '../../sales/invoicing/index.ts';
import { runSettledHook } from './hooks.ts';

/** Asked for with invoice.issued (sales/invoicing's alsoEnqueueOnIssued): the request behind the invoice ends. */
export const REQUEST_ISSUED_JOB = 'self-service.request-issued';

/**
 * The request that asked for `invoiceId` becomes issued, in one transaction: the conditional move (issuing →
 * issued, so a job run twice changes nothing), the buyer's result link (delivery's short link: the invoice's face
 * and files at /smsDetail?c=<code>), the source's reaction (the order becomes invoiced) and the audit row.
 * Answers the request when it moved.
 */
export async function markIssued(db: Db, tenantId: number, invoiceId: number) {
  return withTransaction({ db }, async (tx) => {
    const [req] = await tx
      .select()
      .from(invoiceRequests)
      .where(
        and(
          eq(invoiceRequests.tenantId, tenantId),
          eq(invoiceRequests.invoiceId, invoiceId),
          eq(invoiceRequests.state, 'issuing'),
        ),
      )
      .for('update');
    if (!req) return null;
    const resultCode = await createShortLink(tx, { tenantId, invoiceIds: [invoiceId], ttlDays: 0 });
    const [moved] = await tx
      .update(invoiceRequests)
      .set({ state: 'issued', issuedAt: new Date(), resultCode })
      .where(and(eq(invoiceRequests.id, req.id), eq(invoiceRequests.state, 'issuing')))
      .returning();
    await runSettledHook(tx, moved, 'issued');
    await emitAudit(
      tx,
      { actor: null, ip: null },
      {
        tenantId,
        resource: 'invoice_requests',
        recordId: req.id,
        action: 'issued',
        changes: { invoiceId, from: 'issuing', to: 'issued' },
      },
    );
    return moved;
  });
}

/** The job: each issued invoice's request ends; a buyer who gave an e-mail gets the invoice there too. */
export async function runRequestIssued(services: Services, items: readonly InvoiceIssuedPayload[]) {
  for (const { tenantId, invoiceId } of items) {
    const req = await markIssued(services.jobsDb, tenantId, invoiceId);
    if (req?.email)
      await requestDelivery({
        ctx: { db: services.jobsDb, jobs: services.jobs, actor: null },
        input: { tenantId, invoiceId, channel: 'email', trigger: 'auto' },
      }).catch(() => undefined); // the invoice is issued either way; delivery's own records show a refusal
  }
}
