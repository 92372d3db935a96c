import { strFromU8, unzipSync } from 'fflate';
import { type ArchiveLimits, ArchiveRefusal, inspectArchive } from '../../../../lib/archive-guard.ts';
import { dateText, yuanText } from './money.ts';
import { complete, type ParsedInvoice, ParseRefusal } from './types.ts';
import { all, type El, parseXmlTree, text } from './xml-tree.ts';
import { fromEInvoice } from './xml.ts';

/** An OFD is a few XML parts and fonts/images: small. Checked before anything is inflated (lib/archive-guard). */
export const OFD_LIMITS: ArchiveLimits = { maxEntries: 200, maxTotalBytes: 20 * 1024 * 1024, maxRatio: 200 };

/** Names the 数电 OFD (and ours, sales/invoice-files/ofd.ts) give the key fields in OFD.xml's CustomDatas. */
const CUSTOM: Record<string, keyof ParsedInvoice> = {
  发票号码: 'number',
  开票日期: 'issueDate',
  发票代码: 'code',
  合计金额: 'amountFen',
  合计税额: 'taxFen',
  价税合计: 'totalFen',
  销售方纳税人识别号: 'sellerTaxNumber',
  购买方纳税人识别号: 'buyerTaxNumber',
  校验码: 'checkCodeLast6',
};

export const isOfd = (entries: readonly string[]) => entries.includes('OFD.xml');

/**
 * OFD (GB/T 33190): the archive guard first (a bomb is refused from its central directory, or after at most
 * its declared bytes), then OFD.xml. Read in this order: an attached 数电 XML (`EInvoice`, complete data), the
 * document's CustomDatas, and the page texts (发票号码… as on a PDF face) for whatever is still missing.
 */
export async function parseInvoiceOfd(bytes: Uint8Array): Promise<ParsedInvoice> {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    await inspectArchive(buf, OFD_LIMITS);
  } catch (err) {
    if (!(err instanceof ArchiveRefusal)) throw err;
    if (err.problem === 'unsupported' && err.detail === 'encrypted') throw new ParseRefusal('encrypted');
    if (err.problem === 'malformed' || err.problem === 'unsupported')
      throw new ParseRefusal('broken', err.detail);
    throw new ParseRefusal('archive_refused', err.problem);
  }
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes);
  } catch {
    throw new ParseRefusal('broken', 'unzip');
  }
  const part = (name: string) => {
    const f = files[name.replace(/^\//, '')];
    return f ? strFromU8(f) : undefined;
  };
  const ofdXml = part('OFD.xml');
  if (!ofdXml) throw new ParseRefusal('unknown_format', 'no OFD.xml');
  const ofd = parseXmlTree(ofdXml);

  // 1. An attached 数电 XML.
  for (const name of Object.keys(files).filter(
    (n) => /Attachs?\/.*\.xml$/i.test(n) && !/Attachments\.xml$/i.test(n),
  )) {
    const xml = part(name)!;
    if (!xml.includes('EInvoice')) continue;
    const root = parseXmlTree(xml);
    if (root.name === 'EInvoice') return fromEInvoice(root, 'ofd');
  }
  // 2. CustomDatas.
  const found: Partial<Record<keyof ParsedInvoice, string>> = {};
  for (const c of all(ofd, 'DocBody/DocInfo/CustomDatas/CustomData')) {
    const key = CUSTOM[c.attrs.Name?.trim() ?? ''];
    if (key && c.text.trim()) found[key] = c.text.trim();
  }
  // 3. The first page's texts, joined as a face text.
  const faceText = pageText(files, ofd);
  const fromFace = (re: RegExp) => re.exec(faceText)?.[1];
  const taxNumbers = [...faceText.matchAll(/纳税人识别号[：:]\s*([0-9A-Z]{15,20})/g)].map((m) => m[1]);
  const checkCode = found.checkCodeLast6;
  return complete({
    format: 'ofd',
    code: found.code,
    number: found.number ?? fromFace(/发票号码[：:]\s*(\d{8,20})/),
    issueDate: dateText(found.issueDate) ?? dateText(fromFace(/开票日期[：:]\s*(\S+)/)),
    buyerTaxNumber: found.buyerTaxNumber ?? taxNumbers[0],
    sellerTaxNumber: found.sellerTaxNumber ?? taxNumbers[1],
    amountFen: yuanText(found.amountFen),
    taxFen: yuanText(found.taxFen),
    totalFen: yuanText(found.totalFen) ?? yuanText(fromFace(/（小写）\s*([¥￥]?\s*-?[\d,]+\.\d{2})/)),
    checkCodeLast6: checkCode && /^\d{6,}$/.test(checkCode) ? checkCode.slice(-6) : undefined,
  });
}

function pageText(files: Record<string, Uint8Array>, ofd: El): string {
  const root = text(ofd, 'DocBody/DocRoot')?.replace(/^\//, '');
  if (!root || !files[root]) return '';
  const base = root.includes('/') ? root.slice(0, root.lastIndexOf('/') + 1) : '';
  const doc = parseXmlTree(strFromU8(files[root]));
  const out: string[] = [];
  for (const page of all(doc, 'Pages/Page').slice(0, 5)) {
    const loc = page.attrs.BaseLoc?.replace(/^\//, '');
    const bytes = loc && (files[base + loc] ?? files[loc]);
    if (!bytes) continue;
    const content = parseXmlTree(strFromU8(bytes));
    const walk = (el: El) => {
      if (el.name === 'TextCode') out.push(el.text);
      for (const c of el.children) walk(c);
    };
    walk(content);
  }
  return out.join('\n');
}
