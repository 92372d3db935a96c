import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument } from 'pdf-lib';

/**
 * The Chinese font of the invoice face: Noto Sans SC Regular (SIL OFL 1.1) as Google Fonts ships it, a
 * TrueType (glyf) font, from the npm package @expo-google-fonts/noto-sans-sc. Only the glyphs a PDF uses are
 * embedded (subset at render time), so a face stays around 20–40 KB.
 *
 * Why this font and these two patches:
 * - CFF-based CJK fonts (Source Han / Noto Sans CJK .otf) come out of pdf-lib's subsetter as invalid CFF that
 *   viewers refuse; a glyf font subsets cleanly.
 * - @pdf-lib/fontkit writes a short-format `loca` table (offsets / 2) but copies glyph records unpadded; this
 *   font has odd-length glyphs, so every glyph after the first odd one was garbled. `_addGlyph` is replaced
 *   by one that pads each glyph to an even length (what the TrueType spec asks for anyway) and caches the
 *   records, since decoding glyphs was the next largest cost.
 * - fontkit's `layout` runs the full GSUB/GPOS shaper (≈ 70% of the render time); Chinese and the digits of an
 *   invoice need no shaping, so `layout` maps code points straight through the cmap, glyphs cached.
 * The 10 MB file is read and parsed once per process; pdf-lib's `fontkit.create` gets that parsed font back.
 */
const FONT_FILE = '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf';

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
type FkFont = ReturnType<typeof fontkit.create>;
type FkGlyph = ReturnType<FkFont['glyphForCodePoint']>;

/** The parts of fontkit's TTFSubset that `_addGlyph` touches (a library internal, pinned by the lock file). */
interface PolyBuffer {
  length: number;
  constructor: {
    concat(list: PolyBuffer[]): PolyBuffer;
    alloc(n: number): PolyBuffer;
    from(b: PolyBuffer): PolyBuffer;
  };
  writeUInt16BE(value: number, offset: number): void;
}
interface SubsetInternals {
  font: FkFont & {
    loca: { offsets: number[] };
    _getTableStream(tag: string): { pos: number; readBuffer(n: number): PolyBuffer };
  };
  glyf: PolyBuffer[];
  loca: { offsets: number[] };
  hmtx: { metrics: { advance: number; bearing: number }[] };
  offset: number;
  includeGlyph(gid: number): number;
  _addGlyph(gid: number): number;
}

/** A glyph's record as copied into every subset: its bytes (even length), compound components, metrics. */
interface GlyphRecord {
  bytes: PolyBuffer;
  components: { glyphID: number; pos: number }[] | null;
  advance: number;
  bearing: number;
}

export interface LoadedFont {
  bytes: Uint8Array;
  /** Hand to PDFDocument.registerFontkit: returns the already parsed font for `bytes`. */
  fontkit: Fontkit;
}

let loaded: LoadedFont | null = null;

/**
 * Replaces TTFSubset._addGlyph (same output, see the library's version) with one that (1) pads every glyph
 * record to an even length, which the short `loca` format the subsetter writes requires, and (2) keeps each
 * glyph's record per font, so a glyph is read and decoded once per process rather than once per PDF.
 */
function patchSubsetGlyphs(font: FkFont) {
  const proto = Object.getPrototypeOf(font.createSubset()) as SubsetInternals & { __fpyPatched?: boolean };
  if (proto.__fpyPatched) return;
  if (typeof proto._addGlyph !== 'function' || typeof proto.includeGlyph !== 'function')
    throw new Error('@pdf-lib/fontkit changed: TTFSubset._addGlyph not found, review font.ts');
  const records = new WeakMap<object, Map<number, GlyphRecord>>();
  const recordOf = (subset: SubsetInternals, gid: number): GlyphRecord => {
    let perFont = records.get(subset.font);
    if (!perFont) {
      perFont = new Map();
      records.set(subset.font, perFont);
    }
    const hit = perFont.get(gid);
    if (hit) return hit;
    const glyph = subset.font.getGlyph(gid) as FkGlyph & {
      _decode(): { numberOfContours: number; components?: { glyphID: number; pos: number }[] } | null;
      _getMetrics(): { leftBearing: number };
    };
    const decoded = glyph._decode();
    const start = subset.font.loca.offsets[gid];
    const stream = subset.font._getTableStream('glyf');
    stream.pos += start;
    let bytes = stream.readBuffer(subset.font.loca.offsets[gid + 1] - start);
    if (bytes.length % 2 === 1) bytes = bytes.constructor.concat([bytes, bytes.constructor.alloc(1)]);
    const record: GlyphRecord = {
      bytes,
      components:
        decoded && decoded.numberOfContours < 0
          ? (decoded.components ?? []).map((c) => ({ glyphID: c.glyphID, pos: c.pos }))
          : null,
      advance: glyph.advanceWidth,
      bearing: glyph._getMetrics().leftBearing,
    };
    perFont.set(gid, record);
    return record;
  };
  proto._addGlyph = function (this: SubsetInternals, gid: number) {
    const r = recordOf(this, gid);
    let bytes = r.bytes;
    if (r.components) {
      // A compound glyph names its parts by glyph id: renumber them into this subset (on a copy).
      bytes = bytes.constructor.from(bytes);
      for (const c of r.components) bytes.writeUInt16BE(this.includeGlyph(c.glyphID), c.pos);
    }
    this.glyf.push(bytes);
    this.loca.offsets.push(this.offset);
    this.hmtx.metrics.push({ advance: r.advance, bearing: r.bearing });
    this.offset += bytes.length;
    return this.glyf.length - 1;
  };
  proto.__fpyPatched = true;
}

function directLayout(font: FkFont) {
  const cache = new Map<number, FkGlyph>();
  const glyphOf = (cp: number) => {
    let g = cache.get(cp);
    if (!g) {
      g = font.glyphForCodePoint(cp);
      cache.set(cp, g);
    }
    return g;
  };
  (font as { layout: unknown }).layout = (text: string) => {
    const glyphs: FkGlyph[] = [];
    for (const ch of text) glyphs.push(glyphOf(ch.codePointAt(0)!));
    return {
      glyphs,
      positions: glyphs.map((g) => ({ xAdvance: g.advanceWidth, yAdvance: 0, xOffset: 0, yOffset: 0 })),
    };
  };
}

/** The font, read and parsed on first use and kept for the life of the process. */
export function invoiceFont(): LoadedFont {
  if (loaded) return loaded;
  const path = createRequire(import.meta.url).resolve(FONT_FILE);
  const bytes = new Uint8Array(readFileSync(path));
  const font = fontkit.create(bytes);
  patchSubsetGlyphs(font);
  directLayout(font);
  loaded = {
    bytes,
    fontkit: { create: (b: Uint8Array) => (b === bytes ? font : fontkit.create(b)) } as Fontkit,
  };
  return loaded;
}
