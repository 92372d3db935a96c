import sharp from 'sharp';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  type ParsedInvoice,
  ParseRefusal,
  parseInvoiceFile,
  parseQrText,
  sniff,
} from '../../src/modules/purchase/invoice-intake/parse/index.ts';
import { encryptedPdf, productFiles, sampleFace, zeroBomb } from './fixtures.ts';

const refusal = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    if (err instanceof ParseRefusal) return err.problem;
    throw err;
  }
  throw new Error('parsed');
};

const KEY = {
  number: '24312000000136634917',
  issueDate: '2024-05-14',
  totalFen: 22_600,
};
const FULL: Partial<ParsedInvoice> = {
  ...KEY,
  type: 'digital_special',
  amountFen: 20_000,
  taxFen: 2_600,
  sellerTaxNumber: '91310115MA1K4GDM05',
  buyerTaxNumber: '91310104MA1FR8KX39',
};

describe('received invoice files → fields (issue 31 §2, the product’s own files)', () => {
  it('reads the 数电 XML, the PDF face, the OFD and a picture of the QR', async () => {
    const f = await productFiles(sampleFace());
    expect(await parseInvoiceFile(f.xml)).toMatchObject({ ...FULL, format: 'xml' });
    expect(await parseInvoiceFile(f.pdf)).toMatchObject({
      ...FULL,
      format: 'pdf',
      sellerName: '上海供应商科技有限公司',
    });
    expect(await parseInvoiceFile(f.ofd)).toMatchObject({ ...FULL, format: 'ofd' });
    expect(await parseInvoiceFile(f.png)).toMatchObject({ ...KEY, type: 'digital_special', format: 'image' });
    const jpeg = await sharp(f.png).flatten({ background: '#fff' }).jpeg({ quality: 85 }).toBuffer();
    expect(await parseInvoiceFile(jpeg)).toMatchObject({ ...KEY, format: 'image' });
  });

  it('reads a red invoice negative, a many-page PDF’s totals from its last page, an ordinary invoice’s type', async () => {
    const red = await productFiles(
      sampleFace({ colour: 'red', number: '24312000000136634918', blueNumber: '24312000000136634917' }),
    );
    for (const bytes of [red.xml, red.pdf, red.ofd, red.png])
      expect(await parseInvoiceFile(bytes)).toMatchObject({
        number: '24312000000136634918',
        totalFen: -22_600,
      });
    const long = await productFiles(sampleFace({ type: 'digital_ordinary' }, 30));
    for (const bytes of [long.xml, long.pdf, long.ofd])
      expect(await parseInvoiceFile(bytes)).toMatchObject({
        type: 'digital_ordinary',
        amountFen: 600_000,
        taxFen: 78_000,
        totalFen: 678_000,
      });
  });

  it('reads an OFD by its CustomDatas when it has no XML attached', async () => {
    const files = unzipSync((await productFiles(sampleFace())).ofd);
    delete files['Doc_0/Attachs/invoice.xml'];
    expect(await parseInvoiceFile(zipSync(files))).toMatchObject({
      ...KEY,
      amountFen: 20_000,
      taxFen: 2_600,
      buyerTaxNumber: FULL.buyerTaxNumber,
    });
    // …and by its page text when the CustomDatas are gone too.
    files['OFD.xml'] = strToU8(
      strFromU8(files['OFD.xml']).replace(/<ofd:CustomDatas>.*<\/ofd:CustomDatas>/, ''),
    );
    expect(await parseInvoiceFile(zipSync(files))).toMatchObject(KEY);
  });

  it('reads both QR spellings of §8.2 and a legacy QR', () => {
    expect(parseQrText('01,32,,24312000000136634917,0.01,20240514,,1DD6')).toMatchObject({
      type: 'digital_ordinary',
      number: '24312000000136634917',
      totalFen: 1,
      issueDate: '2024-05-14',
    });
    expect(parseQrText('01,32,23922000000015868252,0.94,20230804,22D4')).toMatchObject({
      number: '23922000000015868252',
      totalFen: 94,
    });
    expect(parseQrText('01,10,011001605111,80100798,64.9,20161018,85342965681116380258,BE2D')).toMatchObject({
      type: 'electronic_ordinary',
      code: '011001605111',
      number: '80100798',
      amountFen: 6490,
      checkCodeLast6: '380258',
    });
  });
});

