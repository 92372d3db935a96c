import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildInvoiceOfd } from '../../src/modules/sales/invoice-files/ofd.ts';
import { sampleFace } from '../purchase/fixtures.ts';
import { parseXml, xmlAll, xmlText } from './invoice-files-helpers.ts';

describe('OFD face (GB/T 33190)', () => {
  it('is a zip of well-formed XML carrying number, date, parties and amounts', () => {
    const ofd = buildInvoiceOfd(sampleFace({}, 12));
    const files = unzipSync(ofd);
    expect(Object.keys(files).sort()).toEqual([
      'Doc_0/Attachs/Attachments.xml',
      'Doc_0/Attachs/invoice.xml',
      'Doc_0/Document.xml',
      'Doc_0/Pages/Page_0/Content.xml',
      'Doc_0/Pages/Page_1/Content.xml',
      'Doc_0/PublicRes.xml',
      'OFD.xml',
    ]);
    const xml = (name: string) => parseXml(strFromU8(files[name]));
    const root = xml('OFD.xml');
    expect(xmlText(root, 'ofd:DocBody/ofd:DocRoot')).toBe('Doc_0/Document.xml');
    const custom = xmlAll(root, 'ofd:DocBody/ofd:DocInfo/ofd:CustomDatas/ofd:CustomData').map((n) => n.text);
    expect(custom).toEqual(
      expect.arrayContaining(['24312000000136634917', '2024年05月14日', '2400.00', '312.00', '2712.00']),
    );
    const doc = xml('Doc_0/Document.xml');
    expect(xmlAll(doc, 'ofd:Pages/ofd:Page')).toHaveLength(2);
    // Every page parses; the face's texts are on it, the totals on the last page only.
    const texts = (n: number) =>
      xmlAll(xml(`Doc_0/Pages/Page_${n}/Content.xml`), 'ofd:Content/ofd:Layer/ofd:TextObject/ofd:TextCode')
        .map((t) => t.text)
        .join('|');
    expect(texts(0)).toContain('发票号码：24312000000136634917');
    expect(texts(0)).toContain('开票日期：2024年05月14日');
    expect(texts(0)).toContain('演示 <信息> & "技术" 有限公司');
    expect(texts(0)).not.toContain('¥2712.00');
    expect(texts(1)).toContain('（小写）¥2712.00');
    expect(texts(1)).toContain('¥312.00');
    // The QR is drawn; the 数电 XML master travels inside.
    expect(strFromU8(files['Doc_0/Pages/Page_0/Content.xml'])).toContain('Fill="true"');
    expect(xmlText(xml('Doc_0/Attachs/invoice.xml'), 'Header/EIid')).toBe('24312000000136634917');
  });

  it('gives the same bytes for the same invoice', () => {
    expect(Buffer.from(buildInvoiceOfd(sampleFace()))).toEqual(Buffer.from(buildInvoiceOfd(sampleFace())));
  });
});
