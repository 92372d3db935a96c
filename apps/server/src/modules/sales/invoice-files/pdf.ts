import { createHash } from 'node:crypto';
import {
  amountInWords,
  formatYuan,
  type InvoiceType,
  POLICY_LABEL,
  type PreferentialPolicy,
  rateLabel,
} from '@fpy/domain';
import { type PDFImage, PDFDocument, type PDFPage, type RGB, rgb } from 'pdf-lib';
import { type FaceData, type FaceLine, signedFen, signedQuantity, ymdChinese, ymdCompact } from './face.ts';
import { FaceFonts } from './face-fonts.ts';
import { qrContent } from './qr.ts';
import { appendRawContent, useNativeFlate, useNativeFlatePage } from './native-flate.ts';
import { PageOps } from './page-ops.ts';
import { qrOperators } from './qr-draw.ts';

/**
 * The invoice face as the 数电 layout prints it: 241 × 140 mm, QR code top left, title in the middle with a
 * double rule, number and date top right, one frame holding buyer | seller, the lines, 合计, 价税合计 and 备注,
 * 开票人 under the frame. Frame and labels brown, content black, like the bureau's PDF.
 *
 * Many lines continue on further pages with the same frame (LINES_PER_PAGE each); the totals, 价税合计 and
 * 备注 print on the last page, every page says 第 n 页 / 共 N 页. Nothing is ever dropped: a name that does not
 * fit shrinks, then wraps to two lines.
 */
export interface SealInput {
  bytes: Uint8Array;
  mime: 'image/png' | 'image/jpeg';
}

const MM = 72 / 25.4;
const W = 241 * MM;
const H = 140 * MM;
const L = 22;
const R = W - 22;
const MID = (L + R) / 2;

const BROWN = rgb(0.56, 0.24, 0.1);
const INK = rgb(0.08, 0.08, 0.08);
const RED = rgb(0.85, 0.08, 0.08);

// Vertical layout, measured from the top of the page.
const BOX_TOP = 66;
const PARTY_H = 58;
const HEAD_H = 16;
const ROW_H = 13;
const BOX_BOTTOM = H - 26;
const REMARK_H = 44;
const WORDS_H = 20;
const SUM_H = 16;
const LINES_TOP = BOX_TOP + PARTY_H + HEAD_H;
const SUM_TOP = BOX_BOTTOM - REMARK_H - WORDS_H - SUM_H;
export const LINES_PER_PAGE = Math.floor((SUM_TOP - LINES_TOP) / ROW_H);

/** The lines table: header, width (they add up to the frame's width) and alignment. */
const COLUMNS = [
  { key: 'name', title: '项目名称', width: 176, align: 'left' },
  { key: 'spec', title: '规格型号', width: 70, align: 'left' },
  { key: 'unit', title: '单位', width: 38, align: 'center' },
  { key: 'quantity', title: '数量', width: 62, align: 'right' },
  { key: 'price', title: '单价', width: 76, align: 'right' },
  { key: 'amount', title: '金额', width: 80, align: 'right' },
  { key: 'rate', title: '税率/征收率', width: 56, align: 'center' },
  { key: 'tax', title: '税额', width: 81, align: 'right' },
] as const;
type ColumnKey = (typeof COLUMNS)[number]['key'];

export function titleOf(type: InvoiceType): string {
  if (type === 'digital_special' || type === 'digital_paper_special') return '电子发票（增值税专用发票）';
  if (type === 'digital_ordinary' || type === 'digital_paper_ordinary') return '电子发票（普通发票）';
  return (
    {
      special_paper: '增值税专用发票',
      ordinary_paper: '增值税普通发票',
      electronic_special: '增值税电子专用发票',
      electronic_ordinary: '增值税电子普通发票',
      roll: '增值税普通发票（卷式）',
    } as Record<string, string>
  )[type];
}

/** Control characters would print as boxes; tabs and newlines become spaces. */
const clean = (s: string | null | undefined) =>
  Array.from(s ?? '', (c) => (c.charCodeAt(0) < 0x20 || c === '\u007f' ? ' ' : c))
    .join('')
    .trim();

