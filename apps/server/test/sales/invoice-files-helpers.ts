import type { FaceData, FaceLine } from '../../src/modules/sales/invoice-files/face-data.ts';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { SaxesParser } from 'saxes';

/** A parsed XML element: enough to walk the 数电 XML by path. */
export interface XmlNode {
  name: string;
  children: XmlNode[];
  text: string;
}

/** Parses with a strict, well-formedness-checking parser: a bad escape fails the test. */
export function parseXml(xml: string): XmlNode {
  const parser = new SaxesParser();
  const root: XmlNode = { name: '#root', children: [], text: '' };
  const stack: XmlNode[] = [root];
  parser.on('opentag', (t) => {
    const node: XmlNode = { name: t.name, children: [], text: '' };
    stack[stack.length - 1].children.push(node);
    stack.push(node);
  });
  parser.on('text', (t) => {
    stack[stack.length - 1].text += t;
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.write(xml).close();
  return root.children[0];
}

/** Children by slash path, e.g. `EInvoiceData/BasicInformation/TotalTaxAm`. */
export function xmlAll(node: XmlNode, path: string): XmlNode[] {
  let level = [node];
  for (const part of path.split('/')) level = level.flatMap((n) => n.children.filter((c) => c.name === part));
  return level;
}

export const xmlText = (node: XmlNode, path: string) => xmlAll(node, path)[0]?.text.trim();

/** pdftotext (poppler-utils) when installed, else null: the font checks below still run. */
export function pdfText(pdf: Uint8Array): string | null {
  const probe = spawnSync('pdftotext', ['-v'], { encoding: 'utf8' });
  if (probe.error) return null;
  const dir = mkdtempSync(join(tmpdir(), 'fpy-pdftext-'));
  const file = join(dir, 'f.pdf');
  writeFileSync(file, pdf);
  const r = spawnSync('pdftotext', ['-enc', 'UTF-8', file, join(dir, 'f.txt')], { encoding: 'utf8' });
  if (r.status !== 0) return null;
  return readFileSync(join(dir, 'f.txt'), 'utf8');
}

/** What a test needs to know of a PDF: pages, embedded fonts (name, subset?, FontFile2?) and images. */
export async function inspectPdf(pdf: Uint8Array) {
  const doc = await PDFDocument.load(pdf);
  const fonts: { baseFont: string; subset: boolean; fontFile2: boolean; glyphs: number; drawable: number }[] =
    [];
  let images = 0;
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    const dict = obj instanceof PDFDict ? obj : (obj as { dict?: PDFDict }).dict;
    if (!(dict instanceof PDFDict)) continue;
    if (dict.get(PDFName.of('Subtype'))?.toString() === '/Image') images++;
    if (dict.get(PDFName.of('Type'))?.toString() === '/FontDescriptor') {
      const baseFont = dict.get(PDFName.of('FontName'))?.toString().slice(1) ?? '';
      const file = dict.lookup(PDFName.of('FontFile2'));
      // Decode the embedded subset and draw every glyph: a corrupt subset renders blanks although its
      // ToUnicode map (and so pdftotext) still reads right.
      let glyphs = 0;
      let drawable = 0;
      if (file instanceof PDFRawStream) {
        const font = fontkit.create(decodePDFRawStream(file).decode());
        glyphs = font.numGlyphs;
        for (let id = 1; id < glyphs; id++) {
          const box = font.getGlyph(id).path.bbox;
          if (box.maxX > box.minX) drawable++;
        }
      }
      fonts.push({ baseFont, subset: /^[A-Z]{6}\+/.test(baseFont), fontFile2: !!file, glyphs, drawable });
    }
  }
  return { pages: doc.getPageCount(), fonts, images, title: doc.getTitle() };
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

/** A real, decodable RGBA PNG: a red ring like a 发票专用章, `w` × `h` pixels. */
export function sealPng(w = 120, h = 90): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < h; y++) {
    const row = Buffer.alloc(1 + w * 4);
    for (let x = 0; x < w; x++) {
      const r = Math.hypot((x - w / 2) / (w / 2 - 2), (y - h / 2) / (h / 2 - 2));
      if (Math.abs(r - 0.9) < 0.07) row.set([220, 30, 30, 255], 1 + x * 4);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An issued face as the sales side renders it (the layout-file tests; the purchase side parses its files). */
export function sampleFace(over: Partial<FaceData['invoice']> = {}, lineCount = 1, sign = 1): FaceData {
  const line = (i: number): FaceLine => ({
    lineNo: i + 1,
    kind: 'normal',
    name: `*软件维护服务*接口服务费${i + 1}`,
    spec: 'V2',
    unit: '次',
    quantity: '2',
    unitPrice: '100',
    unitPriceExclusive: '100',
    policy: null,
    rate: 'rate_13',
    amountFen: sign * 20_000,
    taxFen: sign * 2_600,
  });
  return {
    invoice: {
      id: 1,
      tenantId: 1,
      type: 'digital_special',
      colour: 'blue',
      number: '24312000000136634917',
      issuedAt: new Date('2024-05-14T02:20:30Z'),
      sellerName: '演示科技有限公司',
      sellerCreditCode: '91310115MA1K4GDM05',
      sellerAddress: null,
      sellerPhone: null,
      sellerBank: null,
      sellerAccount: null,
      buyerName: '上海云帆 <信息> & "技术" 有限公司',
      buyerTaxNumber: '91310104MA1FR8KX39',
      buyerAddress: null,
      buyerPhone: null,
      buyerBank: null,
      buyerAccount: null,
      remarks: '合同号 A&B<1>',
      drawer: '演示管理员',
      payee: null,
      reviewer: null,
      amountFen: sign * 20_000 * lineCount,
      taxFen: sign * 2_600 * lineCount,
      totalFen: sign * 22_600 * lineCount,
      status: 'issued',
      blueNumber: null,
      checkCode: null,
      specialLabel: null,
      ...over,
    },
    lines: Array.from({ length: lineCount }, (_, i) => line(i)),
  };
}
