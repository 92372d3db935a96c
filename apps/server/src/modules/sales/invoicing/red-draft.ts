import { type Db, invoiceLines, invoices } from '@fpy/db';

type Invoice = typeof invoices.$inferSelect;

/** The header of a red draft as red-letter builds it from the blue invoice and the form (colour and state are set here). */
export type RedDraftHeader = Omit<typeof invoices.$inferInsert, 'id' | 'colour' | 'status'> & {
  tenantId: number;
  clientSerial: string;
};
/** A red line as red-letter computes it; tenant and invoice come from the header. */
export type RedDraftLine = Omit<typeof invoiceLines.$inferInsert, 'id' | 'tenantId' | 'invoiceId'>;

/**
 * Writes a red invoice in 草稿 with its lines, in red-letter's transaction (invoicing is the one writer of
 * `invoices` and `invoice_lines`, issue 29 §4). Idempotent on (tenant, client serial): when the serial is
 * already taken — a racing request for the same form — nothing is written and the answer is null.
 */
export async function insertRedDraft(
  tx: Db,
  header: RedDraftHeader,
  lines: RedDraftLine[],
): Promise<Invoice | null> {
  const [inv] = await tx
    .insert(invoices)
    .values({ ...header, colour: 'red', status: 'draft' })
    .onConflictDoNothing({ target: [invoices.tenantId, invoices.clientSerial] })
    .returning();
  if (!inv) return null;
  await tx
    .insert(invoiceLines)
    .values(lines.map((l) => ({ ...l, tenantId: inv.tenantId, invoiceId: inv.id })));
  return inv;
}
