import { type Db, invoiceLines, invoices } from '@fpy/db';
import type { InvoiceType, TaxRate } from '@fpy/domain';
import { and, asc, eq } from 'drizzle-orm';
import { notFound } from '../../../lib/errors.ts';
import { type FaceData, hasFiles } from './face.ts';

export * from './face.ts';

/** The invoice of a tenant with its lines; not found when it is missing or has no number (so no files). */
export async function loadFaceData(db: Db, tenantId: number, invoiceId: number): Promise<FaceData> {
  const [inv] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.tenantId, tenantId)))
    .limit(1);
  if (!inv) throw notFound('NOT_FOUND.invoice');
  if (!hasFiles(inv)) throw notFound('INVOICE_FILE_NOT_AVAILABLE');
  const lines = await db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, inv.id))
    .orderBy(asc(invoiceLines.lineNo));
  return {
    invoice: { ...inv, type: inv.type as InvoiceType, number: inv.number!, issuedAt: inv.issuedAt! },
    lines: lines.map((l) => ({ ...l, rate: l.rate as TaxRate })),
  };
}
