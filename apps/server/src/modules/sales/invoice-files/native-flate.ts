import { deflateSync } from 'node:zlib';
import { type PDFContentStream, type PDFDocument, PDFName, type PDFPage, PDFRawStream } from 'pdf-lib';

/**
 * pdf-lib compresses with pako (zlib in JavaScript): about a quarter of a face's render time. This document's
 * streams — page contents, the font subset, its ToUnicode map — are deflated by Node's native zlib instead.
 * Same FlateDecode bytes format, so viewers see no difference. Per document: nothing global is patched.
 */
export function useNativeFlate(doc: PDFDocument) {
  const ctx = doc.context;
  ctx.flateStream = (contents, dict = {}) =>
    ctx.stream(deflateSync(typeof contents === 'string' ? Buffer.from(contents, 'latin1') : contents), {
      ...dict,
      Filter: 'FlateDecode',
    });
}

/** The page's own content stream (where drawText and friends write) deflated natively. */
export function useNativeFlatePage(page: PDFPage) {
  const p = page as unknown as { createContentStream(...ops: unknown[]): PDFContentStream };
  const create = p.createContentStream.bind(p);
  p.createContentStream = (...ops) => {
    const s = create(...ops);
    let packed: Uint8Array | null = null;
    // Operators are appended after creation: compress once, when the writer first asks.
    const contents = () => {
      packed ??= deflateSync(s.getUnencodedContents());
      return packed;
    };
    s.getContents = contents;
    s.getContentsSize = () => contents().length;
    return s;
  };
}

/** Raw operators appended to a page as their own (natively compressed) content stream. */
export function appendRawContent(
  doc: PDFDocument,
  page: { node: { addContentStream(ref: unknown): void } },
  ops: string,
) {
  const stream = PDFRawStream.of(
    doc.context.obj({ Filter: PDFName.of('FlateDecode') }),
    deflateSync(Buffer.from(ops, 'latin1')),
  );
  page.node.addContentStream(doc.context.register(stream));
}