/** Six capital letters derived from the invoice: the PDF subset-font tag (ISO 32000 §9.6.4), stable per invoice. */
function subsetTag(seed: string): string {
  const h = createHash('sha256').update(seed).digest();
  return Array.from(h.subarray(0, 6), (b) => String.fromCharCode(65 + (b % 26))).join('');
}

class Face {
  private readonly ops: PageOps;

  constructor(
    doc: PDFDocument,
    readonly page: PDFPage,
    readonly fonts: FaceFonts,
  ) {
    this.ops = new PageOps(doc, page);
  }

  width(s: string, size: number) {
    return this.fonts.width(s, size);
  }

  /** Text whose baseline is `top` points below the page's top edge. */
  text(
    s: string,
    x: number,
    top: number,
    size: number,
    opts: { color?: RGB; align?: 'left' | 'right' | 'center'; maxWidth?: number; minSize?: number } = {},
  ) {
    if (!s) return;
    let fs = size;
    if (opts.maxWidth) {
      const w = this.width(s, size);
      if (w > opts.maxWidth) fs = Math.max(opts.minSize ?? 5, (size * opts.maxWidth) / w);
    }
    const w = this.width(s, fs);
    let cx = x + (opts.align === 'right' ? -w : opts.align === 'center' ? -w / 2 : 0);
    const color = opts.color ?? INK;
    // A rare character's run is drawn in the fallback font that has it, on the same baseline.
    for (const run of this.fonts.runs(s)) {
      this.ops.text(run.text, run.font, cx, H - top, fs, color);
      cx += run.font.widthOfTextAtSize(run.text, fs);
    }
  }

  /** Left-aligned text in a cell: shrinks down to `minSize`, then wraps to two lines (the rest is cut with …). */
  cellText(s: string, x: number, rowTop: number, width: number, size: number, minSize: number) {
    const fitted = (size * width) / Math.max(this.width(s, size), 0.01);
    if (fitted >= size) return this.text(s, x, rowTop + ROW_H - 3.6, size);
    if (fitted >= minSize) return this.text(s, x, rowTop + ROW_H - 3.6, fitted);
    const small = minSize;
    const chars = Array.from(s);
    let first = '';
    let i = 0;
    while (i < chars.length && this.width(first + chars[i], small) <= width) first += chars[i++];
    let second = chars.slice(i).join('');
    if (this.width(second, small) > width) {
      while (second && this.width(`${second}…`, small) > width)
        second = Array.from(second).slice(0, -1).join('');
      second += '…';
    }
    this.text(first, x, rowTop + small + 0.8, small);
    this.text(second, x, rowTop + 2 * small + 1.6, small);
  }

  /** A company name: 9 pt, shrinking to 7.5 pt, then two lines around the baseline (names run to 100 characters). */
  partyName(s: string, x: number, baseline: number, width: number) {
    const w = this.width(s, 9);
    if ((9 * width) / w >= 7.5) return this.text(s, x, baseline, 9, { maxWidth: width });
    const chars = Array.from(s);
    let first = '';
    let i = 0;
    while (i < chars.length && this.width(first + chars[i], 7.5) <= width) first += chars[i++];
    this.text(first, x, baseline - 4.5, 7.5);
    this.text(chars.slice(i).join(''), x, baseline + 4.5, 7.5, { maxWidth: width, minSize: 4 });
  }

  hLine(x1: number, x2: number, top: number, thickness = 0.8, color = BROWN) {
    this.ops.line(x1, H - top, x2, H - top, thickness, color);
  }

  vLine(x: number, top1: number, top2: number, thickness = 0.8, color = BROWN) {
    this.ops.line(x, H - top1, x, H - top2, thickness, color);
  }

  /** A label written top to bottom in a narrow column (购买方信息, 备注). */
  verticalLabel(s: string, x: number, top: number, bottom: number, size: number) {
    const chars = Array.from(s);
    const step = Math.min(size + 2, (bottom - top) / chars.length);
    const start = top + (bottom - top - step * chars.length) / 2 + size;
    for (const [i, c] of chars.entries())
      this.text(c, x, start + i * step, size, { color: BROWN, align: 'center' });
  }
}

