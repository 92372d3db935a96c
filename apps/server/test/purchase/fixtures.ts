import type { FaceData } from '../../src/modules/sales/invoice-files/face-data.ts';
import { sampleFace as salesSampleFace } from '../sales/invoice-files-helpers.ts';

/** An issued face as the sales side renders it, from another company to ours: the real input of the parsers. */
export const sampleFace = (over: Partial<FaceData['invoice']> = {}, lineCount = 1): FaceData =>
  salesSampleFace(
    { sellerName: '上海供应商科技有限公司', buyerName: '演示 <信息> & "技术" 有限公司', ...over },
    lineCount,
  );

/** The product's own files of a face: PDF (as the seller downloads it), 数电 XML, OFD, and a PNG of its QR. */
export async function productFiles(data: FaceData) {
  const { renderInvoicePdf } = await import('../../src/modules/sales/invoice-files/pdf.ts');
  const { buildInvoiceXml } = await import('../../src/modules/sales/invoice-files/xml.ts');
  const { buildInvoiceOfd } = await import('../../src/modules/sales/invoice-files/ofd.ts');
  const { qrContent } = await import('../../src/modules/sales/invoice-files/qr.ts');
  const { ymdCompact, signedFen } = await import('../../src/modules/sales/invoice-files/face.ts');
  const QRCode = (await import('qrcode')).default;
  const inv = data.invoice;
  const qrText = qrContent({
    type: inv.type,
    number: inv.number,
    totalFen: signedFen(inv, inv.totalFen),
    issueDate: ymdCompact(inv.issuedAt),
    checkCode: inv.checkCode,
  });
  return {
    pdf: Buffer.from(await renderInvoicePdf(data, null)),
    xml: Buffer.from(buildInvoiceXml(data)),
    ofd: Buffer.from(buildInvoiceOfd(data)),
    png: await QRCode.toBuffer(qrText, { errorCorrectionLevel: 'M', margin: 4, scale: 6 }),
    qrText,
  };
}

/**
 * A PDF whose trailer names a Standard security handler (an incremental update over `pdf`): what a
 * password-protected invoice looks like to a reader that has no password.
 */
export function encryptedPdf(pdf: Buffer): Buffer {
  const text = pdf.toString('latin1');
  const size = Number(/\/Size (\d+)/.exec(text.slice(text.lastIndexOf('trailer')))?.[1] ?? 100);
  const root = /\/Root (\d+ \d+ R)/.exec(text.slice(text.lastIndexOf('trailer')))?.[1] ?? '1 0 R';
  const prev = Number(/startxref\s+(\d+)/.exec(text.slice(text.lastIndexOf('startxref')))?.[1]);
  const hex = 'A'.repeat(64);
  const obj = `\n${size} 0 obj\n<< /Filter /Standard /V 1 /R 2 /O <${hex}> /U <${hex}> /P -44 >>\nendobj\n`;
  const objAt = pdf.length + 1;
  const xrefAt = pdf.length + obj.length;
  const xref = `xref\n${size} 1\n${String(objAt).padStart(10, '0')} 00000 n \ntrailer\n<< /Size ${size + 1} /Root ${root} /Prev ${prev} /Encrypt ${size} 0 R /ID [<${'1'.repeat(32)}> <${'1'.repeat(32)}>] >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.concat([pdf, Buffer.from(obj + xref, 'latin1')]);
}

/** A ZIP bomb (built without ever holding the inflated data): `mib` MiB of zeros, declared honestly or as 4 KiB. */
export async function zeroBomb(
  kind: 'honest' | 'lying',
  mib: number,
  name = 'Doc_0/Pages/Page_0/Content.xml',
  /** With an OFD.xml beside it (an OFD bomb), or a plain ZIP of files. */
  ofdXml = true,
) {
  const { constants, crc32, deflateRawSync } = await import('node:zlib');
  const { zipOf } = await import('../lib/archive-bomb.ts');
  const MiB = 1024 * 1024;
  const zeros = Buffer.alloc(MiB);
  const block = deflateRawSync(zeros, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  let crc = 0;
  for (let i = 0; i < mib; i++) crc = crc32(zeros, crc);
  const data = Buffer.concat([
    ...Array.from({ length: mib }, () => block),
    Buffer.from([1, 0, 0, 0xff, 0xff]),
  ]);
  const ofd = Buffer.from('<?xml version="1.0"?><ofd:OFD xmlns:ofd="http://www.ofdspec.org/2016"/>');
  return zipOf([
    {
      name: ofdXml ? 'OFD.xml' : 'readme.xml',
      data: ofd,
      method: 0,
      crc: crc32(ofd),
      compressedSize: ofd.length,
      uncompressedSize: ofd.length,
    },
    {
      name,
      data,
      method: 8,
      crc,
      compressedSize: data.length,
      uncompressedSize: kind === 'honest' ? mib * MiB : 4096,
    },
  ]);
}
