import type { InvoiceQueryRow } from '@fpy/contracts';
import { type Db, invoiceFiles, type invoices } from '@fpy/db';
import { inArray } from 'drizzle-orm';
import { toSummary } from '../view.ts';

type Invoice = typeof invoices.$inferSelect;

/** The list row: the summary plus colour, the blue reference of a red invoice and the stored file formats. */
export async function toQueryRows(db: Db, list: Invoice[]): Promise<InvoiceQueryRow[]> {
  const formats = new Map<number, string[]>();
  if (list.length) {
    const files = await db
      .select({ invoiceId: invoiceFiles.invoiceId, format: invoiceFiles.format })
      .from(invoiceFiles)
      .where(
        inArray(
          invoiceFiles.invoiceId,
          list.map((i) => i.id),
        ),
      );
    for (const f of files) formats.set(f.invoiceId, [...(formats.get(f.invoiceId) ?? []), f.format].sort());
  }
  return list.map((inv) => toQueryRow(inv, formats.get(inv.id) ?? []));
}

export function toQueryRow(inv: Invoice, fileFormats: string[]): InvoiceQueryRow {
  return {
    ...toSummary(inv),
    colour: inv.colour === 'red' ? 'red' : 'blue',
    blueInvoiceId: inv.blueInvoiceId,
    blueNumber: inv.blueNumber,
    redReason: inv.redReason,
    fileFormats,
  };
}
