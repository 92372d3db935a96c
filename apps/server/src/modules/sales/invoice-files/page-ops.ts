import {
  cleanText,
  lineSplit,
  numberToString,
  type PDFContentStream,
  type PDFDict,
  type PDFDocument,
  type PDFFont,
  PDFName,
  type PDFPage,
  type PDFPageLeaf,
  type RGB,
} from 'pdf-lib';

/**
 * The face's text and rules written straight into the page's content stream, as the very operators pdf-lib's
 * `page.drawText` / `page.drawLine` write — same bytes, same font resource keys from the document's seeded
 * random sequence, same glyph order in the subset — without their per-call cost. pdf-lib asserts every option,
 * builds an object per operator and number, and gives each drawText a fresh font resource key by scanning the
 * page's font dictionary (quadratic in the texts of a page): that was about half of a face's render time.
 * test/sales/invoice-files-speed.test.ts renders faces both ways and compares the bytes.
 */

/** A run of operators kept as text: what PDFContentStream asks of an operator (size, bytes, text). */
class RawOps {
  text = '';
  sizeInBytes() {
    return this.text.length;
  }
  copyBytesInto(buffer: Uint8Array, offset: number) {
    const s = this.text;
    for (let i = 0; i < s.length; i++) buffer[offset + i] = s.charCodeAt(i);
    return s.length;
  }
  toString() {
    return this.text;
  }
  clone() {
    const c = new RawOps();
    c.text = this.text;
    return c;
  }
}

/** pdf-lib's number format (PDFNumber): plain decimal, never exponent notation; String(x) unless it has one. */
const n = (x: number) => {
  const s = String(x);
  return s.includes('e') ? numberToString(x) : s;
};
const rgbOf = (c: RGB) => `${n(c.red)} ${n(c.green)} ${n(c.blue)}`;

/** pdf-lib's default line height of a page (PDFPage.lineHeight), written by every drawText. */
const LINE_HEIGHT = 24;

export class PageOps {
  private fonts: PDFDict | null = null;
  private chunk: RawOps | null = null;

  constructor(
    private readonly doc: PDFDocument,
    private readonly page: PDFPage,
  ) {}

  /** page.drawText(s, { x, y, size, font, color }). */
  text(s: string, font: PDFFont, x: number, y: number, size: number, color: RGB) {
    // setOrEmbedFont: a new key in the page's font dictionary for every call (pdf-lib's uniqueKey).
    this.fonts ??= (this.page.node as PDFPageLeaf).normalizedEntries().Font;
    let key = PDFName.of(this.doc.context.addRandomSuffix(font.name, 10));
    while (this.fonts.has(key)) key = PDFName.of(this.doc.context.addRandomSuffix(font.name, 10));
    this.fonts.set(key, font.ref);
    let ops = `q\nBT\n${rgbOf(color)} rg\n${key} ${n(size)} Tf\n${LINE_HEIGHT} TL\n1 0 0 1 ${n(x)} ${n(y)} Tm`;
    for (const line of lineSplit(cleanText(s))) ops += `\n${font.encodeText(line)} Tj\nT*`;
    this.write(`${ops}\nET\nQ`);
  }

  /** page.drawLine({ start, end, thickness, color }). */
  line(x1: number, y1: number, x2: number, y2: number, thickness: number, color: RGB) {
    const from = `${n(x1)} ${n(y1)} m`;
    this.write(
      `q\n${rgbOf(color)} RG\n${n(thickness)} w\n[] 0 d\n${from}\n${from}\n${n(x2)} ${n(y2)} l\nS\nQ`,
    );
  }

  /** Appends to the page's content stream; a new chunk when something else wrote there since. */
  private write(ops: string) {
    const stream = (this.page as unknown as { getContentStream(): PDFContentStream }).getContentStream();
    const list = (stream as unknown as { operators: unknown[] }).operators;
    if (this.chunk && list[list.length - 1] === this.chunk) {
      this.chunk.text += `\n${ops}`;
      return;
    }
    this.chunk = new RawOps();
    this.chunk.text = ops;
    list.push(this.chunk);
  }
}
