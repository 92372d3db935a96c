import { type codeBoards, type Db, tenants } from '@fpy/db';
import { boardPagePath } from '@fpy/contracts';
import { formatYuan } from '@fpy/domain';
import { eq } from 'drizzle-orm';
import { PDFDocument, rgb } from 'pdf-lib';
import type { FileStore } from '../../../lib/file-store.ts';
import { publicBaseUrl } from '../../../lib/public-address.ts';
import { writtenImageType } from '../../platform/base/index.ts';
import { appendRawContent, FaceFonts, qrOperators } from '../../sales/invoice-files/index.ts';
import { controlsOf, effectiveCap } from './controls.ts';

type Board = typeof codeBoards.$inferSelect;

const MM = 72 / 25.4;
/** A5 portrait: a counter stand or a wall sticker. */
const W = 148 * MM;
const H = 210 * MM;
const BRAND = rgb(0.09, 0.4, 0.85);
const INK = rgb(0.1, 0.1, 0.1);
const GREY = rgb(0.45, 0.45, 0.45);

export interface PosterDeps {
  uploads: FileStore;
  config: { PUBLIC_BASE_URL?: string; PORT: number };
}

/** The company's logo when it uploaded one the PDF can embed (PNG / JPEG); else none. */
async function logoOf(uploads: FileStore, logoUrl: string | null) {
  if (!logoUrl?.startsWith('/uploads/')) return null;
  try {
    const bytes = await uploads.get(logoUrl.slice('/uploads/'.length));
    if (!bytes) return null;
    const mime = writtenImageType(bytes);
    return mime === 'image/png' || mime === 'image/jpeg' ? { bytes, mime } : null;
  } catch {
    return null;
  }
}

/**
 * The printable poster of a board: a brand band with the company's logo and name, 扫码开票, the board's name,
 * its QR code (the board page's address on this server), the cap and the categories, the board code in small
 * print. Chinese text in the invoice face's fonts (subset per poster); the QR drawn as vector operators.
 */
export async function renderPoster(db: Db, deps: PosterDeps, board: Board): Promise<Uint8Array> {
  const [tenant] = await db
    .select({ name: tenants.name, logoUrl: tenants.logoUrl })
    .from(tenants)
    .where(eq(tenants.id, board.tenantId))
    .limit(1);
  const sellerName = tenant?.name ?? '';
  const controls = await controlsOf(db, board.tenantId);
  const cap = `单笔开票金额不超过 ¥${formatYuan(effectiveCap(board.capFen, controls))}`;
  const kindLine = board.invoiceKind === 'allEle' ? '全电发票 · 扫码自助开票' : '扫码自助开票';
  const hint = '微信 / 支付宝扫一扫，填写金额与抬头即可申请发票';
  const codeLine = `码牌编码 ${board.code}`;
  const url = `${publicBaseUrl(deps.config)}${boardPagePath(board.code, board.invoiceKind === 'allEle' ? 'allEle' : 'normal')}`;

  const doc = await PDFDocument.create({ updateMetadata: false });
  const texts = [
    sellerName,
    board.name,
    board.businessLine ?? '',
    cap,
    kindLine,
    hint,
    codeLine,
    '扫码开票',
    '发票云',
  ];
  const fonts = await FaceFonts.embed(doc, texts, () => 'CBPOST');
  doc.setTitle(`${sellerName} ${board.name}`);
  doc.setSubject(`码牌海报 ${sellerName}`);
  doc.setCreator('发票云');
  doc.setProducer('发票云 code-boards');
  const page = doc.addPage([W, H]);

  const centred = (s: string, y: number, size: number, color = INK) => {
    let fit = size;
    while (fit > 6 && fonts.width(s, fit) > W - 24 * MM) fit -= 0.5;
    let x = (W - fonts.width(s, fit)) / 2;
    for (const run of fonts.runs(s)) {
      page.drawText(run.text, { x, y, size: fit, font: run.font, color });
      x += run.font.widthOfTextAtSize(run.text, fit);
    }
  };

  // Brand band: logo, company name.
  const bandH = 34 * MM;
  page.drawRectangle({ x: 0, y: H - bandH, width: W, height: bandH, color: BRAND });
  const logo = await logoOf(deps.uploads, tenant?.logoUrl ?? null);
  let nameY = H - bandH / 2 - 5;
  if (logo) {
    const img = logo.mime === 'image/png' ? await doc.embedPng(logo.bytes) : await doc.embedJpg(logo.bytes);
    const s = img.scaleToFit(40 * MM, 13 * MM);
    page.drawImage(img, { x: (W - s.width) / 2, y: H - 6 * MM - s.height, width: s.width, height: s.height });
    nameY = H - bandH + 5 * MM;
  }
  centred(sellerName, nameY, 16, rgb(1, 1, 1));

  centred('扫码开票', H - bandH - 16 * MM, 28, BRAND);
  centred(kindLine, H - bandH - 24 * MM, 11, GREY);
  centred(board.businessLine ? `${board.name} · ${board.businessLine}` : board.name, H - bandH - 33 * MM, 14);

  // The QR code with a quiet frame.
  const qr = 78 * MM;
  const qrX = (W - qr) / 2;
  const qrY = H - bandH - 40 * MM - qr;
  page.drawRectangle({
    x: qrX - 4 * MM,
    y: qrY - 4 * MM,
    width: qr + 8 * MM,
    height: qr + 8 * MM,
    borderColor: BRAND,
    borderWidth: 1.5,
  });
  appendRawContent(doc, page, qrOperators(url, qrX, qrY, qr, [0.05, 0.05, 0.05]));

  centred(hint, qrY - 12 * MM, 11);
  centred(cap, qrY - 19 * MM, 11, BRAND);
  centred(codeLine, 12 * MM, 8, GREY);
  centred('发票云', 7 * MM, 8, GREY);
  return doc.save({ useObjectStreams: false });
}
