import type { InvoiceType } from '@fpy/domain';
import { dateText, yuanText } from './money.ts';
import { parseQrText } from './qr.ts';
import { complete, type ParsedInvoice, ParseRefusal } from './types.ts';

/**
 * A PDF invoice face: its embedded text, read with unpdf (pdf.js's serverless build: no canvas, no worker,
 * Node ≥ 20), loaded on first use so the server starts without it. The product's face (and the bureau's)
 * prints 发票号码, 开票日期, the buyer's then the seller's 纳税人识别号, 合计 金额 税额 and 价税合计（小写）.
 * The QR is drawn as vector paths, not text, and is not read from a PDF (rasterising a page needs a canvas);
 * a PDF that carries the QR's text (`01,3x,,…` in its text layer) is read through it when the face text lacks
 * fields.
 */
const TITLES: [RegExp, InvoiceType][] = [
  [/电子发票（增值税专用发票）/, 'digital_special'],
  [/电子发票（普通发票）/, 'digital_ordinary'],
  [/增值税电子专用发票/, 'electronic_special'],
  [/增值税电子普通发票/, 'electronic_ordinary'],
  [/增值税专用发票/, 'special_paper'],
  [/增值税普通发票（卷式）/, 'roll'],
  [/增值税普通发票/, 'ordinary_paper'],
];

export async function pdfText(bytes: Uint8Array): Promise<string> {
  const { getDocumentProxy, extractText } = await import('unpdf');
  let doc: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // A copy: pdf.js takes the buffer over (detaches it).
    // No eval of font programs; stop at the first error rather than guess at a broken file.
    const options = { isEvalSupported: false, stopAtErrors: true, verbosity: 0 } as Record<string, unknown>;
    doc = await getDocumentProxy(new Uint8Array(bytes), options as never);
  } catch (err) {
    const name = (err as { name?: string }).name;
    if (name === 'PasswordException') throw new ParseRefusal('encrypted');
    throw new ParseRefusal('broken', name ?? 'pdf');
  }
  try {
    if (doc.numPages > 50) throw new ParseRefusal('too_large', `${doc.numPages} pages`);
    const { text } = await extractText(doc, { mergePages: true });
    return text;
  } catch (err) {
    if (err instanceof ParseRefusal) throw err;
    throw new ParseRefusal('broken', (err as Error).name ?? 'pdf');
  } finally {
    const d = doc as unknown as { destroy?: () => Promise<void>; cleanup?: () => Promise<void> };
    await (d.destroy ?? d.cleanup)?.call(d);
  }
}

export async function parseInvoicePdf(bytes: Uint8Array): Promise<ParsedInvoice> {
  return parseFaceText(await pdfText(bytes));
}

/** The fields of a face's text (exported for the OFD reader's fallback and tests). */
export function parseFaceText(text: string, format: ParsedInvoice['format'] = 'pdf'): ParsedInvoice {
  const one = (re: RegExp) => re.exec(text)?.[1];
  const taxNumbers = [...text.matchAll(/纳税人识别号[：:]\s*([0-9A-Z]{15,20})/g)].map((m) => m[1]);
  const names = [...text.matchAll(/名\s*称[：:]\s*([^\n]+?)\s*(?:\n|统一社会信用代码|$)/g)].map((m) =>
    m[1].trim(),
  );
  const sums = /合\s*计\s*[¥￥]?\s*(-?[\d,]+\.\d{2})\s+[¥￥]?\s*(-?[\d,]+\.\d{2})/.exec(text);
  const total =
    one(/（小写）\s*[¥￥]\s*(-?[\d,]+\.\d{2})/) ?? one(/[圆元角分整]\s*[¥￥]\s*(-?[\d,]+\.\d{2})/);
  const parsed = {
    format,
    type: TITLES.find(([re]) => re.test(text))?.[1],
    code: one(/发票代码[：:]\s*(\d{10,12})/),
    number: one(/发票号码[：:]\s*(\d{8,20})/),
    issueDate: dateText(one(/开票日期[：:]\s*(\d{4}\s*年\s*\d{2}\s*月\s*\d{2}\s*日|\d{4}-\d{2}-\d{2})/)),
    buyerTaxNumber: taxNumbers[0],
    sellerTaxNumber: taxNumbers[1],
    buyerName: names[0],
    sellerName: names[1],
    amountFen: yuanText(sums?.[1]),
    taxFen: yuanText(sums?.[2]),
    totalFen: yuanText(total),
    checkCodeLast6: one(/校\s*验\s*码[：:]\s*(?:\d{14})(\d{6})/),
  };
  if (!parsed.number || parsed.totalFen === undefined) {
    const qr = /01,\d{2},[^\s]*,\d{8}/.exec(text)?.[0];
    if (qr) return { ...parseQrText(qr, format), ...stripUndefined(parsed) } as ParsedInvoice;
  }
  return complete(parsed);
}

const stripUndefined = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
