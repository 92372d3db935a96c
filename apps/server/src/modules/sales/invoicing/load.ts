import { type Db, invoices } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import { notFound } from '../../../lib/errors.ts';

export async function loadInvoice(db: Db, tenantId: number, id: number) {
  const [inv] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.tenantId, tenantId)));
  if (!inv) throw notFound('NOT_FOUND.invoice');
  return inv;
}
