import { type Db, receivedInvoiceChanges, receivedInvoices } from '@fpy/db';
import { and, asc, eq } from 'drizzle-orm';
import { receivedInvoiceKey } from './key.ts';

export type ReceivedInvoiceRow = typeof receivedInvoices.$inferSelect;
export type ReceivedInvoiceChangeRow = typeof receivedInvoiceChanges.$inferSelect;

/** One received invoice of the tenant, or null (another tenant's id reads as absent). */
export async function getReceived(db: Db, tenantId: number, id: number): Promise<ReceivedInvoiceRow | null> {
  const [row] = await db
    .select()
    .from(receivedInvoices)
    .where(and(eq(receivedInvoices.tenantId, tenantId), eq(receivedInvoices.id, id)));
  return row ?? null;
}

/** By invoice key: a string key, or { code?, number } (数电 number / legacy code + number). */
export async function findReceivedByKey(
  db: Db,
  tenantId: number,
  key: string | { code?: string | null; number: string },
): Promise<ReceivedInvoiceRow | null> {
  const k = typeof key === 'string' ? key.trim() : receivedInvoiceKey(key);
  const [row] = await db
    .select()
    .from(receivedInvoices)
    .where(and(eq(receivedInvoices.tenantId, tenantId), eq(receivedInvoices.invoiceKey, k)));
  return row ?? null;
}

/** The tenant's received invoices issued in 属期 `period` (yyyyMM), by issue date. */
export function listReceivedForPeriod(
  db: Db,
  tenantId: number,
  period: string,
): Promise<ReceivedInvoiceRow[]> {
  return db
    .select()
    .from(receivedInvoices)
    .where(and(eq(receivedInvoices.tenantId, tenantId), eq(receivedInvoices.period, period)))
    .orderBy(asc(receivedInvoices.issueDate), asc(receivedInvoices.id));
}

/** The history of one received invoice, oldest first. */
export function receivedChanges(db: Db, tenantId: number, id: number): Promise<ReceivedInvoiceChangeRow[]> {
  return db
    .select()
    .from(receivedInvoiceChanges)
    .where(
      and(eq(receivedInvoiceChanges.tenantId, tenantId), eq(receivedInvoiceChanges.receivedInvoiceId, id)),
    )
    .orderBy(asc(receivedInvoiceChanges.id));
}
