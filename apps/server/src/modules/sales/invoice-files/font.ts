import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument } from 'pdf-lib';
import { encodeSubset, knowsLayout, learnLayout, type TtfSubsetState } from './subset-encode.ts';

/**
 * The fonts of the invoice face. Each PDF embeds only the glyphs it uses (subset at render time).
 *
 * 1. Noto Sans SC Regular (SIL OFL 1.1), the face's font, a TrueType (glyf) font from the npm package
 *    @expo-google-fonts/noto-sans-sc. It draws every common character; a face made of those embeds only it.
 * 2. Noto Sans Regular (OFL 1.1, 0.5 MB), the same design's Latin/Greek/Cyrillic font: the accented letters of
 *    foreign names (Łódź, Dvořák, Ελλάς, Україна) the SC font lacks. Asked only below the CJK blocks.
 * 3. HanaMinB (GlyphWiki's Hanazono Mincho B, Hanazono Font License or OFL 1.1): CJK Extensions B–F, nearly
 *    complete. Asked only for plane 2 (that is all it holds).
 * 4. BabelStone Han 16.0.1 (Arphic Public License; a few symbol glyphs CC BY-SA): the rest — Extension G (the
 *    part it has), the URO and Extension A characters added since Unicode 13, compatibility ideographs, and the
 *    Latin/Greek/Cyrillic letters and symbols Noto Sans SC lacks.
 * The two CJK fallbacks are Ming/Mincho serif faces. All three fallbacks are verbatim copies of Debian's
 * packages, kept in apps/server/assets/fonts with their licences (README there). Each is read and parsed only
 * when a face has a character the main font lacks that it may hold (0.5, 30 and 51 MB), once per process or
 * render thread.
 * A character none of them draws prints as the main font's empty box: the face-text rule (@fpy/domain
 * `unprintableChar`, generated from these fonts by gen-face-code-points.ts) refuses such characters at input.
 *
 * Why TrueType and these patches:
 * - CFF-based CJK fonts (Source Han / Noto Sans CJK .otf) come out of pdf-lib's subsetter as invalid CFF that
 *   viewers refuse; a glyf font subsets cleanly.
 * - @pdf-lib/fontkit writes a short-format `loca` table (offsets / 2) but copies glyph records unpadded; a
 *   font with odd-length glyphs came out garbled after the first odd one. `_addGlyph` is replaced by one that
 *   pads each glyph to an even length (what the TrueType spec asks for anyway) and caches the records, since
 *   decoding glyphs was the next largest cost.
 * - fontkit's `layout` runs the full GSUB/GPOS shaper (≈ 70% of the render time); Chinese and the digits of an
 *   invoice need no shaping, so `layout` maps code points straight through the cmap, glyphs cached.
 * - pdf-lib writes the ToUnicode map (what copy-paste, search and pdftotext read) from each glyph's
 *   `codePoints`, which fontkit fills with the first code point that ever asked for the glyph in this process.
 *   Where a font draws several code points with one glyph (a compatibility ideograph and its unified twin,
 *   a Kangxi radical and its ideograph), the text read back from the PDF depended on what was rendered
 *   before. `layout` therefore hands pdf-lib one glyph per code point: `codePoints` is that code point, and a
 *   shared glyph gets a per-code-point id (VIRTUAL + code point) that `_addGlyph` maps back to the outline,
 *   so both characters get their own subset glyph and read back as typed.
 */

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
type FkFont = ReturnType<typeof fontkit.create>;
type FkGlyph = ReturnType<FkFont['glyphForCodePoint']>;

/** What pdf-lib reads of a glyph that `layout` returns. */
export interface FaceGlyph {
  id: number;
  codePoints: number[];
  advanceWidth: number;
}

interface FontSpec {
  /** PostScript name in the PDF (after the subset tag). */
  name: string;
  path(): string;
  /** Code points worth asking this font about (saves loading a fallback that cannot have it). */
  mayHave(cp: number): boolean;
}

const asset = (file: string) => () =>
  fileURLToPath(new URL(`../../../../assets/fonts/${file}`, import.meta.url));

