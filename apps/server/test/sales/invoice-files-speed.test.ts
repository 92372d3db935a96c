import { PDFDocument, rgb } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { encodeWithLibrary, faceFont, faceFontkit } from '../../src/modules/sales/invoice-files/font.ts';
import { PageOps } from '../../src/modules/sales/invoice-files/page-ops.ts';
import {
  encodeSubset,
  knowsLayout,
  type TtfSubsetState,
} from '../../src/modules/sales/invoice-files/subset-encode.ts';

/**
 * Issue 14 §2: faces render several times faster by writing what pdf-lib and fontkit wrote, without their
 * per-call costs (page-ops.ts, subset-encode.ts). These tests hold the fast writers to the libraries' bytes.
 */

/** A deterministic pseudo-random sequence (the glyph sets must be the same on every run). */
function lcg(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

type Subset = TtfSubsetState & { includeGlyph(gid: number): number };

async function learn(index: number) {
  const f = faceFont(index).font;
  if (knowsLayout(f)) return;
  // The font's first subset is written by the library and its constant tables learnt from it.
  const s = f.createSubset() as unknown as { encodeStream(): { on(e: string, cb: () => void): unknown } };
  await new Promise<void>((resolve) => {
    const stream = s.encodeStream() as { on(e: string, cb: () => void): typeof stream };
    stream.on('data', () => {}).on('end', resolve);
  });
  expect(knowsLayout(f)).toBe(true);
}

describe('fast font subset writer (subset-encode.ts)', () => {
  for (const [index, name] of [
    [0, 'Noto Sans SC'],
    [1, 'Noto Sans (hinted: cvt, fpgm, prep)'],
  ] as const)
    it(`writes the library's bytes for random glyph sets of ${name}, short and long loca`, async () => {
      await learn(index);
      const font = faceFont(index).font;
      const next = lcg(index + 7);
      for (const count of [1, 3, 40, 150, 600, 3000]) {
        const ids = Array.from({ length: count }, () => Math.floor(next() * font.numGlyphs));
        const fast = font.createSubset() as unknown as Subset;
        const lib = font.createSubset() as unknown as Subset;
        for (const id of ids) {
          fast.includeGlyph(id);
          lib.includeGlyph(id);
        }
        const mine = encodeSubset(fast);
        expect(mine).not.toBeNull();
        const theirs = await encodeWithLibrary(lib);
        expect(mine!.length, `${count} glyphs`).toBe(theirs.length);
        expect(Buffer.compare(Buffer.from(mine!), Buffer.from(theirs)), `${count} glyphs`).toBe(0);
      }
    });
});

describe("fast page operators (page-ops.ts) write pdf-lib's bytes", () => {
  it('texts (several lines, tabs, odd sizes, exponent-sized numbers) and rules, one font or two', async () => {
    const draw = async (fast: boolean) => {
      const doc = await PDFDocument.create({ updateMetadata: false });
      doc.registerFontkit(faceFontkit);
      const a = await doc.embedFont(faceFont(0).bytes, {
        subset: true,
        customName: 'AAAAAA+NotoSansSC-Regular',
      });
      const b = await doc.embedFont(faceFont(1).bytes, {
        subset: true,
        customName: 'BBBBBB+NotoSans-Regular',
      });
      const page = doc.addPage([683, 397]);
      const ops = new PageOps(doc, page);
      const texts: [string, typeof a, number, number, number][] = [
        ['电子发票（增值税专用发票）', a, 341.5, 363, 16],
        ['第一行\n第二行\r第三行\f第四行', a, 22.123456789, 100.000001, 8.5],
        ['tab\there\u2028sep\bback', a, 0.0000001, 1e21 * 3, 7.25],
        ['Łódź Dvořák', b, 60, 80, 9],
        ['¥-226.00', a, -12.5, 5, 5.5],
      ];
      let i = 0;
      for (const [s, font, x, y, size] of texts) {
        const color = i++ % 2 ? rgb(0.56, 0.24, 0.1) : rgb(0.08, 0.08, 0.08);
        if (fast) ops.text(s, font, x, y, size, color);
        else page.drawText(s, { x, y, size, font, color });
        const line = [22, 331 - i, 661, 331 - i, 0.6 + i / 10] as const;
        if (fast) ops.line(...line, rgb(0.56, 0.24, 0.1));
        else
          page.drawLine({
            start: { x: line[0], y: line[1] },
            end: { x: line[2], y: line[3] },
            thickness: line[4],
            color: rgb(0.56, 0.24, 0.1),
          });
      }
      // Something else drawing in between (the seal is drawn by pdf-lib): order is kept.
      page.drawRectangle({ x: 1, y: 1, width: 2, height: 2 });
      if (fast) ops.text('之后', a, 10, 10, 8, rgb(0, 0, 0));
      else page.drawText('之后', { x: 10, y: 10, size: 8, font: a, color: rgb(0, 0, 0) });
      return Buffer.from(await doc.save({ useObjectStreams: false }));
    };
    const [lib, fast] = [await draw(false), await draw(true)];
    expect(fast.length).toBe(lib.length);
    expect(Buffer.compare(fast, lib)).toBe(0);
  });
});
