import type { InvoiceFileFormat } from '@fpy/contracts';
import type { Db } from '@fpy/db';
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
