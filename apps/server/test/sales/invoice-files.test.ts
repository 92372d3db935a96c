import { invoiceFiles, invoiceLines, invoices } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { loadOrRenderPdf } from '../../src/modules/sales/invoice-files/pdf-for-zip.ts';
import { filesDepsFor } from '../../src/modules/sales/invoice-files/render.ts';
import { multipart, upload } from '../platform/base-helpers.ts';
import { bearer, useTestApp } from '../harness.ts';
import { inspectPdf, parseXml, pdfText, sealPng, xmlAll, xmlText } from './invoice-files-helpers.ts';
import { api, invoiceBody } from './invoicing-helpers.ts';

// Through the render pool, as a server renders by default (the harness renders inline unless asked); at normal
// priority, so the busy test machine does not hold the thread back (the priority has its own test).
const app = useTestApp({ RENDER_WORKERS: '1', RENDER_PRIORITY: 'normal' });
const fileUrl = (id: number, format: string) => `/api/billing/v1/invoices/${id}/files/${format}`;
const get = async (token: string, id: number, format: string) =>
  app().app.inject({ url: fileUrl(id, format), headers: bearer(token) });

async function issued(over: Record<string, unknown> = {}) {
  const token = await app().login('demo', 'Demo@123');
  const c = api(app(), token);
  const created = (await c.create(invoiceBody(over))).json();
  await c.settled();
  const inv = (await c.get(created.id)).json();
  expect(inv.status).toBe('issued');
  return { token, inv };
}

const fileRows = (invoiceId: number) =>
  app().services.db.select().from(invoiceFiles).where(eq(invoiceFiles.invoiceId, invoiceId));

