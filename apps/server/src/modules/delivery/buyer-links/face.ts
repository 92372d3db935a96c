import type { BuyerInvoice, BuyerInvoiceLine, BuyerLinkReply } from '@fpy/contracts';
import { type Db, invoiceLines, invoices } from '@fpy/db';
import { hasFilesStatus } from '@fpy/domain';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { notFound } from '../../../lib/errors.ts';
import { signedFen, signedQuantity } from '../../sales/invoice-files/index.ts';
import { cardBagOffered } from './card-bag.ts';
import { type LinkRow, linkInvoiceIds } from './resolve.ts';

const pick = {
  id: invoices.id,
  type: invoices.type,
  colour: invoices.colour,
  status: invoices.status,
  number: invoices.number,
  issuedAt: invoices.issuedAt,
  sellerName: invoices.sellerName,
  sellerCreditCode: invoices.sellerCreditCode,
  buyerName: invoices.buyerName,
  buyerTaxNumber: invoices.buyerTaxNumber,
  amountFen: invoices.amountFen,
  taxFen: invoices.taxFen,
  totalFen: invoices.totalFen,
  blueNumber: invoices.blueNumber,
};
export type LinkInvoice = { id: number } & Omit<BuyerInvoice, 'redNumbers' | 'downloadable' | 'lines'>;

/**
 * The invoices of a link, read in the link's own tenant only (the link row says which; nothing from the
 * address does). Each keeps its position in the link, so positions stay stable if one of a batch is missing.
 */
export async function linkInvoices(db: Db, link: LinkRow): Promise<LinkInvoice[]> {
  const ids = linkInvoiceIds(link);
  const rows = await db
    .select(pick)
    .from(invoices)
    .where(and(eq(invoices.tenantId, link.tenantId), inArray(invoices.id, ids)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: LinkInvoice[] = [];
  ids.forEach((id, n) => {
    const r = byId.get(id);
    if (!r || !hasFilesStatus(r.status) || !r.number || !r.issuedAt) return;
    out.push({
      ...r,
      n,
      colour: r.colour === 'red' ? 'red' : 'blue',
      status: r.status as BuyerInvoice['status'],
      number: r.number,
      issuedAt: r.issuedAt.toISOString(),
    });
  });
  return out;
}

/** One invoice of the link by position, or the link's 404 when it has no such (shown) invoice. */
export async function linkInvoice(db: Db, link: LinkRow, n: number): Promise<LinkInvoice> {
  const found = (await linkInvoices(db, link)).find((i) => i.n === n);
  if (!found) throw notFound('BUYER_INVOICE_NOT_IN_LINK', { n: n + 1 });
  return found;
}

/**
 * The lines of the link's invoices as their face prints them (the PDF's columns and sign rule), in the link's
 * tenant only; the columns the face does not show (tax code, deduction, kind) are never read.
 */
async function faceLines(db: Db, tenantId: number, list: LinkInvoice[]) {
  const rows = await db
    .select({
      invoiceId: invoiceLines.invoiceId,
      name: invoiceLines.name,
      spec: invoiceLines.spec,
      unit: invoiceLines.unit,
      quantity: invoiceLines.quantity,
      unitPrice: invoiceLines.unitPrice,
      unitPriceExclusive: invoiceLines.unitPriceExclusive,
      amountFen: invoiceLines.amountFen,
      rate: invoiceLines.rate,
      policy: invoiceLines.policy,
      taxFen: invoiceLines.taxFen,
    })
    .from(invoiceLines)
    .where(
      and(
        eq(invoiceLines.tenantId, tenantId),
        inArray(
          invoiceLines.invoiceId,
          list.map((i) => i.id),
        ),
      ),
    )
    .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.lineNo));
  const colourOf = new Map(list.map((i) => [i.id, { colour: i.colour }]));
  const byInvoice = new Map<number, BuyerInvoiceLine[]>();
  for (const { invoiceId, unitPriceExclusive, ...l } of rows) {
    const inv = colourOf.get(invoiceId)!;
    const lines = byInvoice.get(invoiceId) ?? [];
    lines.push({
      ...l,
      quantity: signedQuantity(inv, l.quantity),
      // The face prints the price without tax (a tax-inclusive entry keeps both).
      unitPrice: unitPriceExclusive ?? l.unitPrice,
      amountFen: signedFen(inv, l.amountFen),
      taxFen: signedFen(inv, l.taxFen),
    });
    byInvoice.set(invoiceId, lines);
  }
  return byInvoice;
}

/** The buyer's view of a link: every shown invoice with its lines and the red invoices that reverse it. */
export async function linkReply(db: Db, link: LinkRow): Promise<BuyerLinkReply> {
  const list = await linkInvoices(db, link);
  // A link whose invoices are gone (or never got a number) is as unknown as a code that never existed.
  if (!list.length) throw notFound('BUYER_LINK_UNKNOWN');
  const lines = await faceLines(db, link.tenantId, list);
  const blueIds = list.filter((i) => i.colour === 'blue' && i.status !== 'issued').map((i) => i.id);
  const reds = blueIds.length
    ? await db
        .select({ blueInvoiceId: invoices.blueInvoiceId, number: invoices.number })
        .from(invoices)
        .where(
          and(
            eq(invoices.tenantId, link.tenantId),
            inArray(invoices.blueInvoiceId, blueIds),
            eq(invoices.colour, 'red'),
            isNotNull(invoices.number),
          ),
        )
    : [];
  return {
    kind: link.invoiceIds && link.invoiceIds.length > 1 ? 'batch' : 'single',
    expiresAt: link.expiresAt?.toISOString() ?? null,
    cardBag: await cardBagOffered(db, link, list),
    invoices: list.map(({ id, ...inv }) => ({
      ...inv,
      redNumbers: reds.filter((r) => r.blueInvoiceId === id).map((r) => r.number!),
      downloadable: inv.status !== 'void',
      lines: lines.get(id) ?? [],
    })),
  };
}
