import { invoiceLines, invoices, redLetterForms, rowFromJson, runStatement } from '@fpy/db';
import type { InvoiceType, PreferentialPolicy, TaxRate } from '@fpy/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { IssueRequest } from '../../../../gateways/tax-bureau/gateway.ts';
import { claimReady } from '../claim-statement.ts';
import { loadInvoice } from '../load.ts';
import type { GatewayCtx } from '../../../../http/verb-ctx.ts';

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
  // Of two workers racing here one claims it; the other reads it and (at most) resubmits the same orderNo.
  const claimed = await claimReady(ctx.db, ctx, input);
  const inv = claimed?.invoice ?? (await loadInvoice(ctx.db, input.tenantId, input.id));
  if (inv.status !== 'issuing' || inv.requestId) return inv;

  const lines =
    claimed?.lines ??
    (await ctx.db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, inv.id))
      .orderBy(asc(invoiceLines.lineNo)));
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
  const request = requestOf(inv, lines, redFormNo);
  const { requestId } = await ctx.gateway.submitIssue(request);
  // Only the attempt that submitted may record its requestId.
  const [stored] = await runStatement<{ invoice: Record<string, unknown> }>(ctx.db, STORE_REQUEST, [
    inv.id,
    inv.tenantId,
    inv.issueAttempt,
    requestId,
  ]);
  return stored ? rowFromJson(invoices, stored.invoice) : loadInvoice(ctx.db, inv.tenantId, inv.id);
}

type Line = typeof invoiceLines.$inferSelect;

/** What the bureau is sent for one attempt of an invoice. */
export function requestOf(inv: Invoice, lines: Line[], redFormNo?: string | null): IssueRequest {
  return {
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
      ...(l.policy ? { policy: l.policy as PreferentialPolicy } : {}),
    })),
    ...(redFormNo ? { redFormNo } : {}),
  };
}

const STORE_REQUEST = {
  name: 'invoice_store_request',
  text: `UPDATE invoices SET request_id = $4, updated_at = now()
  WHERE id = $1 AND tenant_id = $2 AND status = 'issuing' AND issue_attempt = $3
  RETURNING to_jsonb(invoices) AS invoice`,
};
