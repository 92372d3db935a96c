import { deliveries, resourceChanges, shortLinks, smsBalances, smsRecharges, users } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../harness.ts';
import { api as invoicing, invoiceBody } from '../sales/invoicing-helpers.ts';

/**
 * 短链接管理 and 账单 (issue 14, /invoicePlat/shorturl, /bill): the company's links with filters, disable and
 * extend (audited, never another company's), exports; the monthly bill from deliveries and recharges.
 */
const app = useTestApp();
let demo: string;
let brand: string;
let demoTenant: number;
let brandTenant: number;
let invoiceId: number;
let invoiceNumber: string;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: object) =>
  app().app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const LINKS = '/api/admin/v1/plat/short-links';
const BILL = '/api/admin/v1/plat/bill';
const DAY = 86_400_000;

const tenantOf = async (username: string) =>
  (await app().services.db.select().from(users).where(eq(users.username, username)))[0].tenantId!;

beforeAll(async () => {
  demo = await app().login('demo', 'Demo@123');
  brand = await app().login('brand', 'Brand@123');
  demoTenant = await tenantOf('demo');
  brandTenant = await tenantOf('brand');
  const inv = invoicing(app(), demo);
  const created = await inv.create(invoiceBody());
  expect(created.statusCode, created.body).toBe(201);
  await inv.settled();
  const got = (await inv.get(created.json().id)).json();
  invoiceId = got.id;
  invoiceNumber = got.number;
  expect(invoiceNumber).toBeTruthy();
  const now = Date.now();
  await app()
    .services.db.insert(shortLinks)
    .values([
      {
        code: 'DemoActive0001',
        tenantId: demoTenant,
        invoiceId,
        expiresAt: new Date(now + 10 * DAY),
        opens: 3,
      },
      { code: 'DemoExpired001', tenantId: demoTenant, invoiceId, expiresAt: new Date(now - DAY) },
      {
        code: 'DemoForever001',
        tenantId: demoTenant,
        invoiceId,
        expiresAt: null,
        invoiceIds: [invoiceId, 999],
      },
      { code: 'BrandLink00001', tenantId: brandTenant, invoiceId: 424242, expiresAt: new Date(now + DAY) },
    ]);
});

describe('短链接 (shorturl)', () => {
  it('lists only the company’s links with their invoice, filtered by status, code and invoice number', async () => {
    const all = (await call(demo, 'GET', `${LINKS}?limit=100`)).json();
    const codes = all.rows.map((r: { code: string }) => r.code);
    expect(codes).toEqual(expect.arrayContaining(['DemoActive0001', 'DemoExpired001', 'DemoForever001']));
    expect(codes).not.toContain('BrandLink00001');
    const active = all.rows.find((r: { code: string }) => r.code === 'DemoActive0001');
    expect(active).toMatchObject({ invoiceNumber, status: 'active', opens: 3, invoiceCount: 1 });
    expect(all.rows.find((r: { code: string }) => r.code === 'DemoForever001').invoiceCount).toBe(2);

    const expired = (await call(demo, 'GET', `${LINKS}?status=expired`)).json();
    expect(expired.rows.map((r: { code: string }) => r.code)).toEqual(['DemoExpired001']);
    const byCode = (await call(demo, 'GET', `${LINKS}?code=Forever`)).json();
    expect(byCode.total).toBe(1);
    const byNumber = (await call(demo, 'GET', `${LINKS}?invoiceNumber=${invoiceNumber.slice(-6)}`)).json();
    expect(byNumber.total).toBeGreaterThanOrEqual(3);
    const theirs = (await call(brand, 'GET', LINKS)).json();
    expect(theirs.rows.map((r: { code: string }) => r.code)).toEqual(['BrandLink00001']);
    // The brand link's invoice id is not the brand's invoice: no number leaks through the join.
    expect(theirs.rows[0].invoiceNumber).toBeNull();

    const bad = await call(demo, 'GET', `${LINKS}?status=gone`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('字段 status');
    const order = await call(demo, 'GET', `${LINKS}?dateFrom=2025-05-02&dateTo=2025-05-01`);
    expect(order.json().message).toContain('开始日期不能晚于结束日期');
  });

  it('disables and extends only the caller’s links, with audit rows', async () => {
    // Another company's code is skipped, never changed.
    const foreign = await call(brand, 'POST', `${LINKS}/disable`, { codes: ['DemoActive0001'] });
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json().code).toBe('SHORT_LINKS_NONE');
    const badCode = await call(demo, 'POST', `${LINKS}/disable`, { codes: ['../../x'] });
    expect(badCode.json().message).toContain('字段 codes.0');

    const ext = await call(demo, 'POST', `${LINKS}/extend`, {
      codes: ['DemoExpired001', 'DemoForever001', 'BrandLink00001'],
      days: 7,
    });
    expect(ext.json()).toEqual({ updated: 1 });
    const [renewed] = await app()
      .services.db.select()
      .from(shortLinks)
      .where(eq(shortLinks.code, 'DemoExpired001'));
    // Expired links are extended from now, not from their old expiry.
    expect(renewed.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 6 * DAY);
    expect(
      (await call(demo, 'POST', `${LINKS}/extend`, { codes: ['DemoForever001'], days: 7 })).statusCode,
    ).toBe(409);
    const tooLong = await call(demo, 'POST', `${LINKS}/extend`, { codes: ['DemoActive0001'], days: 5000 });
    expect(tooLong.json().message).toContain('字段 days');

    const dis = await call(demo, 'POST', `${LINKS}/disable`, { codes: ['DemoActive0001', 'BrandLink00001'] });
    expect(dis.json()).toEqual({ updated: 1 });
    const [brandLink] = await app()
      .services.db.select()
      .from(shortLinks)
      .where(eq(shortLinks.code, 'BrandLink00001'));
    expect(brandLink.disabledAt).toBeNull();
    const list = (await call(demo, 'GET', `${LINKS}?status=disabled`)).json();
    expect(list.rows.map((r: { code: string }) => r.code)).toEqual(['DemoActive0001']);

    const audits = await app()
      .services.db.select()
      .from(resourceChanges)
      .where(and(eq(resourceChanges.resource, 'shortLinks'), eq(resourceChanges.tenantId, demoTenant)));
    expect(audits.map((a) => [a.action, (a.changes as { code: string }).code])).toEqual([
      ['extend', 'DemoExpired001'],
      ['disable', 'DemoActive0001'],
    ]);
    expect(audits.every((a) => a.actorName && a.recordId === invoiceId)).toBe(true);
  });

  it('exports the filtered list to Excel', async () => {
    const res = await call(demo, 'GET', `${LINKS}/export?status=disabled`);
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).getCell(1).value).toBe('短链接编码');
    expect(ws.rowCount).toBe(2);
    expect(ws.getRow(2).getCell(1).value).toBe('DemoActive0001');
  });
});

