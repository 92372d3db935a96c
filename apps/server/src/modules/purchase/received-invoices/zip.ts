import type { BodyOf, zipReceivedInvoices } from '@fpy/contracts';
import { receivedInvoices } from '@fpy/db';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { zipSync } from 'fflate';
import type { AuthedCtx } from '../../../http/context.ts';
import { badRequest, notFound } from '../../../lib/errors.ts';
import { issuedFileBySellerNumber } from '../../sales/invoice-files/index.ts';
import type { ReceivedInvoiceRow } from './queries.ts';

type Format = 'pdf' | 'xml';

/**
 * The layout files of one received invoice. Issued in the product by another tenant: the seller's own files from the
 * sales side (sales/invoice-files renders them when missing) — the face the seller's customers get. Otherwise the
 * bureau's download for the addressed buyer (the sandbox renders its small PDF and XML). Null when neither has it.
 */
async function fileOf(ctx: AuthedCtx, row: ReceivedInvoiceRow, format: Format): Promise<Uint8Array | null> {
  const own = await issuedFileBySellerNumber({ db: ctx.db }, row.sellerTaxNumber, row.number, format);
  if (own) return own;
  const got = await ctx.taxGatewayFor(ctx.db).downloadReceivedLayout({
    tenantId: row.tenantId,
    buyerTaxNumber: row.buyerTaxNumber,
    sellerCreditCode: row.sellerTaxNumber,
    number: row.number,
    format,
  });
  return got.available ? got.bytes : null;
}

/** 打包下载: the chosen received invoices' PDF and/or XML in one ZIP, `<number>.<ext>`; a README lists what is missing. */
export async function sendReceivedZip(
  ctx: AuthedCtx,
  body: BodyOf<typeof zipReceivedInvoices>,
  reply: FastifyReply,
) {
  const tenantId = ctx.actor.tenantId;
  if (tenantId === null) throw badRequest('TENANT_REQUIRED');
  const ids = [...new Set(body.ids)];
  const rows = await ctx.db
    .select()
    .from(receivedInvoices)
    .where(and(eq(receivedInvoices.tenantId, tenantId), inArray(receivedInvoices.id, ids)));
  if (rows.length !== ids.length) throw notFound('NOT_FOUND.invoices_gone');
  const entries: Record<string, Uint8Array> = {};
  const missing: string[] = [];
  for (const row of rows) {
    for (const format of body.formats) {
      const bytes = await fileOf(ctx, row, format);
      if (bytes) entries[`${row.invoiceKey}.${format}`] = bytes;
      else missing.push(`${row.invoiceKey}.${format}`);
    }
  }
  if (!Object.keys(entries).length) throw badRequest('ZIP_NOTHING_TO_PACK');
  if (missing.length)
    entries['未能下载的文件.txt'] = new TextEncoder().encode(
      `以下文件税局暂未提供：\n${missing.join('\n')}\n`,
    );
  const zip = zipSync(entries, { level: 0 });
  return reply
    .header('content-type', 'application/zip')
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent('进项发票.zip')}`)
    .send(Buffer.from(zip));
}