describe('bad files (issue 31 §5)', () => {
  it('refuses broken, truncated, password-protected, oversized and unknown files with their reason', async () => {
    const f = await productFiles(sampleFace());
    expect(await refusal(parseInvoiceFile(f.pdf.subarray(0, f.pdf.length / 2)))).toBe('broken');
    expect(
      await refusal(parseInvoiceFile(Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(500, 7)]))),
    ).toBe('broken');
    expect(await refusal(parseInvoiceFile(encryptedPdf(f.pdf)))).toBe('encrypted');
    expect(await refusal(parseInvoiceFile(f.ofd.subarray(0, f.ofd.length - 40)))).toBe('broken');
    expect(await refusal(parseInvoiceFile(f.xml.subarray(0, f.xml.length / 2)))).toBe('broken');
    expect(await refusal(parseInvoiceFile(f.png.subarray(0, 200)))).toBe('broken');
    expect(await refusal(parseInvoiceFile(Buffer.alloc(11 * 1024 * 1024, 0x20)))).toBe('too_large');
    expect(await refusal(parseInvoiceFile(Buffer.from('hello, not an invoice')))).toBe('unknown_format');
    // Well-formed but not an invoice: a PDF without the fields, an XML of another kind, a picture without a QR.
    const { PDFDocument } = await import('pdf-lib');
    const blank = await PDFDocument.create();
    blank.addPage();
    expect(await refusal(parseInvoiceFile(await blank.save()))).toBe('no_fields');
    expect(await refusal(parseInvoiceFile(Buffer.from('<?xml version="1.0"?><note>hi</note>')))).toBe(
      'unknown_format',
    );
    const plain = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(await refusal(parseInvoiceFile(plain))).toBe('no_qr');
    // An XML entity trick is not expanded.
    const laughs = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa">]><EInvoice>&a;</EInvoice>';
    expect(await refusal(parseInvoiceFile(Buffer.from(laughs)))).toBe('broken');
  });

  it('refuses an OFD bomb before inflating it, honest or lying about its size', async () => {
    const before = process.memoryUsage().rss;
    expect(await refusal(parseInvoiceFile(await zeroBomb('honest', 200)))).toBe('archive_refused');
    expect(await refusal(parseInvoiceFile(await zeroBomb('lying', 200)))).toBe('archive_refused');
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  it('tells a file kind by its bytes, not its name', async () => {
    const f = await productFiles(sampleFace());
    expect([sniff(f.pdf), sniff(f.ofd), sniff(f.xml), sniff(f.png)]).toEqual(['pdf', 'zip', 'xml', 'image']);
  });
});

describe('anything else (a fuzz of the readers)', () => {
  it('answers a parse or a refusal for random bytes behind every magic, never another error', async () => {
    const f = await productFiles(sampleFace());
    let seed = 31;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const noise = (n: number) => Buffer.from(Array.from({ length: n }, () => Math.floor(rand() * 256)));
    const heads = [
      Buffer.from('%PDF-1.7\n'),
      Buffer.from('PK\u0003\u0004'),
      f.png.subarray(0, 33),
      Buffer.from('<?xml '),
    ];
    const real = [f.pdf, f.ofd, f.png, f.xml];
    for (let i = 0; i < 120; i++) {
      const k = i % 4;
      // Random tails behind a real header, or a real file with a stretch of it overwritten.
      const bytes =
        i % 8 < 4
          ? Buffer.concat([heads[k], noise(Math.floor(rand() * 4000))])
          : Buffer.from(real[k]).fill(
              Math.floor(rand() * 256),
              Math.floor(rand() * real[k].length),
              Math.floor(rand() * real[k].length) + 64,
            );
      try {
        await parseInvoiceFile(bytes);
      } catch (err) {
        expect(err, `case ${i}`).toBeInstanceOf(ParseRefusal);
      }
    }
  }, 120_000);
});