const taxRateText = (l: FaceLine) => {
  if (l.rate === 'rate_0' && (l.policy === 'exempt' || l.policy === 'non_taxable'))
    return POLICY_LABEL[l.policy as PreferentialPolicy];
  return rateLabel(l.rate);
};

function cellValues(data: FaceData, l: FaceLine): Record<ColumnKey, string> {
  const inv = data.invoice;
  const exempt = l.rate === 'rate_0' && (l.policy === 'exempt' || l.policy === 'non_taxable');
  return {
    name: clean(l.name),
    spec: clean(l.spec),
    unit: clean(l.unit),
    quantity: signedQuantity(inv, l.quantity) ?? '',
    price: l.unitPriceExclusive ?? l.unitPrice ?? '',
    amount: formatYuan(signedFen(inv, l.amountFen)),
    rate: taxRateText(l),
    // 免税 / 不征税 lines print *** for the tax, as the bureau's face does.
    tax: exempt && l.taxFen === 0 ? '***' : formatYuan(signedFen(inv, l.taxFen)),
  };
}

function drawFrame(f: Face, data: FaceData, pageNo: number, pages: number) {
  const inv = data.invoice;
  if (inv.colour === 'red') f.text('销项负数', L + 64, 34, 12, { color: RED });

  const title = titleOf(inv.type);
  f.text(title, W / 2, 34, 16, { color: BROWN, align: 'center' });
  const tw = f.width(title, 16) + 12;
  f.hLine(W / 2 - tw / 2, W / 2 + tw / 2, 40, 0.7);
  f.hLine(W / 2 - tw / 2, W / 2 + tw / 2, 42.5, 0.7);

  const infoX = R - 178;
  f.text('发票号码：', infoX, 30, 9, { color: BROWN });
  f.text(inv.number, infoX + 46, 30, 9.5);
  f.text('开票日期：', infoX, 46, 9, { color: BROWN });
  f.text(ymdChinese(inv.issuedAt), infoX + 46, 46, 9.5);

  // The frame.
  f.hLine(L, R, BOX_TOP);
  f.hLine(L, R, BOX_BOTTOM);
  f.vLine(L, BOX_TOP, BOX_BOTTOM);
  f.vLine(R, BOX_TOP, BOX_BOTTOM);

  // Buyer | seller.
  const partyBottom = BOX_TOP + PARTY_H;
  f.hLine(L, R, partyBottom);
  f.vLine(MID, BOX_TOP, partyBottom);
  for (const [x0, label, name, taxNo] of [
    [L, '购买方信息', inv.buyerName, inv.buyerTaxNumber],
    [MID, '销售方信息', inv.sellerName, inv.sellerCreditCode],
  ] as const) {
    f.vLine(x0 + 18, BOX_TOP, partyBottom, 0.6);
    f.verticalLabel(label, x0 + 9, BOX_TOP, partyBottom, 8.5);
    const x = x0 + 24;
    const avail = MID - L - 30;
    f.text('名称：', x, BOX_TOP + 22, 8.5, { color: BROWN });
    f.partyName(clean(name), x + 28, BOX_TOP + 22, avail - 28);
    f.text('统一社会信用代码/纳税人识别号：', x, BOX_TOP + 42, 8.5, { color: BROWN });
    f.text(clean(taxNo), x + 134, BOX_TOP + 42, 9, { maxWidth: avail - 134 });
  }

  // Lines header.
  let cx = L;
  for (const c of COLUMNS) {
    f.text(c.title, cx + c.width / 2, partyBottom + 11.5, 8.5, { color: BROWN, align: 'center' });
    cx += c.width;
  }

  // 合计, 价税合计, 备注 bands (their content comes on the last page).
  f.hLine(L, R, SUM_TOP + SUM_H, 0.6);
  f.hLine(L, R, SUM_TOP + SUM_H + WORDS_H, 0.6);
  f.vLine(L + 18, SUM_TOP + SUM_H + WORDS_H, BOX_BOTTOM, 0.6);
  f.verticalLabel('备注', L + 9, SUM_TOP + SUM_H + WORDS_H, BOX_BOTTOM, 8.5);
  f.text('价税合计（大写）', L + 6, SUM_TOP + SUM_H + 13.5, 8.5, { color: BROWN });
  f.text('（小写）', R - 168, SUM_TOP + SUM_H + 13.5, 8.5, { color: BROWN });

  f.text('开票人：', L + 12, H - 12, 8.5, { color: BROWN });
  f.text(clean(inv.drawer), L + 46, H - 12, 9);
  if (pages > 1) f.text(`第 ${pageNo} 页 / 共 ${pages} 页`, R, H - 12, 8, { color: BROWN, align: 'right' });
}

