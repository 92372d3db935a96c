import {
  checkRecords,
  elements,
  groupElements,
  groupMembers,
  groupMenus,
  menus,
  receivedInvoices,
  users,
} from '@fpy/db';
import { strToU8, zipSync } from 'fflate';
import { eq, inArray, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../harness.ts';
import { multipart, upload } from '../platform/base-helpers.ts';
import { api, invoiceBody } from '../sales/invoicing-helpers.ts';
import { encryptedPdf, zeroBomb } from './fixtures.ts';

/**
 * Collecting received invoices from files and by hand (issue 31 §2, §5, lane FILES), on the product's own files:
 * the demo company issues invoices to the brand company through the sales API (the sandbox bureau), downloads
 * their PDF, XML and OFD; the brand company uploads them (one by one, as a ZIP, a picture of the QR) and enters
 * them by hand. Each file gets its row; broken, encrypted, foreign, altered and unknown files are refused with the
 * file's name; the same invoice from two sources is one received invoice.
 */
const app = useTestApp();
const URL = '/api/purchase/intake';
const BRAND_TAX = '91440300MA5FPX7Q2H';
let demo: string;
let brand: string;

/** The invoiceQuery page's upload and manual-entry buttons for a user (created when the catalogue lacks them). */
async function grantIntake(username: string) {
  const db = app().services.db;
  let [menu] = await db.select().from(menus).where(eq(menus.code, 'invoiceQuery'));
  if (!menu)
    [menu] = await db
      .insert(menus)
      .values({ code: 'invoiceQuery', titleZh: '进项发票查询', titleEn: 'Received invoices' })
      .returning();
  for (const [code, zh] of [
    ['invoiceQuery:btn_upload', '上传发票'],
    ['invoiceQuery:btn_manual', '手工录入'],
  ])
    await db
      .insert(elements)
      .values({ menuId: menu.id, code, nameZh: zh, nameEn: code })
      .onConflictDoNothing();
  const [u] = await db.select().from(users).where(eq(users.username, username));
  const [member] = await db.select().from(groupMembers).where(eq(groupMembers.userId, u.id));
  await db.insert(groupMenus).values({ groupId: member.groupId, menuId: menu.id }).onConflictDoNothing();
  const es = await db
    .select()
    .from(elements)
    .where(inArray(elements.code, ['invoiceQuery:btn_upload', 'invoiceQuery:btn_manual']));
  for (const e of es)
    await db.insert(groupElements).values({ groupId: member.groupId, elementId: e.id }).onConflictDoNothing();
  app().services.invalidateAuthz();
}

/** The issue day in Asia/Shanghai (the face's and the bureau's day). */
const ymd = (inv: Issued) =>
  new Date(new Date(inv.issuedAt).getTime() + 8 * 3600_000).toISOString().slice(0, 10);

type Issued = { id: number; number: string; issuedAt: string; totalFen: number; amountFen: number };

/** An invoice the demo company issues (to the brand company unless told otherwise). */
async function issue(
  buyer = { name: '品牌演示有限公司', taxNumber: BRAND_TAX },
  totalFen = 22_600,
): Promise<Issued> {
  const c = api(app(), demo);
  const amountFen = Math.round(totalFen / 1.13);
  const body = invoiceBody({
    buyer,
    lines: [
      {
        name: '*软件*信息技术服务费',
        taxCode: '1060301020100000000',
        unit: '次',
        quantity: '1',
        unitPrice: (amountFen / 100).toFixed(2),
        rate: 'rate_13',
      },
    ],
    totals: { amountFen, taxFen: totalFen - amountFen, totalFen },
  });
  const created = await c.create(body);
  expect(created.statusCode, created.body).toBeLessThan(300);
  await c.settled();
  const inv = (await c.get(created.json().id)).json();
  expect(inv.status).toBe('issued');
  return inv;
}

const file = async (inv: Issued, format: 'pdf' | 'xml' | 'ofd') => {
  const res = await app().app.inject({
    url: `/api/billing/v1/invoices/${inv.id}/files/${format}`,
    headers: bearer(demo),
  });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
};

const send = (token: string, name: string, data: Buffer) =>
  upload(app(), token, `${URL}/files`, multipart({ name, data }));

const rowsOf = (number: string) =>
  app().services.db.select().from(receivedInvoices).where(eq(receivedInvoices.number, number));

const brandCount = async () => {
  const [{ n }] = await app()
    .services.db.select({ n: sql<number>`count(*)::int` })
    .from(receivedInvoices)
    .where(sql`${receivedInvoices.buyerTaxNumber} = ${BRAND_TAX}`);
  return n;
};

beforeAll(async () => {
  demo = await app().login('demo', 'Demo@123');
  brand = await app().login('brand', 'Brand@123');
  await grantIntake('brand');
  await grantIntake('demo');
  brand = await app().login('brand', 'Brand@123');
  demo = await app().login('demo', 'Demo@123');
});

describe('received invoice files (issue 31 §2)', () => {
  it('collects the product’s PDF, XML, OFD and a picture of the QR, each checked with the bureau', async () => {
    const invs = [await issue(), await issue(), await issue(), await issue()];
    const uploads: [string, Buffer][] = [
      [`${invs[0].number}.pdf`, await file(invs[0], 'pdf')],
      [`${invs[1].number}.xml`, await file(invs[1], 'xml')],
      [`${invs[2].number}.ofd`, await file(invs[2], 'ofd')],
    ];
    // The QR as the face prints it, photographed: a PNG of the same content.
    const { qrContent } = await import('../../src/modules/sales/invoice-files/qr.ts');
    const inv3 = invs[3];
    const qr = qrContent({
      type: 'digital_special',
      number: inv3.number,
      totalFen: inv3.totalFen,
      issueDate: ymd(inv3).replaceAll('-', ''),
    });
    uploads.push(['扫码.png', await QRCode.toBuffer(qr, { scale: 6 })]);
    for (const [i, [name, data]] of uploads.entries()) {
      const res = await send(brand, name, data);
      expect(res.statusCode, res.body).toBe(200);
      const report = res.json();
      expect(report).toMatchObject({ created: 1, duplicates: 0, refused: 0 });
      expect(report.items[0]).toMatchObject({
        file: name,
        result: 'created',
        number: invs[i].number,
        totalFen: invs[i].totalFen,
        sellerName: expect.any(String),
        state: 'normal',
      });
      const [row] = await rowsOf(invs[i].number);
      expect(row).toMatchObject({ buyerTaxNumber: BRAND_TAX, sources: ['file'], totalFen: invs[i].totalFen });
    }
  });

  it('a ZIP of many: every file its own row, the bad ones refused by name, the rest collected', async () => {
    const [a, b, c] = [await issue(), await issue(), await issue()];
    const foreign = await issue({ name: '上海云帆信息技术有限公司', taxNumber: '91310104MA1FR8KX39' });
    const pdfA = await file(a, 'pdf');
    const altered = (await file(c, 'xml'))
      .toString('utf8')
      .replace(/<TotalTax-includedAmount>[^<]+</, '<TotalTax-includedAmount>9999.00<');
    const before = await brandCount();
    const zip = zipSync({
      'a.pdf': pdfA,
      'b/b.ofd': await file(b, 'ofd'),
      'b/b.xml': await file(b, 'xml'),
      '截断.pdf': pdfA.subarray(0, pdfA.length / 2),
      '加密.pdf': encryptedPdf(pdfA),
      '他人.xml': await file(foreign, 'xml'),
      '篡改.xml': strToU8(altered),
      '说明.txt': strToU8('not an invoice'),
      '炸弹.ofd': await zeroBomb('lying', 64),
      '__MACOSX/._a.pdf': strToU8('resource fork'),
    });
    const res = await send(brand, '三月进项.zip', Buffer.from(zip));
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    const byFile = Object.fromEntries(report.items.map((i: { file: string }) => [i.file, i]));
    expect(Object.keys(byFile).sort()).toEqual(
      [
        'a.pdf',
        'b/b.ofd',
        'b/b.xml',
        '截断.pdf',
        '加密.pdf',
        '他人.xml',
        '篡改.xml',
        '说明.txt',
        '炸弹.ofd',
      ].sort(),
    );
    expect(byFile['a.pdf']).toMatchObject({ result: 'created', number: a.number });
    expect(byFile['b/b.ofd']).toMatchObject({ result: 'created', number: b.number });
    expect(byFile['b/b.xml']).toMatchObject({
      result: 'duplicate',
      reason: 'INTAKE_FILE.duplicate_in_batch',
    });
    const refused = (name: string, reason: string) => {
      expect(byFile[name]).toMatchObject({ result: 'refused', reason });
      expect(byFile[name].message).toContain(name);
    };
    refused('截断.pdf', 'INTAKE_FILE.broken');
    refused('加密.pdf', 'INTAKE_FILE.encrypted');
    refused('他人.xml', 'INTAKE_FILE.other_buyer');
    refused('篡改.xml', 'INTAKE_FILE.mismatch');
    refused('说明.txt', 'INTAKE_FILE.unknown_format');
    refused('炸弹.ofd', 'INTAKE_FILE.archive_refused');
    expect(byFile['篡改.xml'].message).toContain('价税合计');
    expect(report).toMatchObject({ created: 2, duplicates: 1, refused: 6 });
    // Nothing half-imported: exactly the two good invoices were added; the altered one is not there.
    expect(await brandCount()).toBe(before + 2);
    expect(await rowsOf(c.number)).toHaveLength(0);
    expect(await rowsOf(foreign.number)).toHaveLength(0);
  });

  it('refuses a ZIP bomb from its headers, and the seller uploading its own invoice is another buyer', async () => {
    for (const kind of ['honest', 'lying'] as const) {
      const res = await send(brand, '炸弹.zip', await zeroBomb(kind, 300, 'many/a.pdf', false));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INTAKE_FILE' });
      expect(res.json().message).toContain('炸弹.zip');
    }
    const inv = await issue();
    const mine = await send(demo, 'x.xml', await file(inv, 'xml'));
    expect(mine.json().items[0]).toMatchObject({ result: 'refused', reason: 'INTAKE_FILE.other_buyer' });
    // Each row worded in the caller's language.
    const form = multipart({ name: 'n.txt', data: Buffer.from('nope') });
    const withLang = await app().app.inject({
      method: 'POST',
      url: `${URL}/files`,
      headers: { ...bearer(brand), ...form.headers, 'accept-language': 'en' },
      payload: form.payload,
    });
    expect(withLang.statusCode).toBe(200);
    expect(withLang.json().items[0].message).toBe(
      'File "n.txt" is not a recognised invoice file (digital e-invoice XML, PDF, OFD, QR images PNG/JPG, or a ZIP of them)',
    );
  });
});

describe('manual entry with 查验 as the user types (issue 31 §2)', () => {
  it('checks without recording, refuses a wrong amount naming the field, records once across sources', async () => {
    const inv = await issue(undefined, 33_900);
    const entry = { number: inv.number, issueDate: ymd(inv), totalFen: inv.totalFen };
    const post = (path: string, payload: object, token = brand) =>
      app().app.inject({ method: 'POST', url: `${URL}${path}`, headers: bearer(token), payload });

    const check = await post('/manual/check', entry);
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toMatchObject({
      result: 'match',
      invoice: { number: inv.number, totalFen: 33_900 },
    });
    expect(await rowsOf(inv.number)).toHaveLength(0);

    const wrong = await post('/manual/check', { ...entry, totalFen: 33_800 });
    expect(wrong.json()).toMatchObject({ result: 'mismatch', fields: ['totalFen'], invoice: null });
    expect(wrong.json().message).toContain('价税合计');
    const wrongEnter = await post('/manual', { ...entry, totalFen: 33_800 });
    expect(wrongEnter.statusCode).toBe(400);
    expect(wrongEnter.json().message).toContain('价税合计');
    expect(await rowsOf(inv.number)).toHaveLength(0);

    const unknown = await post('/manual', { ...entry, number: '26442000000000000001' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('INTAKE_MANUAL');

    const bad = await post('/manual', { ...entry, number: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('number');

    const first = await send(brand, 'first.pdf', await file(inv, 'pdf'));
    expect(first.json().items[0].result).toBe('created');
    const again = await post('/manual', entry);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ result: 'duplicate', receivedId: first.json().items[0].receivedId });
    const rows = await rowsOf(inv.number);
    expect(rows).toHaveLength(1);
    expect(rows[0].sources).toEqual(['file', 'manual']);
    // Every check behind an entry or a file is in 查验记录 (channel intake); the check as the user types is not.
    const checks = await app()
      .services.db.select()
      .from(checkRecords)
      .where(eq(checkRecords.number, inv.number))
      .orderBy(checkRecords.id);
    expect(checks.map((c) => [c.channel, c.result, c.receivedInvoiceId])).toEqual([
      ['intake', 'mismatch', null],
      ['intake', 'match', rows[0].id],
      ['intake', 'match', rows[0].id],
    ]);

    // Manual first, then the file: still one.
    const other = await issue();
    const manual = await post('/manual', {
      number: other.number,
      issueDate: ymd(other),
      totalFen: other.totalFen,
    });
    expect(manual.json().result).toBe('created');
    const later = await send(brand, 'later.ofd', await file(other, 'ofd'));
    expect(later.json().items[0]).toMatchObject({
      result: 'duplicate',
      receivedId: manual.json().receivedId,
    });

    // The seller's manual entry of its own sale is another buyer's invoice.
    const foreign = await post('/manual', entry, demo);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toContain(BRAND_TAX);
    const foreignCheck = await post('/manual/check', entry, demo);
    expect(foreignCheck.json()).toMatchObject({ result: 'other_buyer', invoice: null });
  });

  it('legacy invoices by hand (专票 by amount, 普票 by check code) and the same 普票 from its QR picture is one', async () => {
    const post = (payload: object) =>
      app().app.inject({ method: 'POST', url: `${URL}/manual`, headers: bearer(demo), payload });
    // The sandbox bureau's archive of legacy invoices to the demo company (lane CHECK, sandbox/verify.ts).
    const special = await post({
      code: '3100201130',
      number: '04512870',
      issueDate: '2026-09-14',
      amountFen: 100_000,
    });
    expect(special.statusCode, special.body).toBe(200);
    expect(special.json()).toMatchObject({ result: 'created', code: '3100201130', totalFen: 113_000 });
    const wrong = await post({
      code: '031002000111',
      number: '61238805',
      issueDate: '2026-10-09',
      checkCodeLast6: '111111',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('校验码');
    const ordinary = await post({
      code: '031002000111',
      number: '61238805',
      issueDate: '2026-10-09',
      checkCodeLast6: '940517',
    });
    expect(ordinary.json()).toMatchObject({ result: 'created', totalFen: 10_600 });
    const qr = '01,10,031002000111,61238805,100.00,20261009,17209481203551940517,BE2D';
    const picture = await send(demo, '普票.png', await QRCode.toBuffer(qr, { scale: 5 }));
    expect(picture.json().items[0]).toMatchObject({
      result: 'duplicate',
      receivedId: ordinary.json().receivedId,
    });
  });

  it('hostile uploads: not multipart, empty, a workbook bomb, a NUL in the name', async () => {
    const { xlsxBomb } = await import('../lib/archive-bomb.ts');
    const plain = await app().app.inject({
      method: 'POST',
      url: `${URL}/files`,
      headers: { ...bearer(brand), 'content-type': 'application/json' },
      payload: { file: 'x' },
    });
    expect(plain.statusCode).toBeGreaterThanOrEqual(400);
    expect(plain.statusCode).toBeLessThan(500);
    expect((await send(brand, 'empty.pdf', Buffer.alloc(0))).statusCode).toBe(400);
    const bomb = await send(brand, 'book.xlsx', xlsxBomb('lying'));
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json().message).toContain('book.xlsx');
    const nul = await send(brand, 'a\u0000.pdf', Buffer.from('%PDF-1.7'));
    expect(nul.statusCode).toBe(400);
  });

  it('needs the buttons; tenants apart', async () => {
    const clerk = await app().login('clerk', 'Clerk@123');
    expect((await send(clerk, 'a.xml', Buffer.from('<a/>'))).statusCode).toBe(403);
    const res = await app().app.inject({
      method: 'POST',
      url: `${URL}/manual/check`,
      headers: bearer(clerk),
      payload: { number: '1', issueDate: '2024-01-01' },
    });
    expect(res.statusCode).toBe(403);
  });
});
