import fontkit from '@pdf-lib/fontkit';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  type PDFRef,
} from 'pdf-lib';

/** How a PDF draws one character: the embedded (subset) font and whether that glyph has ink. */
export interface DrawnChar {
  font: string;
  drawable: boolean;
}

/** UTF-16BE hex (a ToUnicode destination) → string. */
function fromUtf16Hex(hex: string): string {
  const units: number[] = [];
  for (let i = 0; i < hex.length; i += 4) units.push(Number.parseInt(hex.slice(i, i + 4), 16));
  return String.fromCharCode(...units);
}

/**
 * Every character a PDF's Type 0 fonts can show, read the way a viewer does: the ToUnicode map says which
 * subset glyph stands for the character, the embedded FontFile2 says whether that glyph has an outline.
 * A character mapped by several fonts keeps every mapping (the test wants each to draw).
 */
export async function drawnChars(pdf: Uint8Array): Promise<Map<string, DrawnChar[]>> {
  const doc = await PDFDocument.load(pdf);
  const out = new Map<string, DrawnChar[]>();
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFDict) || obj.get(PDFName.of('Subtype'))?.toString() !== '/Type0') continue;
    const name = obj.get(PDFName.of('BaseFont'))?.toString().slice(1) ?? '';
    const toUnicode = obj.lookup(PDFName.of('ToUnicode'));
    const descendants = obj.lookup(PDFName.of('DescendantFonts'), PDFArray);
    const cid = doc.context.lookup(descendants.get(0) as PDFRef, PDFDict);
    const descriptor = cid.lookup(PDFName.of('FontDescriptor'), PDFDict);
    const file = descriptor.lookup(PDFName.of('FontFile2'));
    if (!(toUnicode instanceof PDFRawStream) || !(file instanceof PDFRawStream)) continue;
    const font = fontkit.create(decodePDFRawStream(file).decode());
    const cmap = new TextDecoder().decode(decodePDFRawStream(toUnicode).decode());
    for (const m of cmap.matchAll(/<([0-9A-Fa-f]{4})> <([0-9A-Fa-f]+)>/g)) {
      const gid = Number.parseInt(m[1], 16);
      const box = font.getGlyph(gid).path.bbox;
      const entry = { font: name, drawable: gid > 0 && box.maxX > box.minX && box.maxY > box.minY };
      const text = fromUtf16Hex(m[2]);
      out.set(text, [...(out.get(text) ?? []), entry]);
    }
  }
  return out;
}
