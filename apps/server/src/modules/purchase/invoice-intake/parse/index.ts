import { parseInvoiceImage } from './image.ts';
import { parseInvoiceOfd } from './ofd.ts';
import { parseInvoicePdf } from './pdf.ts';
import { type ParsedInvoice, ParseRefusal } from './types.ts';
import { parseInvoiceXml } from './xml.ts';

export { isOfd, OFD_LIMITS } from './ofd.ts';
export { parseFaceText } from './pdf.ts';
export { parseQrText } from './qr.ts';
export { type ParsedInvoice, type ParseProblem, ParseRefusal } from './types.ts';
export { parseInvoiceXml } from './xml.ts';

/** One invoice file at most this large (a 数电 PDF is ~50–200 KB, an OFD less, a phone photo a few MB). */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

export type FileKind = 'pdf' | 'xml' | 'image' | 'zip';

/** What a file is, by its first bytes (never by its name or the client's content type). */
export function sniff(bytes: Uint8Array): FileKind | null {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 64));
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5)) return 'zip';
  if (head[0] === 0x89 && head.subarray(1, 4).toString('latin1') === 'PNG') return 'image';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image';
  const text = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (text.startsWith('<')) return 'xml';
  return null;
}

/**
 * One file (not a ZIP of files: the intake opens those through the archive guard) to the invoice's fields.
 * `zip` here means an OFD. Throws ParseRefusal with the reason.
 */
export async function parseInvoiceFile(bytes: Uint8Array): Promise<ParsedInvoice> {
  if (bytes.byteLength > MAX_FILE_BYTES) throw new ParseRefusal('too_large');
  switch (sniff(bytes)) {
    case 'pdf':
      return parseInvoicePdf(bytes);
    case 'zip':
      return parseInvoiceOfd(bytes);
    case 'image':
      return parseInvoiceImage(bytes);
    case 'xml': {
      let xml: string;
      try {
        xml = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      } catch {
        throw new ParseRefusal('broken', 'not utf-8');
      }
      return parseInvoiceXml(xml);
    }
    default:
      throw new ParseRefusal('unknown_format');
  }
}