export const FACE_FONT_SPECS: readonly FontSpec[] = [
  {
    name: 'NotoSansSC-Regular',
    path: () =>
      createRequire(import.meta.url).resolve(
        '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
      ),
    mayHave: () => true,
  },
  { name: 'NotoSans-Regular', path: asset('NotoSans-Regular.ttf'), mayHave: (cp) => cp < 0x2e80 },
  { name: 'HanaMinB', path: asset('HanaMinB.ttf'), mayHave: (cp) => cp >= 0x20000 && cp <= 0x2ffff },
  { name: 'BabelStoneHan', path: asset('BabelStoneHan.ttf'), mayHave: () => true },
];

/** Ids at and above this are per-code-point views of a shared glyph (fonts have at most 65 535 glyphs). */
const VIRTUAL = 0x1000000;

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
type FkFontInternals = FkFont & {
  loca: { offsets: number[] };
  _getTableStream(tag: string): { pos: number; readBuffer(n: number): PolyBuffer };
  _cmapProcessor: { lookup(cp: number): number };
};
interface SubsetInternals {
  font: FkFontInternals;
  glyf: PolyBuffer[];
  loca: { offsets: number[] };
  hmtx: { metrics: { advance: number; bearing: number }[] };
  offset: number;
  includeGlyph(gid: number): number;
  _addGlyph(gid: number): number;
  encodeStream(): SubsetStream;
}

/** What pdf-lib reads of `subset.encodeStream()`: data events, then end. */
interface SubsetStream {
  on(event: string, cb: (bytes?: Uint8Array) => void): SubsetStream;
}

/** A stream of one chunk, emitted once pdf-lib has attached its listeners (it chains the three `on` calls). */
function oneChunk(bytes: Uint8Array): SubsetStream {
  const listeners: Record<string, ((bytes?: Uint8Array) => void)[]> = {};
  const stream: SubsetStream = {
    on(event, cb) {
      listeners[event] ??= [];
      listeners[event].push(cb);
      return stream;
    },
  };
  queueMicrotask(() => {
    for (const cb of listeners.data ?? []) cb(bytes);
    for (const cb of listeners.end ?? []) cb();
  });
  return stream;
}

/** A glyph's record as copied into every subset: its bytes (even length), compound components, metrics. */
interface GlyphRecord {
  bytes: PolyBuffer;
  components: { glyphID: number; pos: number }[] | null;
  advance: number;
  bearing: number;
}

export interface LoadedFont {
  /** PostScript name (FACE_FONT_SPECS). */
  name: string;
  bytes: Uint8Array;
  /** The parsed font (tests read its cmap and outlines). */
  font: FkFont;
  /** This font's glyph for a code point, or null when it has none. */
  glyph(cp: number): FaceGlyph | null;
  /** The `.notdef` box, reading back as `cp` (what a character no font draws prints as). */
  missing(cp: number): FaceGlyph;
}

const loaded: (LoadedFont | undefined)[] = [];

/** The real glyph id behind a (possibly per-code-point) id handed out by `layout`. */
function realGlyphId(font: FkFontInternals, gid: number): number {
  return gid >= VIRTUAL ? font._cmapProcessor.lookup(gid - VIRTUAL) : gid;
}

/**
 * Replaces TTFSubset._addGlyph (same output, see the library's version) with one that (1) pads every glyph
 * record to an even length, which the short `loca` format the subsetter writes requires, (2) keeps each
 * glyph's record per font, so a glyph is read and decoded once per process rather than once per PDF, and
 * (3) maps per-code-point ids back to the font's glyph.
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
    const r = recordOf(this, realGlyphId(this.font, gid));
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
  // The subset file itself: the library writes each font's first subset, subset-encode.ts the others.
  const libraryStream = proto.encodeStream;
  libraryEncodeStream = libraryStream;
  proto.encodeStream = function (this: SubsetInternals) {
    const fast = encodeSubset(this as unknown as TtfSubsetState);
    if (fast) return oneChunk(fast);
    const parts: Uint8Array[] = [];
    const font = this.font;
    return libraryStream
      .call(this)
      .on('data', (b) => parts.push(b!))
      .on('end', () => {
        if (!knowsLayout(font)) learnLayout(font, Buffer.concat(parts));
      });
  };
  proto.__fpyPatched = true;
}

let libraryEncodeStream: SubsetInternals['encodeStream'] | null = null;

/** The library's own bytes for a subset (tests compare subset-encode.ts with them). */
export function encodeWithLibrary(subset: object): Promise<Uint8Array> {
  if (!libraryEncodeStream) throw new Error('load a face font first');
  const parts: Uint8Array[] = [];
  return new Promise((resolve) => {
    libraryEncodeStream!
      .call(subset as SubsetInternals)
      .on('data', (b) => parts.push(b!))
      .on('end', () => resolve(Buffer.concat(parts)));
  });
}

