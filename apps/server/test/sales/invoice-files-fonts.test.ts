import { faceCodePointRanges, isFaceCodePoint } from '@fpy/domain';
import { describe, expect, it } from 'vitest';
import type { FaceData } from '../../src/modules/sales/invoice-files/face-data.ts';
import { faceCoverage, toRanges } from '../../src/modules/sales/invoice-files/face-coverage.ts';
import { FACE_FONT_SPECS, faceFont, fontIndexFor } from '../../src/modules/sales/invoice-files/font.ts';
import { renderInvoicePdf } from '../../src/modules/sales/invoice-files/pdf.ts';
import { drawnChars } from './invoice-files-glyphs.ts';
import { inspectPdf, pdfText, sampleFace } from './invoice-files-helpers.ts';

/**
 * Issue 12 §6: the legal face never loses a character. The face-text rule of @fpy/domain (what input takes)
 * and the PDF's fonts (what the face draws) are proven to be the same set, code point by code point.
 */

const hex = (cp: number) => `U+${cp.toString(16).toUpperCase()}`;

/** One character from each source of glyphs: main font, its Latin sibling, HanaMinB, BabelStone Han. */
const RARE = {
  extB: '\u{20BB7}', // 𠮷
  extA: '\u3400', // 㐀
  extA13: '\u4DB6', // added in Unicode 13
  extC: '\u{2A700}',
  extD: '\u{2B740}',
  extE: '\u{2B820}',
  extF: '\u{2CEB0}',
  extG: '\u{30000}',
  biang: '\u{30EDE}', // 𰻞, Extension G
  compat: '\uF900', // 豈, a compatibility ideograph (its unified twin is U+8C48)
  compatSup: '\u{2F800}',
  latin: 'Ł',
};
const RARE_NAME = `上海${Object.values(RARE).join('')}有限公司`;

function face(
  buyerName: string,
  lineName = '*软件维护服务*接口服务费',
  number = '24312000000136634917',
): FaceData {
  const data = sampleFace({ buyerName, number, remarks: null });
  return { ...data, lines: data.lines.map((l) => ({ ...l, name: lineName })) };
}

describe('the face fonts draw exactly what the face-text rule accepts (issue 12 §6)', () => {
  it('every allowed code point has a glyph in the embedded font set', () => {
    const perFont = FACE_FONT_SPECS.map(() => 0);
    let total = 0;
    for (const [lo, hi] of faceCodePointRanges())
      for (let cp = lo; cp <= hi; cp++) {
        total++;
        const i = fontIndexFor(cp);
        if (i < 0) expect.fail(`${hex(cp)} is allowed but no face font has it`);
        const f = faceFont(i).font;
        if (!f.hasGlyphForCodePoint(cp) || f.glyphForCodePoint(cp).id === 0)
          expect.fail(`${hex(cp)}: ${FACE_FONT_SPECS[i].name} has no glyph`);
        perFont[i]++;
      }
    expect(total).toBeGreaterThan(95_000);
    // Each font is used: the main font for the common characters, the fallbacks for the rest.
    for (const n of perFont) expect(n).toBeGreaterThan(0);
  });

  it('the rule is what the bureau takes and the fonts draw with ink, no more, no less', {
    timeout: 600_000,
  }, () => {
    // Recomputed from the font files (cmap + outline of every candidate): when a font or the repertoire
    // changes, regenerate with `node --import tsx apps/server/src/modules/invoice-files/gen-face-code-points.ts`.
    const cov = faceCoverage();
    expect(toRanges(cov.codePoints)).toEqual(faceCodePointRanges());
    // What the bureau takes and no font draws is refused at input (e.g. most of the rest of Extension G).
    for (const cp of cov.undrawn) if (isFaceCodePoint(cp)) expect.fail(`${hex(cp)} accepted but not drawn`);
  });
});

