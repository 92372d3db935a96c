import type { InvoiceFileFormat } from '@fpy/contracts';
import { type Db, invoices, tenants } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import { filesDepsFor, loadOrRender } from './render.ts';

/**
 * The PDF of one invoice for the ZIP download of the query page: the stored file, rendered now when missing.
 * The caller has already scoped `invoiceId` to `tenantId`; a missing or never-issued invoice throws not found.
 */
export async function loadOrRenderPdf(ctx: { db: Db }, tenantId: number, invoiceId: number): Promise<Buffer> {
  const { bytes } = await loadOrRender(ctx.db, filesDepsFor(ctx.db), tenantId, invoiceId, 'pdf');
  return bytes;
}

/**
 * Either layout file of one issued invoice for other modules (delivery's e-mail attachments: PDF and the 数电
 * XML), stored or rendered now; the same scoping and refusals as loadOrRenderPdf.
 */
export async function loadOrRenderFile(
  ctx: { db: Db },
  tenantId: number,
  invoiceId: number,
  format: InvoiceFileFormat,
): Promise<Buffer> {
  const { bytes } = await loadOrRender(ctx.db, filesDepsFor(ctx.db), tenantId, invoiceId, format);
  return bytes;
}

/**
 * A layout file of the invoice a tenant of this product issued, found by the seller's credit code and the invoice
 * number (the purchase side's download of an invoice it received from another tenant); null when no tenant of the
 * product issued it. The receiving tenant's right to the file is the caller's check (the invoice is addressed to it).
 */
export async function issuedFileBySellerNumber(
  ctx: { db: Db },
  sellerCreditCode: string,
  number: string,
  format: InvoiceFileFormat,
): Promise<Buffer | null> {
  const [found] = await ctx.db
    .select({ id: invoices.id, tenantId: invoices.tenantId })
    .from(invoices)
    .innerJoin(tenants, eq(tenants.id, invoices.tenantId))
    .where(and(eq(tenants.creditCode, sellerCreditCode), eq(invoices.number, number)))
    .limit(1);
  return found ? loadOrRenderFile(ctx, found.tenantId, found.id, format) : null;
}
