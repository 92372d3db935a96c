import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { multipart, PNG_BYTES, upload } from '../platform/base-helpers.ts';
import { bearer, useTestApp } from '../harness.ts';
import { api as invoicing, invoiceBody } from '../sales/invoicing-helpers.ts';

/**
 * 发票模板 (/invoicePlat/fpmb) really changes the PDF: with the seal option off no image is stamped, with the
 * remarks option off 收款人/复核人 are not printed — and the XML master keeps them either way.
 */
const app = useTestApp();
const LAYOUT = '/api/admin/v1/plat/invoice-layout';

/** Every Flate stream of the PDF, inflated, joined: where the ToUnicode maps say which characters were drawn. */
function inflatedStreams(pdf: Buffer): string {
  const out: string[] = [];
  const text = pdf.toString('latin1');
  for (const m of text.matchAll(/stream\r?\n/g)) {
    const start = m.index! + m[0].length;
    const end = text.indexOf('endstream', start);
    try {
      out.push(inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {
      // Not deflated (or image data): not a text map.
    }
  }
  return out.join('\n');
}

async function issuedPdf(token: string) {
  const inv = invoicing(app(), token);
  const created = await inv.create(invoiceBody({ payee: '郑收款', reviewer: '钱复核' }));
  expect(created.statusCode, created.body).toBe(201);
  await inv.settled();
  const id = created.json().id;
  const pdf = await app().app.inject({
    url: `/api/billing/v1/invoices/${id}/files/pdf`,
    headers: bearer(token),
  });
  expect(pdf.statusCode, pdf.body).toBe(200);
  const xml = await app().app.inject({
    url: `/api/billing/v1/invoices/${id}/files/xml`,
    headers: bearer(token),
  });
  return { pdf: pdf.rawPayload, xml: xml.body };
}

// 郑 U+90D1 only appears on the face through the payee's name.
const PAYEE_GLYPH = /<90d1>/i;
const hasImage = (pdf: Buffer) => /\/Subtype\s*\/Image/.test(pdf.toString('latin1'));

describe('发票模板 options reach the PDF renderer', () => {
  it('stamps the seal and prints payee/reviewer by default, leaves them off when the company says so', async () => {
    const demo = await app().login('demo', 'Demo@123');
    expect(
      (
        await upload(
          app(),
          demo,
          '/api/billing/v1/seal',
          multipart({ name: 's.png', data: PNG_BYTES, type: 'image/png' }),
        )
      ).statusCode,
    ).toBe(200);
    expect((await app().app.inject({ url: LAYOUT, headers: bearer(demo) })).json().hasSeal).toBe(true);

    const before = await issuedPdf(demo);
    expect(hasImage(before.pdf)).toBe(true);
    expect(inflatedStreams(before.pdf)).toMatch(PAYEE_GLYPH);

    const off = await app().app.inject({
      method: 'PUT',
      url: LAYOUT,
      headers: bearer(demo),
      payload: { stampSeal: false, payeeReviewerInRemarks: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const after = await issuedPdf(demo);
    expect(hasImage(after.pdf)).toBe(false);
    expect(inflatedStreams(after.pdf)).not.toMatch(PAYEE_GLYPH);
    // The legal record is untouched by layout options.
    expect(after.xml).toContain('郑收款');
  });
});