describe('fallback fonts on the invoice PDF (issue 12 §6)', () => {
  it('a face of common characters embeds only the main font, as before', async () => {
    const pdf = await renderInvoicePdf(face('上海云帆信息技术有限公司'));
    const info = await inspectPdf(pdf);
    expect(info.fonts.map((f) => f.baseFont.slice(7))).toEqual(['NotoSansSC-Regular']);
    expect(pdf.length).toBeLessThan(40 * 1024);
  });

  it('rare characters are drawn by the fallback that has them, subset per invoice, and read back as typed', async () => {
    const lineName = `*软件维护服务*${RARE.extB}${RARE.extG}${RARE.compat}服务`;
    const pdf = await renderInvoicePdf(face(RARE_NAME, lineName));
    const info = await inspectPdf(pdf);
    const names = info.fonts.map((f) => f.baseFont.slice(7)).sort();
    expect(names).toEqual(['BabelStoneHan', 'HanaMinB', 'NotoSans-Regular', 'NotoSansSC-Regular']);
    for (const f of info.fonts) {
      expect(f).toMatchObject({ subset: true, fontFile2: true });
      expect(f.glyphs).toBeLessThan(200); // a subset: only this invoice's glyphs, not 30 000–65 000
      expect(f.drawable).toBe(f.glyphs - 1 - (f.baseFont.endsWith('NotoSansSC-Regular') ? 1 : 0)); // all but .notdef (and the space)
    }
    expect(pdf.length).toBeLessThan(150 * 1024);

    const drawn = await drawnChars(pdf);
    for (const [what, c] of Object.entries(RARE)) {
      const cp = c.codePointAt(0)!;
      const ways = drawn.get(c);
      expect(ways, `${what} ${hex(cp)} is not in the PDF`).toBeDefined();
      for (const w of ways!) {
        expect(w.drawable, `${what} ${hex(cp)} in ${w.font} has no outline`).toBe(true);
        expect(w.font.slice(7)).toBe(FACE_FONT_SPECS[fontIndexFor(cp)].name);
      }
    }
    const text = pdfText(pdf);
    if (text !== null) {
      expect(text).toContain(RARE_NAME);
      expect(text).toContain(lineName);
    }
    // Deterministic bytes (the files are rendered again on demand), fresh subset tags per invoice.
    expect(Buffer.from(await renderInvoicePdf(face(RARE_NAME, lineName))).equals(Buffer.from(pdf))).toBe(
      true,
    );
    const other = await inspectPdf(await renderInvoicePdf(face(RARE_NAME, lineName, '24312000000136634918')));
    const tags = (i: typeof info) => i.fonts.map((f) => f.baseFont.slice(0, 6)).sort();
    expect(tags(other)).not.toEqual(tags(info));
  });

  it('one glyph drawn for two code points reads back as each (一 ⼀, 豈 豈)', async () => {
    // Noto Sans SC draws U+4E00 and the Kangxi radical U+2F00, U+8C48 and U+F900, with one glyph each; the
    // ToUnicode map must still give back what was typed, whatever the process rendered before.
    const name = '一\u2F00\u8C48\uF900\u{2F800}\u4E3D公司';
    await renderInvoicePdf(face('\u2F00\uF900\u4E3D')); // the "other" code points ask for the glyphs first
    const pdf = await renderInvoicePdf(face(name));
    const drawn = await drawnChars(pdf);
    for (const c of name)
      expect(
        drawn.get(c)?.every((w) => w.drawable),
        hex(c.codePointAt(0)!),
      ).toBe(true);
    const text = pdfText(pdf);
    if (text !== null) expect(text).toContain(name);
  });

  it('a character no font draws (data saved before the rule) prints as a box and pulls in no fallback', async () => {
    const pdf = await renderInvoicePdf(face('旧数据😀公司'));
    const info = await inspectPdf(pdf);
    expect(info.fonts.map((f) => f.baseFont.slice(7))).toEqual(['NotoSansSC-Regular']);
  });
});
