/**
 * A fast writer for @pdf-lib/fontkit's TrueType subsets, byte for byte what its `TTFSubset.encode` writes.
 *
 * The library encodes every table of every subset through its generic struct encoder, value by value: the
 * font's hinting programs (`fpgm`, `prep`) and control values (`cvt `) — the same for every subset — and the
 * glyph records, loca and metrics. That was about 40 % of a face's render time. Here the constant tables are
 * taken once per font from the library's own output (the first subset of each font is written by the library
 * and read back), and each later subset only patches the three counts that vary (head.indexToLocFormat,
 * hhea.numberOfMetrics, maxp.numGlyphs) and appends its glyphs, loca and hmtx. The table directory is the
 * library's: tag `true`, checksums 0, tables in its order, data packed after the directory without padding.
 * test/sales/invoice-files-speed.test.ts checks the bytes against the library's writer on random glyph sets.
 */

/** The parts of fontkit's TTFSubset this writer reads (a library internal, pinned by the lock file). */
export interface TtfSubsetState {
  font: object;
  glyphs: number[];
  glyf: Uint8Array[];
  loca: { offsets: number[] };
  hmtx: { metrics: { advance: number; bearing: number }[]; bearings: number[] };
  offset: number;
  _addGlyph(gid: number): number;
}

interface Layout {
  /** Table tags in the library's order. */
  order: string[];
  /** Bytes of the tables that are the same in every subset of the font (head/hhea/maxp before patching). */
  fixed: Map<string, Uint8Array>;
  header: Uint8Array;
}

const layouts = new WeakMap<object, Layout>();

/** Reads the table directory of a subset the library wrote: the layout every later subset reuses. */
export function learnLayout(font: object, bytes: Uint8Array) {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = v.getUint16(4);
  const order: string[] = [];
  const fixed = new Map<string, Uint8Array>();
  for (let i = 0; i < count; i++) {
    const at = 12 + i * 16;
    const tag = String.fromCharCode(...bytes.subarray(at, at + 4));
    const offset = v.getUint32(at + 8);
    const length = v.getUint32(at + 12);
    order.push(tag);
    if (tag !== 'loca' && tag !== 'glyf' && tag !== 'hmtx')
      fixed.set(tag, bytes.slice(offset, offset + length));
  }
  for (const tag of ['head', 'hhea', 'maxp', 'loca', 'glyf', 'hmtx'])
    if (!order.includes(tag)) throw new Error(`font subset without ${tag}: review subset-encode.ts`);
  layouts.set(font, { order, fixed, header: bytes.slice(0, 12) });
}

export const knowsLayout = (font: object) => layouts.has(font);

/** What `TTFSubset.encode` writes for `subset`, or null before the font's layout is known. */
export function encodeSubset(subset: TtfSubsetState): Uint8Array | null {
  const layout = layouts.get(subset.font);
  if (!layout) return null;
  // The glyphs, as the library adds them (a compound glyph appends its parts to `glyphs` while this runs).
  subset.glyf = [];
  subset.offset = 0;
  subset.loca = { offsets: [] };
  subset.hmtx = { metrics: [], bearings: [] };
  for (let i = 0; i < subset.glyphs.length; i++) subset._addGlyph(subset.glyphs[i]);
  const offsets = subset.loca.offsets;
  offsets.push(subset.offset);
  const long = subset.offset > 0xffff;

  const tables = new Map<string, Uint8Array>();
  const patched = (tag: string, at: number, value: number) => {
    const t = layout.fixed.get(tag)!.slice();
    t[at] = value >> 8;
    t[at + 1] = value & 0xff;
    return t;
  };
  tables.set('head', patched('head', 50, long ? 1 : 0));
  tables.set('hhea', patched('hhea', 34, subset.hmtx.metrics.length));
  tables.set('maxp', patched('maxp', 4, subset.glyf.length));
  const loca = new Uint8Array(offsets.length * (long ? 4 : 2));
  const lv = new DataView(loca.buffer);
  for (let i = 0; i < offsets.length; i++)
    if (long) lv.setUint32(i * 4, offsets[i]);
    else lv.setUint16(i * 2, offsets[i] >>> 1);
  tables.set('loca', loca);
  const glyf = new Uint8Array(subset.offset);
  let at = 0;
  for (const g of subset.glyf) {
    glyf.set(g, at);
    at += g.length;
  }
  tables.set('glyf', glyf);
  const metrics = subset.hmtx.metrics;
  const hmtx = new Uint8Array(metrics.length * 4);
  const hv = new DataView(hmtx.buffer);
  for (let i = 0; i < metrics.length; i++) {
    hv.setUint16(i * 4, metrics[i].advance);
    hv.setInt16(i * 4 + 2, metrics[i].bearing);
  }
  tables.set('hmtx', hmtx);
  for (const [tag, bytes] of layout.fixed) if (!tables.has(tag)) tables.set(tag, bytes);

  const dirSize = 12 + 16 * layout.order.length;
  let size = dirSize;
  for (const tag of layout.order) size += tables.get(tag)!.length;
  const out = new Uint8Array(size);
  const ov = new DataView(out.buffer);
  out.set(layout.header, 0);
  let data = dirSize;
  for (const [i, tag] of layout.order.entries()) {
    const t = tables.get(tag)!;
    const e = 12 + i * 16;
    for (let k = 0; k < 4; k++) out[e + k] = tag.charCodeAt(k);
    ov.setUint32(e + 4, 0);
    ov.setUint32(e + 8, data);
    ov.setUint32(e + 12, t.length);
    out.set(t, data);
    data += t.length;
  }
  return out;
}
