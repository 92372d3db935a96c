import type { InvoiceQueryRow } from '@fpy/contracts';
import { type Db, invoiceFiles, type invoices } from '@fpy/db';
import { inArray } from 'drizzle-orm';
import { toSummary } from '../view.ts';
import { categoryNames } from './categories.ts';

type Invoice = typeof invoices.$inferSelect;

async function fileFormatsOf(db: Db, list: Invoice[]): Promise<Map<number, string[]>> {
  const formats = new Map<number, string[]>();
  if (!list.length) return formats;
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
  return formats;
}

/**
 * The list row: the summary plus colour, the blue reference of a red invoice, the stored file formats and the
 * 发票分类 name (one query each for the whole page, run together).
 */
export async function toQueryRows(db: Db, list: Invoice[]): Promise<InvoiceQueryRow[]> {
  const [formats, names] = await Promise.all([
    fileFormatsOf(db, list),
    categoryNames(
      db,
      list.map((i) => i.categoryId),
    ),
  ]);
  return list.map((inv) =>
    toQueryRow(inv, formats.get(inv.id) ?? [], inv.categoryId ? (names.get(inv.categoryId) ?? null) : null),
  );
}

export function toQueryRow(
  inv: Invoice,
  fileFormats: string[],
  categoryName: string | null,
): InvoiceQueryRow {
  return {
    ...toSummary(inv),
    colour: inv.colour === 'red' ? 'red' : 'blue',
    blueInvoiceId: inv.blueInvoiceId,
    blueNumber: inv.blueNumber,
    redReason: inv.redReason,
    fileFormats,
    categoryId: inv.categoryId,
    categoryName,
  };
}