describe('layout files of an issued invoice (issue 4 §4)', () => {
  it('the issued job stores PDF and XML; the PDF downloads under its number with a subset Chinese font', async () => {
    // This file's app renders on a worker thread: the issued job goes through the pool.
    expect(filesDepsFor(app().services.db).renderer.size).toBeGreaterThanOrEqual(1);
    const { token, inv } = await issued();
    const rows = await fileRows(inv.id);
    expect(rows.map((r) => r.format).sort()).toEqual(['ofd', 'pdf', 'xml']);
    for (const r of rows) expect(r).toMatchObject({ tenantId: inv.tenantId, size: expect.any(Number) });

    const res = await get(token, inv.id, 'pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`filename="${inv.number}.pdf"`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeLessThan(150 * 1024);
    expect(pdf.length).toBe(rows.find((r) => r.format === 'pdf')!.size);
    const info = await inspectPdf(pdf);
    expect(info.fonts).toEqual([expect.objectContaining({ subset: true, fontFile2: true })]);
    const text = pdfText(pdf);
    if (text !== null) {
      expect(text).toContain(inv.number);
      expect(text).toContain('电子发票（增值税专用发票）');
      expect(text).toContain('演示科技有限公司');
      expect(text).toContain('上海云帆信息技术有限公司');
      expect(text).toContain('贰佰贰拾陆圆整');
      expect(text).toContain('¥226.00');
    }
  });

  it('the XML parses and carries the figures', async () => {
    const { token, inv } = await issued();
    const res = await get(token, inv.id, 'xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.headers['content-disposition']).toContain(`filename="${inv.number}.xml"`);
    const x = parseXml(res.body);
    expect(xmlText(x, 'Header/EIid')).toBe(inv.number);
    expect(xmlText(x, 'EInvoiceData/SellerInformation/SellerName')).toBe('演示科技有限公司');
    expect(xmlText(x, 'EInvoiceData/BuyerInformation/BuyerIdNum')).toBe('91310104MA1FR8KX39');
    expect(xmlText(x, 'EInvoiceData/BasicInformation/TotalAmWithoutTax')).toBe('200.00');
    expect(xmlText(x, 'EInvoiceData/BasicInformation/TotalTaxAm')).toBe('26.00');
    expect(xmlText(x, 'EInvoiceData/BasicInformation/TotalTax-includedAmount')).toBe('226.00');
    expect(xmlText(x, 'EInvoiceData/BasicInformation/TotalTax-includedAmountInChinese')).toBe(
      '贰佰贰拾陆圆整',
    );
    expect(xmlText(x, 'EInvoiceData/BasicInformation/Drawer')).toBe('演示管理员');
    const items = xmlAll(x, 'EInvoiceData/IssuItemInformation');
    expect(items).toHaveLength(1);
    expect(xmlText(items[0], 'ItemName')).toBe('*软件维护服务*接口服务费');
    expect(xmlText(items[0], 'TaxRate')).toBe('0.13');
    expect(xmlText(x, 'TaxSupervisionInfo/InvoiceNumber')).toBe(inv.number);
  });

  it('a red invoice prints negative with its blue number', async () => {
    const { token, inv: blue } = await issued();
    const db = app().services.db;
    const [b] = await db.select().from(invoices).where(eq(invoices.id, blue.id));
    const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = b;
    // Made directly: the red-letter flow has its own tests; here only the face of a red invoice matters.
    const [red] = await db
      .insert(invoices)
      .values({
        ...copy,
        clientSerial: `${b.clientSerial}-red`,
        colour: 'red',
        number: `${b.number!.slice(0, 5)}${String(Number(b.number!.slice(5)) + 900_000).padStart(15, '0')}`,
        amountFen: -b.amountFen,
        taxFen: -b.taxFen,
        totalFen: -b.totalFen,
        blueInvoiceId: b.id,
        blueNumber: b.number,
        redReason: '01',
        remarks: null,
      })
      .returning();
    const [line] = await db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, b.id));
    const { id: _lid, ...lineCopy } = line;
    await db.insert(invoiceLines).values({
      ...lineCopy,
      invoiceId: red.id,
      quantity: '-2',
      amountFen: -line.amountFen,
      taxFen: -line.taxFen,
      amountInclusiveFen: -line.amountInclusiveFen,
      blueLineNo: 1,
    });

    const x = parseXml((await get(token, red.id, 'xml')).body);
    expect(xmlText(x, 'EInvoiceData/BasicInformation/TotalTax-includedAmount')).toBe('-226.00');
    expect(xmlText(x, 'EInvoiceData/BasicInformation/TotalTax-includedAmountInChinese')).toBe(
      '（负数）贰佰贰拾陆圆整',
    );
    expect(xmlText(x, 'EInvoiceData/IssuItemInformation/Amount')).toBe('-200.00');
    expect(xmlText(x, 'EInvoiceData/AdditionalInformation/BlueInvoiceNumber')).toBe(b.number);
    const pdf = (await get(token, red.id, 'pdf')).rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    if (text !== null) {
      expect(text).toContain('销项负数');
      expect(text).toContain(`对应正数发票号码：${b.number}`);
      expect(text).toContain('¥-226.00');
    }
  });

  it('renders on demand when the row is missing (a job lost on restart), and records it again', async () => {
    const { token, inv } = await issued();
    const db = app().services.db;
    await db.delete(invoiceFiles).where(eq(invoiceFiles.invoiceId, inv.id));
    const res = await get(token, inv.id, 'pdf');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await fileRows(inv.id)).map((r) => r.format)).toEqual(['pdf']);
    // The ZIP route's entry point reads the same stored file.
    const zipped = await loadOrRenderPdf({ db }, inv.tenantId, inv.id);
    expect(Buffer.compare(zipped, res.rawPayload)).toBe(0);
    // Rendering again is idempotent: one row per format.
    await loadOrRenderPdf({ db }, inv.tenantId, inv.id);
    const again = await db
      .select()
      .from(invoiceFiles)
      .where(and(eq(invoiceFiles.invoiceId, inv.id), eq(invoiceFiles.format, 'pdf')));
    expect(again).toHaveLength(1);
  });

  it('prints the tenant seal once one is uploaded', async () => {
    const token = await app().login('demo', 'Demo@123');
    const up = await upload(
      app(),
      token,
      '/api/billing/v1/seal',
      multipart({ name: 'seal.png', data: sealPng(), type: 'image/png' }),
    );
    expect(up.statusCode).toBe(200);
    const { inv } = await issued();
    const pdf = (await get(token, inv.id, 'pdf')).rawPayload;
    expect((await inspectPdf(pdf)).images).toBeGreaterThanOrEqual(1);
    await app().app.inject({ method: 'DELETE', url: '/api/billing/v1/seal', headers: bearer(token) });
  });

  it('has no files before issue; other tenants get 404, users without the codes 403, bad formats 400', async () => {
    const { token, inv } = await issued();
    const c = api(app(), token);
    const draft = (await c.create(invoiceBody({ submit: false }))).json();
    const none = await get(token, draft.id, 'pdf');
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('INVOICE_FILE_NOT_AVAILABLE');

    const agent = await app().login('agent', 'Agent@123');
    expect((await get(agent, inv.id, 'pdf')).statusCode).toBe(404);
    expect((await get(agent, inv.id, 'xml')).statusCode).toBe(404);
    const clerk = await app().login('clerk', 'Clerk@123');
    expect((await get(clerk, inv.id, 'pdf')).statusCode).toBe(403);
    expect((await get(token, inv.id, 'docx')).statusCode).toBe(400);
    // The OFD face (issue 31): a zip whose document names the invoice.
    const ofd = await get(token, inv.id, 'ofd');
    expect(ofd.statusCode).toBe(200);
    expect(ofd.headers['content-type']).toBe('application/ofd');
    expect(ofd.headers['content-disposition']).toContain(`filename="${inv.number}.ofd"`);
    expect(strFromU8(unzipSync(ofd.rawPayload)['OFD.xml'])).toContain(inv.number);
    expect((await get(token, 999_999, 'pdf')).statusCode).toBe(404);
    // The platform administrator reads every tenant.
    const admin = await app().login('admin', 'Admin@123');
    expect((await get(admin, inv.id, 'xml')).statusCode).toBe(200);
  });
});
