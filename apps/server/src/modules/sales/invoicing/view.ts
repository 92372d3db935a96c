import type { InvoiceDetail } from '@fpy/contracts';
import { type Db, invoiceEvents, invoiceLines, type invoices } from '@fpy/db';
import {
  INVOICE_STATUS_LABELS,
  type InvoiceStatus,
  type InvoiceType,
  type PreferentialPolicy,
  type TaxRate,
} from '@fpy/domain';
import { asc, eq } from 'drizzle-orm';

type Invoice = typeof invoices.$inferSelect;

export function toSummary(inv: Invoice) {
  return {
    id: inv.id,
    tenantId: inv.tenantId,
    clientSerial: inv.clientSerial,
    type: inv.type as InvoiceType,
    pricingMode: inv.pricingMode as 'exclusive' | 'inclusive',
    status: inv.status as InvoiceStatus,
    statusLabel: INVOICE_STATUS_LABELS[inv.status as InvoiceStatus],
    sellerName: inv.sellerName,
    sellerCreditCode: inv.sellerCreditCode,
    buyerName: inv.buyerName,
    buyerTaxNumber: inv.buyerTaxNumber,
    amountFen: inv.amountFen,
    taxFen: inv.taxFen,
    totalFen: inv.totalFen,
    number: inv.number,
    issuedAt: inv.issuedAt?.toISOString() ?? null,
    failureReason: inv.failureReason,
    drawer: inv.drawer,
    createdAt: inv.createdAt.toISOString(),
  };
}

type LineRow = typeof invoiceLines.$inferSelect;
type EventRow = typeof invoiceEvents.$inferSelect;

/** The full reply; `known` skips the reads when the caller just wrote the lines and events. */
export async function toDetail(
  db: Db,
  inv: Invoice,
  known?: { lines?: LineRow[]; events?: EventRow[] },
): Promise<InvoiceDetail> {
  const [lines, events] =
    known?.lines && known.events
      ? [known.lines.sort((a, b) => a.lineNo - b.lineNo), known.events.sort((a, b) => a.id - b.id)]
      : await Promise.all([
          db
            .select()
            .from(invoiceLines)
            .where(eq(invoiceLines.invoiceId, inv.id))
            .orderBy(asc(invoiceLines.lineNo)),
          db
            .select()
            .from(invoiceEvents)
            .where(eq(invoiceEvents.invoiceId, inv.id))
            .orderBy(asc(invoiceEvents.id)),
        ]);
  return {
    ...toSummary(inv),
    colour: inv.colour === 'red' ? 'red' : 'blue',
    blueInvoiceId: inv.blueInvoiceId,
    blueNumber: inv.blueNumber,
    sellerAddress: inv.sellerAddress,
    sellerPhone: inv.sellerPhone,
    sellerBank: inv.sellerBank,
    sellerAccount: inv.sellerAccount,
    buyerEmail: inv.buyerEmail,
    buyerNaturalPerson: inv.buyerNaturalPerson === 1,
    specialLabel: inv.specialLabel,
    departmentId: inv.departmentId,
    checkCode: inv.checkCode,
    remarks: inv.remarks,
    payee: inv.payee,
    reviewer: inv.reviewer,
    buyerAddress: inv.buyerAddress,
    buyerPhone: inv.buyerPhone,
    buyerBank: inv.buyerBank,
    buyerAccount: inv.buyerAccount,
    lines: lines.map((l) => ({
      lineNo: l.lineNo,
      kind: l.kind,
      name: l.name,
      taxCode: l.taxCode,
      spec: l.spec,
      unit: l.unit,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      unitPriceExclusive: l.unitPriceExclusive,
      rate: l.rate as TaxRate,
      policy: (l.policy as PreferentialPolicy | null) ?? null,
      deductionFen: l.deductionFen,
      amountFen: l.amountFen,
      taxFen: l.taxFen,
      amountInclusiveFen: l.amountInclusiveFen,
    })),
    events: events.map((e) => ({
      from: e.fromStatus as InvoiceStatus | null,
      to: e.toStatus as InvoiceStatus,
      actorId: e.actorId,
      actorName: e.actorName,
      ip: e.ip,
      reason: e.reason,
      at: e.at.toISOString(),
    })),
  };
}
