import { FACE_CODE_POINT_RANGES } from './face-code-points.ts';

/**
 * What may stand on the legal face of an invoice (buyer and seller names, addresses, line names, remarks).
 * The PDF must draw every character the XML carries, so a face field takes exactly the characters the bureau
 * takes (face-repertoire.ts: GB 18030-2022's ideographs A–G, CJK punctuation and forms, Latin/Greek/Cyrillic
 * letters, the GBK symbols) AND the invoice PDF's embedded fonts draw (Noto Sans SC, then HanaMinB and
 * BabelStone Han for what it lacks). No control or format characters, no emoji, no private-use or
 * unassigned code points, no lone surrogates.
 *
 * The set is precomputed (face-code-points.ts, written by the server's
 * `apps/server/src/modules/invoice-files/gen-face-code-points.ts` from the font files) because the browser
 * validates with the same rule and cannot read the fonts; the server's font test recomputes it from the fonts
 * and fails when rule and fonts drift apart.
 */

let table: Uint32Array | null = null;

/** [lo0, hi0, lo1, hi1, …], ascending, decoded once from the compact string. */
function ranges(): Uint32Array {
  if (table) return table;
  const tokens = FACE_CODE_POINT_RANGES.split(',');
  const out = new Uint32Array(tokens.length * 2);
  let next = 0;
  tokens.forEach((token, i) => {
    const [gap, len = '0'] = token.split('.');
    const lo = next + Number.parseInt(gap, 36);
    const hi = lo + Number.parseInt(len, 36);
    out[2 * i] = lo;
    out[2 * i + 1] = hi;
    next = hi + 1;
  });
  table = out;
  return out;
}

export function isFaceCodePoint(cp: number): boolean {
  if (cp >= 0x20 && cp <= 0x7e) return true;
  const r = ranges();
  let lo = 0;
  let hi = r.length / 2 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cp < r[2 * mid]) hi = mid - 1;
    else if (cp > r[2 * mid + 1]) lo = mid + 1;
    else return true;
  }
  return false;
}

/** The first character a face field may not hold, or null when every character is allowed. */
export function unprintableChar(text: string): string | null {
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (!isFaceCodePoint(cp)) return ch;
  }
  return null;
}

/** Every allowed code point range, inclusive (for the font test and the generator). */
export function faceCodePointRanges(): Array<[number, number]> {
  const r = ranges();
  const out: Array<[number, number]> = [];
  for (let i = 0; i < r.length; i += 2) out.push([r[i], r[i + 1]]);
  return out;
}

export { BUREAU_BLOCKS, bureauBlockOf, isBureauCodePoint } from './face-repertoire.ts';