function drawLines(f: Face, data: FaceData, lines: FaceLine[]) {
  lines.forEach((l, i) => {
    const rowTop = LINES_TOP + i * ROW_H;
    const v = cellValues(data, l);
    let x = L;
    for (const c of COLUMNS) {
      const value = v[c.key];
      const pad = 4;
      if (c.key === 'name' || c.key === 'spec') f.cellText(value, x + pad, rowTop, c.width - 2 * pad, 8, 5.5);
      else {
        const anchor = c.align === 'right' ? x + c.width - pad : x + c.width / 2;
        f.text(value, anchor, rowTop + ROW_H - 3.6, 8, {
          align: c.align,
          maxWidth: c.width - 2 * pad,
          minSize: 4,
        });
      }
      x += c.width;
    }
  });
}

function drawTotals(f: Face, data: FaceData, last: boolean) {
  const inv = data.invoice;
  const sumBase = SUM_TOP + SUM_H - 4.5;
  f.text('合', L + 40, sumBase, 8.5, { color: BROWN });
  f.text('计', L + 76, sumBase, 8.5, { color: BROWN });
  if (!last) {
    f.text('（续下页）', MID, sumBase, 8.5, { color: BROWN, align: 'center' });
    return;
  }
  const amountRight = L + COLUMNS.slice(0, 6).reduce((s, c) => s + c.width, 0) - 4;
  f.text(`¥${formatYuan(signedFen(inv, inv.amountFen))}`, amountRight, sumBase, 8.5, { align: 'right' });
  f.text(`¥${formatYuan(signedFen(inv, inv.taxFen))}`, R - 4, sumBase, 8.5, { align: 'right' });

  const total = signedFen(inv, inv.totalFen);
  const wordsBase = SUM_TOP + SUM_H + 13.5;
  f.text(`⊗ ${amountInWords(total)}`, L + 100, wordsBase, 9.5, { maxWidth: R - 176 - (L + 100) });
  f.text(`¥${formatYuan(total)}`, R - 132, wordsBase, 9.5);

  const remarks: string[] = [];
  if (inv.colour === 'red' && inv.blueNumber && !(inv.remarks ?? '').includes(inv.blueNumber))
    remarks.push(`对应正数发票号码：${inv.blueNumber}`);
  if (inv.remarks) remarks.push(clean(inv.remarks));
  const extra = [inv.payee && `收款人：${clean(inv.payee)}`, inv.reviewer && `复核人：${clean(inv.reviewer)}`]
    .filter(Boolean)
    .join('  ');
  if (extra) remarks.push(extra);
  drawRemarks(f, remarks.join('\n'), L + 24, SUM_TOP + SUM_H + WORDS_H, R - L - 30);
}

/** 备注: up to 200 characters (§1.4) wrapped into the band, shrinking when it would not fit in four lines. */
function drawRemarks(f: Face, text: string, x: number, top: number, width: number) {
  if (!text) return;
  for (const size of [8.5, 7.5, 6.5, 5.5]) {
    const lines = wrap(f, text, size, width);
    const lineH = size + 1.8;
    if (lines.length * lineH <= REMARK_H - 4 || size === 5.5) {
      const fitting = lines.slice(0, Math.floor((REMARK_H - 4) / lineH));
      for (const [i, ln] of fitting.entries()) f.text(ln, x, top + 3 + size + i * lineH, size);
      return;
    }
  }
}

