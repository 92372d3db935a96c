/**
 * The bureau's half of the face-text rule: which characters the tax bureau's 数电 platform takes in names,
 * addresses and line names, read as GB 18030-2022 (the mandatory national character set). This is the
 * *candidate* set; `isFaceCodePoint` (face-text.ts) is this set intersected with what the invoice PDF's
 * fonts draw, precomputed into face-code-points.ts by the server's generator and proven by its font test.
 *
 * Taken in:
 * - every CJK ideograph GB 18030-2022 carries: URO, Extensions A–G (H and later are not in the standard),
 *   the compatibility ideographs and their supplement, radicals, strokes, ideographic description characters;
 * - CJK punctuation, kana, bopomofo, enclosed CJK letters and CJK compatibility (㈱, ㎡), full-width and
 *   half-width forms, vertical and small form variants;
 * - the letters foreign buyers' names use: printable ASCII, Latin-1, Latin Extended-A/B, Greek and Cyrillic;
 * - the symbol blocks the face has always taken (punctuation, letterlike ℃ №, Roman numerals, arrows,
 *   enclosed ①, box drawing, blocks and shapes), and every other character of GB 18030's two-byte (GBK)
 *   repertoire (∑ √ ∞ ≤ ⌒ ★ ♀ ˇ ɑ …).
 * Left out everywhere: control and format characters (ZWJ, variation selectors, soft hyphen, bidi marks),
 * lone surrogates, private use (GBK's user-defined areas map there), unassigned code points, line and
 * paragraph separators, spaces other than U+0020, U+00A0 and U+3000, combining marks (the face is laid out
 * without shaping, so a mark would print beside its letter), and emoji: characters that display as emoji by
 * default (Emoji_Presentation) and skin-tone modifiers. Emoji sequences die with their parts: flags are
 * regional indicators (not in any block here), keycaps need U+20E3, ZWJ sequences U+200D and
 * emoji-presentation sequences (©️, ☺️) U+FE0F — all refused. A symbol that displays as text by default
 * (© ™ ↔ ♀) prints like any other character and is taken.
 * Scripts that need shaping (Tibetan, Mongolian, Uyghur, Yi…), which GB 18030 also encodes, are not taken:
 * the face cannot print them correctly.
 */

/** Blocks taken whole (inclusive), before the exclusions above and the fonts' coverage. */
export const BUREAU_BLOCKS: ReadonlyArray<readonly [number, number, string]> = [
  [0x20, 0x7e, 'ASCII'],
  [0xa0, 0xff, 'Latin-1'],
  [0x100, 0x24f, 'Latin Extended-A/B'],
  [0x386, 0x3ce, 'Greek'],
  [0x400, 0x45f, 'Cyrillic'],
  [0x2010, 0x205e, 'General punctuation'],
  [0x2100, 0x218f, 'Letterlike symbols, number forms'],
  [0x2190, 0x21ff, 'Arrows'],
  [0x2460, 0x24ff, 'Enclosed alphanumerics'],
  [0x2500, 0x25ff, 'Box drawing, block elements, geometric shapes'],
  [0x2e80, 0x2eff, 'CJK radicals supplement'],
  [0x2f00, 0x2fdf, 'Kangxi radicals'],
  [0x2ff0, 0x2fff, 'Ideographic description characters'],
  [0x3000, 0x303f, 'CJK symbols and punctuation'],
  [0x3040, 0x30ff, 'Kana'],
  [0x3100, 0x312f, 'Bopomofo'],
  [0x31a0, 0x31bf, 'Bopomofo extended'],
  [0x31c0, 0x31ef, 'CJK strokes'],
  [0x31f0, 0x31ff, 'Katakana phonetic extensions'],
  [0x3200, 0x32ff, 'Enclosed CJK letters and months'],
  [0x3300, 0x33ff, 'CJK compatibility'],
  [0x3400, 0x4dbf, 'CJK Extension A'],
  [0x4e00, 0x9fff, 'CJK Unified Ideographs'],
  [0xf900, 0xfaff, 'CJK compatibility ideographs'],
  [0xfe10, 0xfe1f, 'Vertical forms'],
  [0xfe30, 0xfe4f, 'CJK compatibility forms'],
  [0xfe50, 0xfe6f, 'Small form variants'],
  [0xff01, 0xffee, 'Half-width and full-width forms'],
  [0x20000, 0x2a6df, 'CJK Extension B'],
  [0x2a700, 0x2b73f, 'CJK Extension C'],
  [0x2b740, 0x2b81f, 'CJK Extension D'],
  [0x2b820, 0x2ceaf, 'CJK Extension E'],
  [0x2ceb0, 0x2ebef, 'CJK Extension F'],
  [0x2f800, 0x2fa1f, 'CJK compatibility ideographs supplement'],
  [0x30000, 0x3134f, 'CJK Extension G'],
];

const EXCLUDED =
  /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{M}\p{Emoji_Presentation}\p{Emoji_Modifier}]|(?![ \u00a0\u3000])\p{Zs}/u;

let gbk: Set<number> | null = null;

/** GB 18030's two-byte (GBK) repertoire, decoded once with the platform's gb18030 decoder. */
function gbkRepertoire(): Set<number> {
  if (gbk) return gbk;
  const decoder = new TextDecoder('gb18030');
  const out = new Set<number>();
  const pair = new Uint8Array(2);
  for (let lead = 0x81; lead <= 0xfe; lead++)
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      if (trail === 0x7f) continue;
      pair[0] = lead;
      pair[1] = trail;
      const s = decoder.decode(pair);
      const cp = s.codePointAt(0) ?? 0xfffd;
      if (cp !== 0xfffd && s.length === (cp > 0xffff ? 2 : 1)) out.add(cp);
    }
  gbk = out;
  return out;
}

/** The block (name) a code point is taken for, or null. */
export function bureauBlockOf(cp: number): string | null {
  for (const [lo, hi, name] of BUREAU_BLOCKS) if (cp >= lo && cp <= hi) return name;
  return gbkRepertoire().has(cp) ? 'GBK symbols' : null;
}

/** Whether the bureau takes this code point on a face (before asking whether our fonts draw it). */
export function isBureauCodePoint(cp: number): boolean {
  if (!Number.isInteger(cp) || cp < 0 || cp > 0x10ffff) return false;
  if (bureauBlockOf(cp) === null) return false;
  return !EXCLUDED.test(String.fromCodePoint(cp));
}
