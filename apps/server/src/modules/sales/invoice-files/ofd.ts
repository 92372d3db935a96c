import { amountInWords, formatYuan, rateFractionText, type TaxRate } from '@fpy/domain';
import { zipSync } from 'fflate';
import QRCode from 'qrcode';
import { dateTime, type FaceData, signedFen, signedQuantity, ymdChinese, ymdCompact } from './face.ts';
import { titleOf } from './pdf.ts';
import { qrContent } from './qr.ts';
import { buildInvoiceXml, escapeXml } from './xml.ts';

/**
 * The OFD face (GB/T 33190-2016): a ZIP of XML documents — `OFD.xml` (entry point, document metadata with the
 * invoice's key fields as CustomDatas), `Doc_0/Document.xml` (page list, resources), `Doc_0/PublicRes.xml`
 * (fonts), `Doc_0/Pages/Page_<n>/Content.xml` (text and path objects in mm), and the 数电 XML master attached
 * (`Doc_0/Attachs/Attachments.xml` → `Doc_0/Attachs/invoice.xml`), so a reader gets the structured data
 * without reading the face. The face is the PDF's: title, number and date, buyer and seller, lines, totals in
 * figures and words, drawer, and the QR code drawn as one path of dark-module runs. Fonts are referenced by
 * name (宋体, viewers substitute), not embedded. Deterministic: the same invoice gives the same bytes (entries'
 * times are the issue time).
 */

const W = 241; // mm, as the PDF face
const H = 140;
const LINES_PER_PAGE = 8;
const NS = 'http://www.ofdspec.org/2016';

const f2 = (v: number) => Number(v.toFixed(2)).toString();

type Obj = string;

class Page {
  private objs: Obj[] = [];
  constructor(private nextId: () => number) {}

  text(x: number, y: number, s: string | null | undefined, size = 3.2, font = 3) {
    if (!s) return;
    const w = Math.max(1, Array.from(s).length * size);
    this.objs.push(
      `<ofd:TextObject ID="${this.nextId()}" Boundary="${f2(x)} ${f2(y - size)} ${f2(w)} ${f2(size * 1.4)}" Font="${font}" Size="${size}"><ofd:TextCode X="0" Y="${f2(size)}">${escapeXml(s)}</ofd:TextCode></ofd:TextObject>`,
    );
  }

  rule(x1: number, y1: number, x2: number, y2: number) {
    const bx = Math.min(x1, x2);
    const by = Math.min(y1, y2);
    this.objs.push(
      `<ofd:PathObject ID="${this.nextId()}" Boundary="${f2(bx)} ${f2(by)} ${f2(Math.abs(x2 - x1) || 0.3)} ${f2(Math.abs(y2 - y1) || 0.3)}" LineWidth="0.25"><ofd:StrokeColor Value="128 0 0"/><ofd:AbbreviatedData>M ${f2(x1 - bx)} ${f2(y1 - by)} L ${f2(x2 - bx)} ${f2(y2 - by)}</ofd:AbbreviatedData></ofd:PathObject>`,
    );
  }

  /** The QR code as one filled path: a rectangle per horizontal run of dark modules (as qr-draw.ts). */
  qr(content: string, x: number, y: number, size: number) {
    const { modules } = QRCode.create(content, { errorCorrectionLevel: 'M' });
    const n = modules.size;
    const cell = size / n;
    const d: string[] = [];
    for (let row = 0; row < n; row++) {
      let col = 0;
      while (col < n) {
        if (!modules.get(row, col)) {
          col++;
          continue;
        }
        const start = col;
        while (col < n && modules.get(row, col)) col++;
        const x0 = start * cell;
        const x1 = col * cell;
        const y0 = row * cell;
        const y1 = (row + 1) * cell;
        d.push(`M ${f2(x0)} ${f2(y0)} L ${f2(x1)} ${f2(y0)} L ${f2(x1)} ${f2(y1)} L ${f2(x0)} ${f2(y1)} C`);
      }
    }
    this.objs.push(
      `<ofd:PathObject ID="${this.nextId()}" Boundary="${f2(x)} ${f2(y)} ${f2(size)} ${f2(size)}" Stroke="false" Fill="true"><ofd:FillColor Value="20 20 20"/><ofd:AbbreviatedData>${d.join(' ')}</ofd:AbbreviatedData></ofd:PathObject>`,
    );
  }