describe('账单 (bill)', () => {
  it('counts the company’s deliveries and recharges per Shanghai month', async () => {
    const db = app().services.db;
    // 2025-03-31 17:00 UTC is 2025-04-01 01:00 in Shanghai: it belongs to April.
    const april = new Date('2025-03-31T17:00:00Z');
    const march = new Date('2025-03-10T04:00:00Z');
    const base = { tenantId: demoTenant, invoiceId, recipient: '13800000000' };
    await db.insert(deliveries).values([
      { ...base, channel: 'sms', seq: 1, status: 'delivered', units: 2, acceptedAt: march, createdAt: march },
      { ...base, channel: 'sms', seq: 2, status: 'failed', units: 1, acceptedAt: march, createdAt: march },
      { ...base, channel: 'sms', seq: 3, status: 'dead', units: 0, createdAt: april },
      {
        ...base,
        channel: 'email',
        recipient: 'a@b.cn',
        status: 'delivered',
        acceptedAt: april,
        createdAt: april,
      },
      {
        ...base,
        tenantId: brandTenant,
        channel: 'sms',
        seq: 9,
        status: 'delivered',
        units: 5,
        createdAt: march,
      },
    ]);
    await db.insert(smsRecharges).values([
      { tenantId: demoTenant, amount: 1000, paidFen: 5000, balanceAfter: 1000, createdAt: march },
      { tenantId: brandTenant, amount: 99, balanceAfter: 99, createdAt: march },
    ]);
    await db
      .insert(smsBalances)
      .values({ tenantId: demoTenant, balance: 997, used: 3 })
      .onConflictDoUpdate({ target: smsBalances.tenantId, set: { balance: 997, used: 3 } });

    const bill = (await call(demo, 'GET', `${BILL}?year=2025`)).json();
    expect(bill.months).toHaveLength(12);
    expect(bill.months[2]).toMatchObject({
      month: '2025-03',
      smsTotal: 2,
      smsAccepted: 2,
      smsDelivered: 1,
      smsFailed: 1,
      smsUnits: 3,
      rechargeAmount: 1000,
      rechargePaidFen: 5000,
    });
    expect(bill.months[3]).toMatchObject({
      month: '2025-04',
      smsTotal: 1,
      smsFailed: 1,
      emailTotal: 1,
      emailDelivered: 1,
    });
    expect(bill.totals).toMatchObject({ smsTotal: 3, smsUnits: 3, emailTotal: 1, rechargeAmount: 1000 });
    expect(bill.balance).toMatchObject({ balance: 997 });

    const theirs = (await call(brand, 'GET', `${BILL}?year=2025`)).json();
    expect(theirs.totals).toMatchObject({ smsTotal: 1, smsUnits: 5, rechargeAmount: 99, emailTotal: 0 });
    expect((await call(demo, 'GET', `${BILL}?year=1999`)).json().message).toContain('字段 year');

    const file = await call(demo, 'GET', `${BILL}/export?year=2025`);
    expect(file.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.rowCount).toBe(14);
    expect(ws.getRow(4).getCell(1).value).toBe('2025-03');
    expect(ws.getRow(14).getCell(1).value).toBe('合计');
    expect(ws.getRow(4).getCell(12).value).toBe('50.00');
  });
});
