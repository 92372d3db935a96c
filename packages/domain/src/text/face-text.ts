/**
 * What may stand on the legal face of an invoice (buyer and seller names, addresses, line names, remarks).
 * The PDF must draw every character the XML carries, so the product accepts only characters its embedded
 * fonts draw and the bureau accepts: no control characters, no emoji or pictographs, no private-use or
 * unassigned code points, no lone surrogates.
 */

/** Ranges of code points a face field may hold (inclusive). */
const ALLOWED: ReadonlyArray<readonly [number, number]> = [
  [0x20, 0x7e], // printable ASCII
  [0xa0, 0x24f], // Latin-1 supplement and Latin extended A/B (names of foreign buyers)
  [0x2010, 0x2027], // dashes, quotes, ellipsis
  [0x2030, 0x205e], // per mille, primes, reference marks
  [0x2100, 0x218f], // letterlike symbols (℃, №) and Roman numerals
  [0x2190, 0x21ff], // arrows
  [0x2460, 0x24ff], // enclosed alphanumerics ①
  [0x2500, 0x257f], // box drawing
  [0x25a0, 0x25ff], // geometric shapes ■ ○
  [0x2e80, 0x2fdf], // CJK radicals
  [0x3000, 0x303f], // CJK punctuation
  [0x3040, 0x30ff], // kana (Japanese company names)
  [0x3100, 0x312f], // bopomofo
  [0x31c0, 0x31ef], // CJK strokes
  [0x3200, 0x33ff], // enclosed CJK and compatibility (㈱, ㎡)
  [0x3400, 0x4dbf], // CJK Extension A
  [0x4e00, 0x9fff], // CJK Unified Ideographs
  [0xf900, 0xfaff], // CJK compatibility ideographs
  [0xfe30, 0xfe4f], // CJK compatibility forms
  [0xff01, 0xffef], // full-width and half-width forms
  [0x20000, 0x2a6df], // Extension B
  [0x2a700, 0x2ebef], // Extensions C, D, E, F
  [0x2f800, 0x2fa1f], // compatibility ideographs supplement
  [0x30000, 0x3134f], // Extension G
];

export function isFaceCodePoint(cp: number): boolean {
  for (const [lo, hi] of ALLOWED) if (cp >= lo && cp <= hi) return true;
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