/** How many code points each glyph is drawn for, saturated at 2 (only "shared or not" matters). */
function glyphUse(font: FkFontInternals): Uint8Array {
  const use = new Uint8Array(font.numGlyphs);
  for (const cp of font.characterSet) {
    const gid = font._cmapProcessor.lookup(cp);
    if (gid > 0 && use[gid] < 2) use[gid]++;
  }
  return use;
}

function load(index: number): LoadedFont {
  const spec = FACE_FONT_SPECS[index];
  const bytes = new Uint8Array(readFileSync(spec.path()));
  const font = fontkit.create(bytes) as FkFontInternals;
  patchSubsetGlyphs(font);
  let use: Uint8Array | null = null;
  const views = new Map<number, FaceGlyph | null>();
  const glyph = (cp: number): FaceGlyph | null => {
    let v = views.get(cp);
    if (v !== undefined) return v;
    const gid = font._cmapProcessor.lookup(cp);
    if (gid === 0) v = null;
    else {
      use ??= glyphUse(font);
      v = {
        id: use[gid] > 1 ? VIRTUAL + cp : gid,
        codePoints: [cp],
        advanceWidth: font.getGlyph(gid).advanceWidth,
      };
    }
    views.set(cp, v);
    return v;
  };
  const missingViews = new Map<number, FaceGlyph>();
  const notdefWidth = font.getGlyph(0).advanceWidth;
  const missing = (cp: number): FaceGlyph => {
    let v = missingViews.get(cp);
    if (!v) {
      v = { id: 0, codePoints: [cp], advanceWidth: notdefWidth };
      missingViews.set(cp, v);
    }
    return v;
  };
  // pdf-lib reads only `glyphs` of a layout (encodeText, widthOfTextAtSize).
  (font as { layout: unknown }).layout = (text: string) => {
    const glyphs: FaceGlyph[] = [];
    for (const ch of text) {
      const cp = ch.codePointAt(0) ?? 0;
      glyphs.push(glyph(cp) ?? missing(cp));
    }
    return { glyphs };
  };
  return {
    name: spec.name,
    bytes,
    font,
    glyph,
    missing,
  };
}

/** Font `index` of FACE_FONT_SPECS, read and parsed on first use and kept for the life of the process. */
export function faceFont(index: number): LoadedFont {
  let f = loaded[index];
  if (!f) {
    f = load(index);
    loaded[index] = f;
  }
  return f;
}

/** Hand to PDFDocument.registerFontkit: returns the already parsed font for the bytes of a loaded face font. */
export const faceFontkit = {
  create: (b: Uint8Array) => loaded.find((f) => f?.bytes === b)?.font ?? fontkit.create(b),
} as Fontkit;

/** The main font (what every face embeds; render threads warm it up). */
export function invoiceFont(): LoadedFont {
  return faceFont(0);
}

const chosen = new Map<number, number>();

/**
 * Which font draws a code point: the main font when it can, else the first fallback that has it (loading it
 * if needed), -1 when none does. The face-text rule is generated from this same choice.
 */
export function fontIndexFor(cp: number): number {
  let i = chosen.get(cp);
  if (i !== undefined) return i;
  i = -1;
  for (let k = 0; k < FACE_FONT_SPECS.length; k++)
    if (FACE_FONT_SPECS[k].mayHave(cp) && faceFont(k).glyph(cp)) {
      i = k;
      break;
    }
  chosen.set(cp, i);
  return i;
}
