import type { CreateInvoiceBody } from '@fpy/contracts';
import { type Db, invoiceLines, invoices, tenants } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import { notFound } from '../../../lib/errors.ts';
import { recompute } from '../recompute.ts';
import { recordEvent } from '../transition.ts';
import { issuingTenant, type VerbCtx } from '../verb-ctx.ts';

type Invoice = typeof invoices.$inferSelect;

/**
 * Saves a draft. Idempotent on (tenant, clientSerial): INSERT … ON CONFLICT DO NOTHING, and when nothing was
 * inserted the first invoice is read back — under concurrency the loser's INSERT waits for the winner's commit
 * and then reads its row, so a serial never yields two invoices.
 */
export async function createDraft({
  ctx,
  input,
}: {
  ctx: VerbCtx;
  input: CreateInvoiceBody;
}): Promise<{ invoice: Invoice; created: boolean }> {
  const tenantId = issuingTenant(ctx);
  const calc = recompute(input);
  const [seller] = await ctx.db.select().from(tenants).where(eq(tenants.id, tenantId));
  if (!seller) throw notFound('企业不存在');
  return ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const b = input.buyer;
    const [row] = await tx
      .insert(invoices)
      .values({
        tenantId,
        clientSerial: input.clientSerial,
        type: input.type,
        colour: 'blue',
        pricingMode: input.pricingMode,
        sellerName: seller.name,
        sellerCreditCode: seller.creditCode,
        sellerAddress: seller.address,
        sellerPhone: seller.phone,
        sellerBank: seller.bank,
        sellerAccount: seller.account,
        buyerName: b.name,
        buyerTaxNumber: b.taxNumber?.toUpperCase() || null,
        buyerAddress: b.address ?? null,
        buyerPhone: b.phone ?? null,
        buyerBank: b.bank ?? null,
        buyerAccount: b.account ?? null,
        buyerEmail: b.email ?? null,
        buyerNaturalPerson: b.naturalPerson ? 1 : 0,
        remarks: input.remarks ?? null,
        drawer: input.drawer || ctx.actor!.name,
        payee: input.payee ?? null,
        reviewer: input.reviewer ?? null,
        amountFen: calc.totals.amount,
        taxFen: calc.totals.tax,
        totalFen: calc.totals.total,
        status: 'draft',
        createdBy: ctx.actor!.userId,
      })
      .onConflictDoNothing({ target: [invoices.tenantId, invoices.clientSerial] })
      .returning();
    if (!row) {
      const [first] = await tx
        .select()
        .from(invoices)
        .where(and(eq(invoices.tenantId, tenantId), eq(invoices.clientSerial, input.clientSerial)));
      return { invoice: first, created: false };
    }
    await tx.insert(invoiceLines).values(
      calc.lines.map((l, i) => {
        const src = input.lines[i];
        return {
          tenantId,
          invoiceId: row.id,
          lineNo: l.lineNo,
          kind: l.kind,
          name: src.name,
          taxCode: src.taxCode ?? null,
          spec: src.spec ?? null,
          unit: src.unit ?? null,
          quantity: l.quantity ?? null,
          unitPrice: l.unitPrice ?? null,
          unitPriceExclusive: l.unitPriceExclusive ?? null,
          rate: l.rate,
          policy: l.policy ?? null,
          amountFen: l.amount,
          taxFen: l.tax,
          amountInclusiveFen: l.amountInclusive,
          deductionFen: l.deduction ?? null,
        };
      }),
    );
    await recordEvent(tx, ctx, row, null, 'draft', null);
    return { invoice: row, created: true };
  });
}
