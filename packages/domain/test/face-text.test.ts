import { describe, expect, it } from 'vitest';
import {
  BUREAU_BLOCKS,
  faceCodePointRanges,
  isBureauCodePoint,
  isFaceCodePoint,
  unprintableChar,
} from '../src/index.ts';

/** One character from a code point (a lone surrogate stays one UTF-16 unit). */
const ch = (cp: number) => String.fromCodePoint(cp);

describe('face text: what a buyer name or a line may hold (issue 12 §6)', () => {
  it.each([
    ['CJK Extension B 𠮷', 0x20bb7],
    ['Extension A', 0x3400],
    ['Extension A, Unicode 13', 0x4db6],
    ['URO, Unicode 14', 0x9fff],
    ['Extension C', 0x2a700],
    ['Extension D', 0x2b740],
    ['Extension E', 0x2b820],
    ['Extension F', 0x2ceb0],
    ['Extension G', 0x30000],
    ['compatibility ideograph 豈', 0xf900],
    ['compatibility ideograph supplement 丽', 0x2f800],
    ['Kangxi radical ⼀', 0x2f00],
    ['ideographic space', 0x3000],
    ['full-width parenthesis', 0xff08],
    ['enclosed ㈱', 0x3231],
    ['square ㎡', 0x33a1],
    ['circled ①', 0x2460],
    ['degree Celsius ℃', 0x2103],
    ['numero №', 0x2116],
    ['Roman numeral Ⅻ', 0x216b],
    ['pinyin ǚ', 0x1da],
    ['Polish Ł', 0x141],
    ['Greek Ω', 0x3a9],
    ['Cyrillic Ж', 0x416],
    ['middle dot ·', 0xb7],
    ['yen ¥', 0xa5],
    ['registered ® (text presentation)', 0xae],
    ['summation ∑ (GBK)', 0x2211],
  ])('accepts %s (U+%s)', (_name, cp) => {
    expect(isFaceCodePoint(cp)).toBe(true);
    expect(unprintableChar(`上海${ch(cp)}有限公司`)).toBeNull();
  });

  it('accepts ordinary names and lines whole', () => {
    for (const s of [
      '上海云帆信息技术有限公司',
      '𠮷野家（上海）餐饮管理有限公司',
      '*软件维护服务*接口服务费 V2.0 (年度)',
      'Müller & Søn GmbH, Łódź — Dvořák №1',
      '北京𪚥𰻞𰻞面馆',
      '',
    ])
      expect(unprintableChar(s)).toBeNull();
  });

  it.each([
    ['emoji 😀', '上海😀公司', '😀'],
    ['receipt emoji 🧾', '🧾发票', '🧾'],
    ['ZWJ family sequence', '家\u{1f468}\u200d\u{1f469}\u200d\u{1f467}', '\u{1f468}'],
    ['a lone zero-width joiner', '上\u200d海', '\u200d'],
    ['flag 🇨🇳', '中国🇨🇳', '\u{1f1e8}'],
    ['emoji presentation selector ©️', '品牌©\ufe0f', '\ufe0f'],
    ['keycap 1️⃣', '第1\ufe0f\u20e3名', '\ufe0f'],
    ['BMP emoji ⌚ (emoji presentation)', '手表⌚', '⌚'],
    ['BMP emoji ⭐', '五⭐', '⭐'],
    ['skin-tone modifier', '手\u{1f3fb}', '\u{1f3fb}'],
  ])('refuses %s', (_name, text, bad) => {
    expect(unprintableChar(text)).toBe(bad);
  });

  it.each([
    ['NUL', 0x0],
    ['unit separator U+001F', 0x1f],
    ['tab', 0x9],
    ['newline', 0xa],
    ['DEL U+007F', 0x7f],
    ['C1 control U+0085', 0x85],
    ['soft hyphen', 0xad],
    ['zero-width space', 0x200b],
    ['byte order mark', 0xfeff],
    ['line separator', 0x2028],
    ['right-to-left override', 0x202e],
    ['variation selector 16', 0xfe0f],
    ['ideographic variation selector', 0xe0100],
    ['combining acute accent', 0x301],
    ['private use U+E000', 0xe000],
    ['private use U+F8FF', 0xf8ff],
    ['supplementary private use U+F0000', 0xf0000],
    ['unassigned U+0378', 0x378],
    ['unassigned between Extensions B and C', 0x2a6e0],
    ['unassigned after Extension G', 0x3134b],
    ['noncharacter U+FFFF', 0xffff],
    ['noncharacter U+2FFFE', 0x2fffe],
    ['Extension H (not in GB 18030-2022)', 0x31350],
    ['Extension I (not in GB 18030-2022)', 0x2ebf0],
    ['replacement character', 0xfffd],
    ['Hangul (not taken)', 0xac00],
    ['Tibetan (needs shaping)', 0xf40],
    ['Arabic (needs shaping)', 0x627],
    ['en space', 0x2002],
    ['beyond Unicode', 0x110000],
    ['negative', -1],
  ])('refuses %s', (_name, cp) => {
    expect(isFaceCodePoint(cp)).toBe(false);
    if (cp >= 0 && cp <= 0x10ffff) expect(unprintableChar(`上${ch(cp)}海`)).toBe(ch(cp));
  });

  it('refuses lone and reversed surrogates', () => {
    for (const s of ['\ud842', '\udfb7', '\udfb7\ud842', `上海\ud842公司`, `𠮷\ud842`]) {
      const bad = unprintableChar(s);
      expect(bad).not.toBeNull();
      expect(bad!.length).toBe(1);
      expect(bad!.charCodeAt(0)).toBeGreaterThanOrEqual(0xd800);
      expect(bad!.charCodeAt(0)).toBeLessThanOrEqual(0xdfff);
    }
    for (let cp = 0xd800; cp <= 0xdfff; cp++) expect(isFaceCodePoint(cp)).toBe(false);
  });

  it('returns the first offending character', () => {
    expect(unprintableChar('上海😀公司\u0000')).toBe('😀');
    expect(unprintableChar('上海\u0000公司😀')).toBe('\u0000');
  });

  it('takes only what the bureau takes: the precomputed set is inside the repertoire, in order', () => {
    const ranges = faceCodePointRanges();
    expect(ranges.length).toBeGreaterThan(100);
    let prev = -2;
    let total = 0;
    for (const [lo, hi] of ranges) {
      expect(lo).toBeGreaterThan(prev + 1); // sorted, disjoint, not adjacent (maximal ranges)
      expect(hi).toBeGreaterThanOrEqual(lo);
      prev = hi;
      for (let cp = lo; cp <= hi; cp++) {
        total++;
        if (!isBureauCodePoint(cp))
          expect.fail(`U+${cp.toString(16)} allowed but not in the bureau's repertoire`);
        const s = ch(cp);
        if (/\p{Emoji_Presentation}|\p{C}|\p{M}/u.test(s))
          expect.fail(`U+${cp.toString(16)} is emoji/control/mark`);
      }
    }
    expect(prev).toBeLessThanOrEqual(0x3134a);
    expect(total).toBeGreaterThan(90_000);
  });

  it('the repertoire covers every ideograph of GB 18030-2022 and no more', () => {
    const names = BUREAU_BLOCKS.map(([, , name]) => name);
    for (const ext of ['A', 'B', 'C', 'D', 'E', 'F', 'G']) expect(names).toContain(`CJK Extension ${ext}`);
    expect(isBureauCodePoint(0x31350)).toBe(false); // Extension H
    expect(isBureauCodePoint(0x323af)).toBe(false);
    expect(isBureauCodePoint(0x2ebf0)).toBe(false); // Extension I
    // The extensions' Unicode 15 ranges, every one assigned, are all in the repertoire.
    for (const [lo, hi] of [
      [0x3400, 0x4dbf],
      [0x4e00, 0x9fff],
      [0x20000, 0x2a6df],
      [0x2a700, 0x2b739],
      [0x2b740, 0x2b81d],
      [0x2b820, 0x2cea1],
      [0x2ceb0, 0x2ebe0],
      [0x30000, 0x3134a],
    ])
      for (let cp = lo; cp <= hi; cp++)
        if (!isBureauCodePoint(cp)) expect.fail(`U+${cp.toString(16)} missing from the repertoire`);
  });

  it('the fonts draw all of Extensions A–F and the compatibility ideographs, most of G', () => {
    const count = (lo: number, hi: number) => {
      let n = 0;
      for (let cp = lo; cp <= hi; cp++) if (isFaceCodePoint(cp)) n++;
      return n;
    };
    expect(count(0x3400, 0x4dbf)).toBe(6592); // A
    expect(count(0x4e00, 0x9fff)).toBe(20992); // URO
    expect(count(0x20000, 0x2a6df)).toBe(42720); // B
    expect(count(0x2a700, 0x2b739)).toBe(4154); // C (Unicode 15)
    expect(count(0x2b740, 0x2b81d)).toBe(222); // D
    expect(count(0x2b820, 0x2cea1)).toBe(5762); // E (Unicode 15)
    expect(count(0x2ceb0, 0x2ebe0)).toBe(7473); // F
    expect(count(0xf900, 0xfaff)).toBe(472); // compatibility ideographs
    expect(count(0x2f800, 0x2fa1d)).toBe(542); // supplement
    expect(count(0x30000, 0x3134a)).toBeGreaterThanOrEqual(3330); // G: what BabelStone Han 16 draws
  });
});
