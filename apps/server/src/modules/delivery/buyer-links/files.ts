import type { Db } from '@fpy/db';
import type { FastifyReply } from 'fastify';
import { zipSync } from 'fflate';
import { businessError } from '../../../lib/errors.ts';
import { loadOrRenderFile } from '../../sales/invoice-files/index.ts';
import { type LinkInvoice, linkInvoice, linkInvoices } from './face.ts';
import type { LinkRow } from './resolve.ts';

const MIME = {
  pdf: 'application/pdf',
  xml: 'application/xml; charset=utf-8',
  ofd: 'application/ofd',
  zip: 'application/zip',
};

/** A voided invoice is no longer a valid document: the buyer sees its page but gets no file of it. */
export function downloadable(inv: LinkInvoice): LinkInvoice {
  if (inv.status === 'void') throw businessError('BUYER_INVOICE_VOID');
  return inv;
}

function sendFile(reply: FastifyReply, name: string, type: keyof typeof MIME, bytes: Uint8Array) {
  return (
    reply
      .header('content-type', MIME[type])
      .header(
        'content-disposition',
        `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      )
      // Whoever holds the link may fetch it again; no shared cache may keep a buyer's invoice.
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
  );
}

/** The PDF, XML or OFD of the invoice at position `n` (stored, or rendered now), named by its number. */
export async function sendLinkFile(
  db: Db,
  reply: FastifyReply,
  link: LinkRow,
  n: number,
  format: 'pdf' | 'xml' | 'ofd',
) {
  const inv = downloadable(await linkInvoice(db, link, n));
  const bytes = await loadOrRenderFile({ db }, link.tenantId, inv.id, format);
  return sendFile(reply, `${inv.number}.${format}`, format, bytes);
}

/**
 * Every downloadable PDF of a batch link in one ZIP, stored uncompressed (PDF streams are compressed already).
 * A batch link holds a few dozen invoices at most (500 by contract), so the archive is built in memory.
 */
export async function sendLinkZip(db: Db, reply: FastifyReply, link: LinkRow) {
  const list = (await linkInvoices(db, link)).filter((i) => i.status !== 'void');
  if (!list.length) throw businessError('BUYER_NOTHING_TO_DOWNLOAD');
  const entries: Record<string, [Uint8Array, { level: 0 }]> = {};
  for (const inv of list) {
    const name = entries[`${inv.number}.pdf`] ? `${inv.number}_${inv.n + 1}.pdf` : `${inv.number}.pdf`;
    entries[name] = [await loadOrRenderFile({ db }, link.tenantId, inv.id, 'pdf'), { level: 0 }];
  }
  const day = list[0].issuedAt.slice(0, 10).replaceAll('-', '');
  return sendFile(reply, `invoices-${day}-${list.length}.zip`, 'zip', zipSync(entries));
}
