import { type Db, invoices } from '@fpy/db';
import { and, eq } from 'drizzle-orm';

/**
 * Marks an invoice as the one a batch created for its group (invoice-batch counts its progress from these
 * columns). Invoicing is the one writer of `invoices` (issue 29 §4); the batch asks here.
 */
export async function linkToBatch(
  db: Db,
  invoice: { id: number; tenantId: number },
  batchId: number,
  batchRow: number,
) {
  await db
    .update(invoices)
    .set({ batchId, batchRow })
    .where(and(eq(invoices.id, invoice.id), eq(invoices.tenantId, invoice.tenantId)));
}