  xml(): string {
    return `<?xml version="1.0" encoding="UTF-8"?>\n<ofd:Page xmlns:ofd="${NS}"><ofd:Content><ofd:Layer ID="${this.nextId()}">${this.objs.join('')}</ofd:Layer></ofd:Content></ofd:Page>\n`;
  }
}

/** The invoice's key fields, as CustomData of the document (what the 数电 OFD files carry) — by these names. */
export const OFD_CUSTOM_FIELDS = {
  number: '发票号码',
  issueDate: '开票日期',
  type: '发票类型',
  sellerTaxNumber: '销售方纳税人识别号',
  buyerTaxNumber: '购买方纳税人识别号',
  amount: '合计金额',
  tax: '合计税额',
  total: '价税合计',
} as const;

export function buildInvoiceOfd(data: FaceData): Uint8Array {
  const { invoice: inv, lines } = data;
  let id = 100;
  const nextId = () => id++;
  const yuan = (fen: number) => formatYuan(signedFen(inv, fen));
  const total = signedFen(inv, inv.totalFen);
  const title = titleOf(inv.type);
  const qr = qrContent({
    type: inv.type,
    number: inv.number,
    totalFen: total,
    issueDate: ymdCompact(inv.issuedAt),
    checkCode: inv.checkCode,
  });

  const chunks: (typeof lines)[] = [];
  for (let i = 0; i < lines.length; i += LINES_PER_PAGE) chunks.push(lines.slice(i, i + LINES_PER_PAGE));
  if (chunks.length === 0) chunks.push([]);

  const pages = chunks.map((chunk, i) => {
    const p = new Page(nextId);
    const last = i === chunks.length - 1;
    p.qr(qr, 8, 6, 20);
    p.text(80, 14, title, 5.5, 4);
    p.text(168, 12, `发票号码：${inv.number}`);
    p.text(168, 18, `开票日期：${ymdChinese(inv.issuedAt)}`);
    if (chunks.length > 1) p.text(168, 24, `第${i + 1}页/共${chunks.length}页`, 2.8);
    p.rule(5, 30, 236, 30);
    p.text(8, 36, '购买方信息');
    p.text(28, 36, `名称：${inv.buyerName}`);
    p.text(28, 42, `统一社会信用代码/纳税人识别号：${inv.buyerTaxNumber ?? ''}`);
    p.text(124, 36, '销售方信息');
    p.text(144, 36, `名称：${inv.sellerName}`);
    p.text(144, 42, `统一社会信用代码/纳税人识别号：${inv.sellerCreditCode}`);
    p.rule(5, 48, 236, 48);
    const cols: [number, string][] = [
      [8, '项目名称'],
      [70, '规格型号'],
      [98, '单位'],
      [112, '数量'],
      [132, '单价'],
      [156, '金额'],
      [182, '税率/征收率'],
      [208, '税额'],
    ];
    for (const [x, s] of cols) p.text(x, 53, s, 3);
    chunk.forEach((l, n) => {
      const y = 60 + n * 6;
      p.text(8, y, l.name, 3);
      p.text(70, y, l.spec, 3);
      p.text(98, y, l.unit, 3);
      p.text(112, y, signedQuantity(inv, l.quantity), 3);
      p.text(132, y, l.unitPriceExclusive ?? l.unitPrice, 3);
      p.text(156, y, yuan(l.amountFen), 3);
      p.text(182, y, rateText(l.rate), 3);
      p.text(208, y, yuan(l.taxFen), 3);
    });
    if (last) {
      p.rule(5, 110, 236, 110);
      p.text(8, 115, '合计', 3.2);
      p.text(156, 115, `¥${yuan(inv.amountFen)}`);
      p.text(208, 115, `¥${yuan(inv.taxFen)}`);
      p.text(8, 122, `价税合计（大写）${amountInWords(total)}`);
      p.text(156, 122, `（小写）¥${formatYuan(total)}`);
      p.rule(5, 126, 236, 126);
      p.text(
        8,
        131,
        `备注：${[inv.colour === 'red' && inv.blueNumber ? `被红冲蓝字数电发票号码：${inv.blueNumber}` : null, inv.remarks].filter(Boolean).join(' ')}`,
        2.8,
      );
      p.text(8, 137, `开票人：${inv.drawer ?? ''}`);
    }
    return p.xml();
  });

  const custom = Object.entries({
    [OFD_CUSTOM_FIELDS.number]: inv.number,
    [OFD_CUSTOM_FIELDS.issueDate]: ymdChinese(inv.issuedAt),
    [OFD_CUSTOM_FIELDS.type]: title,
    [OFD_CUSTOM_FIELDS.sellerTaxNumber]: inv.sellerCreditCode,
    [OFD_CUSTOM_FIELDS.buyerTaxNumber]: inv.buyerTaxNumber ?? '',
    [OFD_CUSTOM_FIELDS.amount]: yuan(inv.amountFen),
    [OFD_CUSTOM_FIELDS.tax]: yuan(inv.taxFen),
    [OFD_CUSTOM_FIELDS.total]: formatYuan(total),
  })
    .map(([k, v]) => `<ofd:CustomData Name="${escapeXml(k)}">${escapeXml(v)}</ofd:CustomData>`)
    .join('');
  const ofdXml = `<?xml version="1.0" encoding="UTF-8"?>\n<ofd:OFD xmlns:ofd="${NS}" Version="1.0" DocType="OFD"><ofd:DocBody><ofd:DocInfo><ofd:DocID>${escapeXml(inv.number)}</ofd:DocID><ofd:Title>${escapeXml(`${title} ${inv.number}`)}</ofd:Title><ofd:Creator>发票云</ofd:Creator><ofd:CreationDate>${ymdCompact(inv.issuedAt).replace(/(\d{4})(\d{2})(\d{2})/, '$1-$2-$3')}</ofd:CreationDate><ofd:CustomDatas>${custom}</ofd:CustomDatas></ofd:DocInfo><ofd:DocRoot>Doc_0/Document.xml</ofd:DocRoot></ofd:DocBody></ofd:OFD>\n`;
  const pageList = pages
    .map((_, i) => `<ofd:Page ID="${10 + i}" BaseLoc="Pages/Page_${i}/Content.xml"/>`)
    .join('');
  const documentXml = `<?xml version="1.0" encoding="UTF-8"?>\n<ofd:Document xmlns:ofd="${NS}"><ofd:CommonData><ofd:MaxUnitID>${id}</ofd:MaxUnitID><ofd:PageArea><ofd:PhysicalBox>0 0 ${W} ${H}</ofd:PhysicalBox></ofd:PageArea><ofd:PublicRes>PublicRes.xml</ofd:PublicRes></ofd:CommonData><ofd:Pages>${pageList}</ofd:Pages><ofd:Attachments>Attachs/Attachments.xml</ofd:Attachments></ofd:Document>\n`;
  const publicRes = `<?xml version="1.0" encoding="UTF-8"?>\n<ofd:Res xmlns:ofd="${NS}" BaseLoc="Res"><ofd:Fonts><ofd:Font ID="3" FontName="宋体" FamilyName="宋体"/><ofd:Font ID="4" FontName="楷体" FamilyName="楷体"/></ofd:Fonts></ofd:Res>\n`;
  const attachments = `<?xml version="1.0" encoding="UTF-8"?>\n<ofd:Attachments xmlns:ofd="${NS}"><ofd:Attachment ID="5" Name="invoice.xml" Format="xml" CreationDate="${dateTime(inv.issuedAt)}" Visible="false" Usage="none"><ofd:FileLoc>invoice.xml</ofd:FileLoc></ofd:Attachment></ofd:Attachments>\n`;

  const mtime = inv.issuedAt;
  const enc = (s: string): [Uint8Array, { mtime: Date }] => [new TextEncoder().encode(s), { mtime }];
  const entries: Record<string, [Uint8Array, { mtime: Date }]> = {
    'OFD.xml': enc(ofdXml),
    'Doc_0/Document.xml': enc(documentXml),
    'Doc_0/PublicRes.xml': enc(publicRes),
    'Doc_0/Attachs/Attachments.xml': enc(attachments),
    'Doc_0/Attachs/invoice.xml': enc(buildInvoiceXml(data)),
  };
  pages.forEach((xml, i) => {
    entries[`Doc_0/Pages/Page_${i}/Content.xml`] = enc(xml);
  });
  return zipSync(entries, { level: 6 });
}

const rateText = (rate: TaxRate) => {
  const f = rateFractionText(rate);
  const n = Number(f);
  return Number.isFinite(n) ? `${Math.round(n * 10000) / 100}%` : f;
};
