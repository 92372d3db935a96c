import type { PDFDocument, PDFFont } from 'pdf-lib';
import { FACE_FONT_SPECS, faceFont, faceFontkit, fontIndexFor } from './font.ts';

/** A stretch of text drawn with one font. */
export interface TextRun {
  font: PDFFont;
  text: string;
}

/**
 * The fonts one invoice PDF embeds: always the main font; a fallback (font.ts) only when one of the face's
 * texts has a character the main font lacks and that fallback draws — each as its own per-invoice subset.
 * A face without rare characters (nearly all) embeds exactly what it did before fallbacks existed, and its
 * text is never split: `runs` returns the whole string in the main font without looking at it.
 */
export class FaceFonts {
  private constructor(
    private readonly embedded: ReadonlyArray<PDFFont | undefined>,
    /** Whether any fallback is embedded (otherwise every run is the main font). */
    private readonly mixed: boolean,
  ) {}

  /**
   * Embeds the fonts `texts` need (every string the face may print; labels are all in the main font).
   * `tag(name)` gives the six-letter subset tag for a font's PostScript name.
   */
  static async embed(doc: PDFDocument, texts: Iterable<string>, tag: (name: string) => string) {
    const main = faceFont(0);
    const needed = new Set<number>();
    for (const s of texts)
      for (const ch of s) {
        const cp = ch.codePointAt(0) ?? 0;
        if (main.glyph(cp)) continue;
        const i = fontIndexFor(cp);
        if (i > 0) needed.add(i);
      }
    doc.registerFontkit(faceFontkit);
    const embedded: (PDFFont | undefined)[] = [];
    for (let i = 0; i < FACE_FONT_SPECS.length; i++) {
      if (i > 0 && !needed.has(i)) continue;
      const f = faceFont(i);
      embedded[i] = await doc.embedFont(f.bytes, { subset: true, customName: `${tag(f.name)}+${f.name}` });
    }
    return new FaceFonts(embedded, needed.size > 0);
  }

  /** The main font (labels). */
  get main(): PDFFont {
    return this.embedded[0] as PDFFont;
  }

  /** `s` cut where the drawing font changes. A character no font draws stays in the main font (a box). */
  runs(s: string): TextRun[] {
    if (!this.mixed) return [{ font: this.main, text: s }];
    const out: TextRun[] = [];
    let current = -1;
    let text = '';
    for (const ch of s) {
      let i = fontIndexFor(ch.codePointAt(0) ?? 0);
      if (i < 0 || !this.embedded[i]) i = 0;
      if (i !== current) {
        if (text) out.push({ font: this.embedded[current] as PDFFont, text });
        current = i;
        text = '';
      }
      text += ch;
    }
    if (text) out.push({ font: this.embedded[current] as PDFFont, text });
    return out;
  }

  width(s: string, size: number): number {
    if (!this.mixed) return this.main.widthOfTextAtSize(s, size);
    let w = 0;
    for (const r of this.runs(s)) w += r.font.widthOfTextAtSize(r.text, size);
    return w;
  }
}