function wrap(f: Face, text: string, size: number, width: number): string[] {
  const out: string[] = [];
  for (const para of text.split('\n')) {
    let line = '';
    for (const ch of Array.from(para)) {
      if (line && f.width(line + ch, size) > width) {
        out.push(line);
        line = '';
      }
      line += ch;
    }
    if (line) out.push(line);
  }
  return out;
}

function drawSeal(page: PDFPage, image: PDFImage) {
  // A 发票专用章 is an oval about 40 × 30 mm; scaled into the seller block, overlapping it as a stamp does.
  const maxW = 40 * MM * 0.85;
  const maxH = 30 * MM * 0.85;
  const scale = Math.min(maxW / image.width, maxH / image.height);
  const w = image.width * scale;
  const h = image.height * scale;
  const cx = MID + (R - MID) * 0.7;
  const cy = H - (BOX_TOP + PARTY_H / 2);
  page.drawImage(image, { x: cx - w / 2, y: cy - h / 2, width: w, height: h, opacity: 0.9 });
}

/** Every string of the face data: what the face may print besides its own labels. */
function* faceTexts(data: FaceData): Generator<string> {
  for (const v of Object.values(data.invoice)) if (typeof v === 'string') yield v;
  for (const l of data.lines) for (const v of Object.values(l)) if (typeof v === 'string') yield v;
}

/**
 * Renders the face. Fonts are parsed once per process; each PDF embeds only the glyphs it uses, and a
 * fallback font only when the face has a character the main font lacks (face-fonts.ts).
 */
export async function renderInvoicePdf(data: FaceData, seal?: SealInput | null): Promise<Uint8Array> {
  const inv = data.invoice;
  const doc = await PDFDocument.create({ updateMetadata: false });
  useNativeFlate(doc);
  const fonts = await FaceFonts.embed(doc, faceTexts(data), (name) =>
    name === 'NotoSansSC-Regular' ? subsetTag(inv.number) : subsetTag(`${inv.number}+${name}`),
  );
  // Deterministic metadata: rendering the same invoice twice gives the same bytes.
  doc.setTitle(`${titleOf(inv.type)} ${inv.number}`);
  doc.setSubject(`发票号码 ${inv.number}`);
  doc.setCreator('发票云');
  doc.setProducer('发票云 invoice-files');
  doc.setCreationDate(inv.issuedAt);
  doc.setModificationDate(inv.issuedAt);

  let sealImage: PDFImage | null = null;
  if (seal)
    sealImage = seal.mime === 'image/png' ? await doc.embedPng(seal.bytes) : await doc.embedJpg(seal.bytes);

  const qr = qrOperators(
    qrContent({
      type: inv.type,
      number: inv.number,
      totalFen: signedFen(inv, inv.totalFen),
      issueDate: ymdCompact(inv.issuedAt),
      checkCode: inv.checkCode,
    }),
    L,
    H - 10 - 54,
    54,
    [0.08, 0.08, 0.08],
  );
  const chunks: FaceLine[][] = [];
  for (let i = 0; i < data.lines.length; i += LINES_PER_PAGE)
    chunks.push(data.lines.slice(i, i + LINES_PER_PAGE));
  if (chunks.length === 0) chunks.push([]);
  chunks.forEach((lines, i) => {
    const page = doc.addPage([W, H]);
    useNativeFlatePage(page);
    const f = new Face(doc, page, fonts);
    const last = i === chunks.length - 1;
    drawFrame(f, data, i + 1, chunks.length);
    drawLines(f, data, lines);
    drawTotals(f, data, last);
    if (sealImage) drawSeal(page, sealImage);
    appendRawContent(doc, page, qr);
  });
  // Without object streams nothing else needs compressing; the face grows by about a kilobyte.
  return doc.save({ useObjectStreams: false });
}
