import { bureauBlockOf, isBureauCodePoint } from '@fpy/domain';
import { FACE_FONT_SPECS, faceFont, fontIndexFor } from './font.ts';

/**
 * What the face can print, computed from the fonts themselves: every code point the bureau takes
 * (@fpy/domain `isBureauCodePoint`) that one of the face fonts draws with a real outline (a space may be
 * blank). The face-text rule of @fpy/domain is this set, written down by gen-face-code-points.ts; the font
 * test recomputes it and compares.
 */

/** Planes 0–3: GB 18030's repertoire ends with Extension G in plane 3. */
const LAST = 0x3ffff;

const isSpace = (cp: number) => cp === 0x20 || cp === 0xa0 || cp === 0x3000;

/** Whether font `i` draws `cp` with ink (not an empty glyph), by its cmap and outline. */
export function fontDraws(i: number, cp: number): boolean {
  const f = faceFont(i).font;
  if (!f.hasGlyphForCodePoint(cp)) return false;
  const g = f.glyphForCodePoint(cp);
  if (g.id === 0) return false;
  if (isSpace(cp)) return true;
  const box = g.path.bbox;
  return box.maxX > box.minX && box.maxY > box.minY;
}

export interface FaceCoverage {
  /** Allowed code points, ascending. */
  codePoints: number[];
  /** Code points the bureau takes that no face font draws. */
  undrawn: number[];
  /** Allowed code points per font (FACE_FONT_SPECS order). */
  perFont: number[];
}

export function faceCoverage(): FaceCoverage {
  const codePoints: number[] = [];
  const undrawn: number[] = [];
  const perFont = FACE_FONT_SPECS.map(() => 0);
  for (let cp = 0; cp <= LAST; cp++) {
    if (!isBureauCodePoint(cp)) continue;
    const i = fontIndexFor(cp);
    if (i >= 0 && fontDraws(i, cp)) {
      codePoints.push(cp);
      perFont[i]++;
    } else undrawn.push(cp);
  }
  return { codePoints, undrawn, perFont };
}

/** Inclusive ranges of ascending code points. */
export function toRanges(codePoints: number[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const cp of codePoints) {
    const last = out[out.length - 1];
    if (last && last[1] === cp - 1) last[1] = cp;
    else out.push([cp, cp]);
  }
  return out;
}

/** Counts per bureau block: taken, and drawn by the fonts. */
export function countsByBlock(cov: FaceCoverage): Map<string, { drawn: number; taken: number }> {
  const out = new Map<string, { drawn: number; taken: number }>();
  const add = (cp: number, drawn: boolean) => {
    const name = bureauBlockOf(cp) ?? '?';
    const c = out.get(name) ?? { drawn: 0, taken: 0 };
    c.taken++;
    if (drawn) c.drawn++;
    out.set(name, c);
  };
  for (const cp of cov.codePoints) add(cp, true);
  for (const cp of cov.undrawn) add(cp, false);
  return out;
}
