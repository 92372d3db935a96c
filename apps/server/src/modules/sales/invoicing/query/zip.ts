import { PassThrough } from 'node:stream';
import { once } from 'node:events';
import { type BodyOf, INVOICE_ZIP_MAX_FILTERED, type zipInvoicePdfs } from '@fpy/contracts';
import { invoices } from '@fpy/db';
import { and, count, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { Zip, ZipPassThrough } from 'fflate';
import { tenantCondition } from '../../../../data/tenant-scope.ts';
import type { AuthedCtx } from '../../../../http/context.ts';
import { badRequest, notFound } from '../../../../lib/errors.ts';
import { invoiceQueryOrder, invoiceQueryWhere } from './filters.ts';
import { pdfLoader } from './pdf-source.ts';

type Invoice = Pick<typeof invoices.$inferSelect, 'id' | 'tenantId' | 'number'>;
const pick = { id: invoices.id, tenantId: invoices.tenantId, number: invoices.number };
/** Stop rendering while this much zip data waits for a slow client. */
const HIGH_WATER = 8 * 1024 * 1024;

/** The invoices to pack, all refusals decided before a byte is sent. */
async function invoicesToPack(ctx: AuthedCtx, body: BodyOf<typeof zipInvoicePdfs>): Promise<Invoice[]> {
  if (body.ids) {
    const ids = [...new Set(body.ids)];
    const rows = await ctx.db
      .select(pick)
      .from(invoices)
      .where(and(tenantCondition(ctx, invoices.tenantId), inArray(invoices.id, ids)));
    if (rows.length !== ids.length) throw notFound('NOT_FOUND.invoices_gone');
    const unissued = rows.filter((r) => !r.number);
    if (unissued.length) throw badRequest('INVOICE_NOT_ISSUED', { count: unissued.length });
    const order = new Map(ids.map((id, i) => [id, i]));
    return rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  }
  // Only issued invoices (they have a number) have a PDF; the rest of the filter is ignored silently.
  const where = and(invoiceQueryWhere(ctx, body.filter!), isNotNull(invoices.number));
  const [{ n }] = await ctx.db.select({ n: count() }).from(invoices).where(where);
  if (Number(n) > INVOICE_ZIP_MAX_FILTERED)
    throw badRequest('ZIP_TOO_MANY_INVOICES', { count: Number(n), max: INVOICE_ZIP_MAX_FILTERED });
  if (Number(n) === 0) throw badRequest('ZIP_NOTHING_TO_PACK');
  return ctx.db
    .select(pick)
    .from(invoices)
    .where(where)
    .orderBy(...invoiceQueryOrder(undefined));
}

/** `<number>.pdf`; a repeated number (legacy numbers are unique only with their code) gets the id appended. */
function entryNames(list: Invoice[]): string[] {
  const seen = new Set<string>();
  return list.map((inv) => {
    const base = inv.number!;
    const name = seen.has(base) ? `${base}_${inv.id}` : base;
    seen.add(base);
    return `${name}.pdf`;
  });
}

/**
 * Streams the ZIP: PDFs are fetched one at a time and stored uncompressed (PDF streams are compressed
 * already), so memory stays flat for 2,000 invoices. The first PDF is fetched before the reply starts, so
 * a broken file service answers with a proper error rather than a truncated archive.
 */
export async function sendInvoiceZip(
  ctx: AuthedCtx,
  body: BodyOf<typeof zipInvoicePdfs>,
  reply: FastifyReply,
) {
  const list = await invoicesToPack(ctx, body);
  const names = entryNames(list);
  const load = await pdfLoader();
  const first = await load(ctx, list[0].tenantId, list[0].id);

  const out = new PassThrough();
  const zip = new Zip((err, chunk, final) => {
    if (err) return out.destroy(err);
    out.write(chunk);
    if (final) out.end();
  });
  const add = (name: string, data: Buffer) => {
    const entry = new ZipPassThrough(name);
    zip.add(entry);
    entry.push(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), true);
  };
  (async () => {
    add(names[0], first);
    for (let i = 1; i < list.length; i++) {
      if (out.destroyed) return; // the client went away
      if (out.writableLength > HIGH_WATER) await Promise.race([once(out, 'drain'), once(out, 'close')]);
      add(names[i], await load(ctx, list[i].tenantId, list[i].id));
    }
    zip.end();
  })().catch((err) => {
    ctx.log.error({ err }, 'invoice zip aborted');
    out.destroy(err);
  });

  const stamp = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '');
  return reply
    .header('content-type', 'application/zip')
    .header(
      'content-disposition',
      `attachment; filename*=UTF-8''${encodeURIComponent(`发票PDF_${stamp}.zip`)}`,
    )
    .send(out);
}
