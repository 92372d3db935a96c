import { type Db, invoiceLines, invoices, redLetterForms } from '@fpy/db';
import type { InvoiceType, TaxRate } from '@fpy/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { IssueRequest } from '../../tax-gateway/gateway.ts';
import { loadInvoice } from '../load.ts';
import { isStateChanged, transition } from '../transition.ts';
import type { GatewayCtx } from '../verb-ctx.ts';

type Invoice = typeof invoices.$inferSelect;

/** The gateway's idempotency key of one attempt: resubmitting it answers the first requestId (§10.1). */
export const orderNoOf = (inv: Pick<Invoice, 'tenantId' | 'id' | 'issueAttempt'>) =>
  `FPY-${inv.tenantId}-${inv.id}-${inv.issueAttempt}`;

/**
 * ready → issuing, then the gateway call OUTSIDE the transaction, then the requestId stored.
 * Also finishes an attempt interrupted after the transition (status issuing, no requestId): the orderNo of
 * that attempt is resubmitted, which the gateway answers with the first requestId, so no second invoice
 * can be issued. Anything else (already submitted, issued, failed) is left alone.
 */
export async function issue({ ctx, input }: { ctx: GatewayCtx; input: { tenantId: number; id: number } }) {
  let inv = await loadInvoice(ctx.db, input.tenantId, input.id);
  if (inv.status === 'ready') {
    const ready = inv;
    // Two workers may race here: one moves it, the other re-reads and (at most) resubmits the same orderNo.
    inv = await ctx.db
      .transaction((tx) =>
        transition(tx as unknown as Db, ctx, ready, 'ready', 'issuing', {
          set: { issueAttempt: ready.issueAttempt + 1, requestId: null },
        }),
      )
      .catch(async (err) => {
        if (!isStateChanged(err)) throw err;
        return loadInvoice(ctx.db, ready.tenantId, ready.id);
      });
  }
  if (inv.status !== 'issuing' || inv.requestId) return inv;

  const lines = await ctx.db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, inv.id))
    .orderBy(asc(invoiceLines.lineNo));
  // Red invoices name the 确认单 authorising them (§6.1); the bureau refuses a red invoice without one.
  const redFormNo =
    inv.colour === 'red' && inv.redFormId
      ? (
          await ctx.db
            .select({ formNo: redLetterForms.formNo })
            .from(redLetterForms)
            .where(and(eq(redLetterForms.id, inv.redFormId), eq(redLetterForms.tenantId, inv.tenantId)))
        )[0]?.formNo
      : null;
  const request: IssueRequest = {
    tenantId: inv.tenantId,
    orderNo: orderNoOf(inv),
    type: inv.type as InvoiceType,
    colour: inv.colour as 'blue' | 'red',
    seller: { name: inv.sellerName, creditCode: inv.sellerCreditCode },
    buyer: { name: inv.buyerName, ...(inv.buyerTaxNumber ? { taxNumber: inv.buyerTaxNumber } : {}) },
    amountFen: inv.amountFen,
    taxFen: inv.taxFen,
    totalFen: inv.totalFen,
    lines: lines.map((l) => ({
      name: l.name,
      ...(l.taxCode ? { taxCode: l.taxCode } : {}),
      amountFen: l.amountFen,
      taxFen: l.taxFen,
      rate: l.rate as TaxRate,
    })),
    ...(redFormNo ? { redFormNo } : {}),
  };
  const { requestId } = await ctx.gateway.submitIssue(request);
  // Only the attempt that submitted may record its requestId.
  const [stored] = await ctx.db
    .update(invoices)
    .set({ requestId, updatedAt: new Date() })
    .where(
      and(
        eq(invoices.id, inv.id),
        eq(invoices.status, 'issuing'),
        eq(invoices.issueAttempt, inv.issueAttempt),
      ),
    )
    .returning();
  return stored ?? loadInvoice(ctx.db, inv.tenantId, inv.id);
}
