import {
  checkRecords,
  elements,
  groupElements,
  groupMembers,
  groupMenus,
  menus,
  resourceChanges,
  users,
} from '@fpy/db';
import ExcelJS from 'exceljs';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { findReceivedByKey, recordReceived } from '../../src/modules/purchase/received-invoices/index.ts';
import { bareUserToken, bearer, useTestApp } from '../harness.ts';
import { blueRequest, freshSeller, issueOk, sandbox } from '../platform/tax-gateway-helpers.ts';

/**
 * 查验, 查验记录, 报销 and 预警 of received invoices (issue 31, lane CHECK): a 数电 invoice the sandbox bureau issued
 * to the demo company and the legacy invoices of its archive; genuine / not found / mismatch, every check kept with
 * who and the reply; a batch with bad rows; an invoice reimbursed once (who and when on the refusal, a race of two
 * claims, one wins); tenants apart; hostile input answered 400 naming the field.
 */
const app = useTestApp();
const API = '/api/purchase/checks';
const CLAIMS = '/api/purchase/expense-claims';
let demo: string;
let brand: string;
let clerk: string;
let digital: { number: string; issueDate: string };
let otherBuyer: { number: string; issueDate: string };
/** One seller for every invoice here: the sandbox numbers per seller, and the 数电 number is the invoice's key. */
const seller = freshSeller();

const post = (token: string, url: string, payload: object) =>
  app().app.inject({ method: 'POST', url, headers: bearer(token), payload });
const get = (token: string, url: string) => app().app.inject({ url, headers: bearer(token) });

/** Gives a demo member the pages and buttons named (the clerk holds only the user list). */
async function grant(username: string, menuCodes: string[], elementCodes: string[]) {
  const db = app().services.db;
  const [u] = await db.select().from(users).where(eq(users.username, username));
  const [member] = await db.select().from(groupMembers).where(eq(groupMembers.userId, u.id));
  const ms = await db.select().from(menus).where(inArray(menus.code, menuCodes));
  for (const m of ms)
    await db.insert(groupMenus).values({ groupId: member.groupId, menuId: m.id }).onConflictDoNothing();
  const es = await db.select().from(elements).where(inArray(elements.code, elementCodes));
  for (const e of es)
    await db.insert(groupElements).values({ groupId: member.groupId, elementId: e.id }).onConflictDoNothing();
  app().services.invalidateAuthz();
}

beforeAll(async () => {
  demo = await app().login('demo', 'Demo@123');
  brand = await app().login('brand', 'Brand@123');
  clerk = await app().login('clerk', 'Clerk@123');
  await grant('clerk', ['invoiceReimbursement'], ['invoiceReimbursement:btn_add']);
  const { gw } = sandbox(app().services.db, new Date().toISOString());
  // 113.00 to the demo company (blueRequest's buyer is 91310115MA1K4GDM05), and one to another buyer.
  digital = await issueOk(gw, blueRequest(seller, 11_300));
  otherBuyer = await issueOk(
    gw,
    blueRequest(seller, 5_000, { buyer: { name: '别家公司', taxNumber: '91440300MA5FPX7Q2H' } }),
  );
});

describe('查验 (§7.1)', () => {
  it('answers genuine for a 数电 invoice with the bureau reply, and keeps the record with who checked it', async () => {
    const r = await post(demo, API, {
      number: digital.number,
      issueDate: digital.issueDate,
      totalFen: 11_300,
    });
    expect(r.statusCode, r.body).toBe(200);
    const rec = r.json();
    expect(rec).toMatchObject({
      result: 'match',
      state: 'normal',
      ownInvoice: true,
      checkedByName: '演示管理员',
      invoice: { number: digital.number, totalFen: 11_300, buyerTaxNumber: '91310115MA1K4GDM05' },
    });
    const detail = (await get(demo, `${API}/records/${rec.id}`)).json();
    expect(detail.request).toEqual({
      number: digital.number,
      issueDate: digital.issueDate,
      totalFen: 11_300,
    });
    expect(detail.reply).toMatchObject({ result: 'match', invoice: { number: digital.number } });
    // Genuine and addressed to demo: recorded as received (one row, source manual), the record names it.
    const demoTenant = (await app().services.db.select().from(users).where(eq(users.username, 'demo')))[0]
      .tenantId!;
    const received = await findReceivedByKey(app().services.db, demoTenant, digital.number);
    expect(received).toMatchObject({ id: rec.receivedInvoiceId, totalFen: 11_300, state: 'normal' });
    const again = (
      await post(demo, API, { number: digital.number, issueDate: digital.issueDate, totalFen: 11_300 })
    ).json();
    expect(again.receivedInvoiceId).toBe(rec.receivedInvoiceId);
    const audit = await app()
      .services.db.select()
      .from(resourceChanges)
      .where(and(eq(resourceChanges.resource, 'checkRecord'), eq(resourceChanges.recordId, rec.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'check', actorName: '演示管理员' });
  });

  it('answers not found and mismatch naming the field, each kept', async () => {
    const nf = (
      await post(demo, API, { number: '26319999999999999999', issueDate: '2026-10-01', totalFen: 100 })
    ).json();
    expect(nf).toMatchObject({ result: 'not_found', invoice: null });
    const mm = (
      await post(demo, API, { number: digital.number, issueDate: digital.issueDate, totalFen: 11_301 })
    ).json();
    expect(mm).toMatchObject({ result: 'mismatch', mismatch: ['totalFen'], invoice: null });
    const list = (await get(demo, `${API}/records?limit=5`)).json();
    expect(list.rows.slice(0, 2).map((r: { result: string }) => r.result)).toEqual(['mismatch', 'not_found']);
    const only = (await get(demo, `${API}/records?result=not_found`)).json();
    expect(only.rows.every((r: { result: string }) => r.result === 'not_found')).toBe(true);
  });

  it('checks legacy invoices: 专票 by amount, 普票 by check-code last 6, and reads the bureau state', async () => {
    const sp = await post(demo, API, {
      code: '3100201130',
      number: '04512870',
      issueDate: '2026-09-14',
      amountFen: 100_000,
    });
    expect(sp.json()).toMatchObject({
      result: 'match',
      invoice: { code: '3100201130', type: 'special_paper' },
    });
    const wrong = await post(demo, API, {
      code: '3100201130',
      number: '04512870',
      issueDate: '2026-09-14',
      amountFen: 99_999,
    });
    expect(wrong.json()).toMatchObject({ result: 'mismatch', mismatch: ['amountFen'] });
    const ord = await post(demo, API, {
      code: '031002000111',
      number: '61238805',
      issueDate: '2026-10-09',
      checkCodeLast6: '940517',
    });
    expect(ord.json()).toMatchObject({ result: 'match', state: 'normal' });
    const bad = await post(demo, API, {
      code: '031002000111',
      number: '61238805',
      issueDate: '2026-10-09',
      checkCodeLast6: '000000',
    });
    expect(bad.json()).toMatchObject({ result: 'mismatch', mismatch: ['checkCode'] });
    const abnormal = await post(demo, API, {
      code: '031002100513',
      number: '00038921',
      issueDate: '2026-08-21',
      amountFen: 250_000,
    });
    expect(abnormal.json()).toMatchObject({ result: 'match', state: 'abnormal' });
  });

  it('refuses hostile or incomplete input with 400 naming the field', async () => {
    const cases: [object, string][] = [
      [{ number: '12345', issueDate: '2026-10-01', totalFen: 1 }, 'number'],
      [{ number: digital.number, issueDate: '2026-02-30', totalFen: 1 }, 'issueDate'],
      [{ number: digital.number, issueDate: '2026-10-01' }, 'totalFen'],
      [{ code: '3100201130', number: '04512870', issueDate: '2026-09-14' }, 'amountFen'],
      [{ code: '031002000111', number: '61238805', issueDate: '2026-10-09' }, 'checkCodeLast6'],
      [{ code: "1' OR 1=1", number: '04512870', issueDate: '2026-09-14', amountFen: 1 }, 'code'],
      [{ number: digital.number, issueDate: digital.issueDate, totalFen: 1.5 }, 'totalFen'],
    ];
    for (const [body, field] of cases) {
      const r = await post(demo, API, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.body).toContain(field);
    }
    expect((await post(await bareUserToken(app()), API, { number: digital.number })).statusCode).toBe(403);
  });

  it('checks a pasted batch row by row: bad rows get their reason, the rest go through under one batch id', async () => {
    const text = [
      `,${digital.number},${digital.issueDate},113.00`,
      '3100201130,04512870,20260914,1000',
      ',26319999999999999999,2026-10-01,1.00',
      'only,two',
      ',123,2026-10-01,1.00',
      `,${digital.number},${digital.issueDate},abc`,
    ].join('\n');
    const r = await post(demo, `${API}/batch`, { text });
    expect(r.statusCode, r.body).toBe(200);
    const b = r.json();
    expect(b.counts).toEqual({ match: 2, mismatch: 0, not_found: 1, failed: 0, invalid: 3 });
    expect(b.rows.map((x: { row: number; field: string | null }) => [x.row, x.field])).toEqual([
      [1, null],
      [2, null],
      [3, null],
      [4, null],
      [5, 'number'],
      [6, 'amount'],
    ]);
    const kept = (await get(demo, `${API}/records?batchId=${b.batchId}`)).json();
    expect(kept.total).toBe(3);
    expect((await post(demo, `${API}/batch`, { text: '\n\n' })).statusCode).toBe(400);
    const many = Array.from({ length: 101 }, () => `,${digital.number},${digital.issueDate},113`).join('\n');
    expect((await post(demo, `${API}/batch`, { text: many })).json().code).toBeDefined();
  });

  it('checks an uploaded Excel batch and exports the records', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('s');
    ws.addRow(['发票代码', '发票号码', '开票日期', '金额', '校验码后6位']);
    ws.addRow(['', digital.number, digital.issueDate, '113.00', '']);
    ws.addRow(['031002000111', '61238805', '2026-10-09', '', '940517']);
    ws.addRow(['', 'x', '2026-10-09', '1', '']);
    const data = Buffer.from(await wb.xlsx.writeBuffer());
    const boundary = '----chk';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="b.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const r = await app().app.inject({
      method: 'POST',
      url: `${API}/batch-file`,
      headers: { ...bearer(demo), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().counts).toMatchObject({ match: 2, invalid: 1 });
    const x = await get(demo, `${API}/records/export?result=match`);
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-type']).toContain('spreadsheetml');
  });

  it('keeps tenants apart: brand never sees demo’s records, and a check of demo’s invoice is not brand’s own', async () => {
    const mine = (await get(demo, `${API}/records?limit=1`)).json().rows[0];
    expect((await get(brand, `${API}/records/${mine.id}`)).statusCode).toBe(404);
    const brandList = (await get(brand, `${API}/records`)).json();
    expect(brandList.rows.some((r: { id: number }) => r.id === mine.id)).toBe(false);
    const seen = (
      await post(brand, API, { number: digital.number, issueDate: digital.issueDate, totalFen: 11_300 })
    ).json();
    expect(seen).toMatchObject({ result: 'match', ownInvoice: false });
    const rows = await app().services.db.select().from(checkRecords).where(eq(checkRecords.id, seen.id));
    expect(rows[0].tenantId).not.toBe(
      (await app().services.db.select().from(users).where(eq(users.username, 'demo')))[0].tenantId,
    );
  });
});

describe('报销: an invoice is reimbursed once', () => {
  const claim = (
    title: string,
    number = digital.number,
    issueDate = digital.issueDate,
    totalFen = 11_300,
  ) => ({
    title,
    invoices: [{ number, issueDate, totalFen }],
  });

  it('refuses a second claim of the same invoice with who and when, logs the attempt, and lets it go after withdrawal', async () => {
    const first = await post(clerk, CLAIMS, claim('出差打车'));
    expect(first.statusCode, first.body).toBe(200);
    const c = first.json();
    expect(c).toMatchObject({
      state: 'submitted',
      totalFen: 11_300,
      claimantName: '开票员小李',
      invoiceCount: 1,
    });
    const again = await post(demo, CLAIMS, claim('又报一次'));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('INVOICE_ALREADY_REIMBURSED');
    expect(again.json().message).toContain('开票员小李');
    expect(again.json().message).toContain(c.claimNo);
    expect(again.json().message).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    const en = await app().app.inject({
      method: 'POST',
      url: CLAIMS,
      headers: { ...bearer(demo), 'accept-language': 'en' },
      payload: claim('again'),
    });
    expect(en.json().message).toContain('already reimbursed by 开票员小李');
    const warnings = (await get(demo, '/api/purchase/warnings?kind=duplicate_reimbursement')).json();
    expect(warnings.rows[0]).toMatchObject({
      kind: 'duplicate_reimbursement',
      number: digital.number,
      actorName: '演示管理员',
      claimNo: c.claimNo,
    });
    // Nobody else's claim is withdrawn by the clerk; the claimant may.
    const w = await post(clerk, `${CLAIMS}/${c.id}/withdraw`, { reason: '填错了' });
    expect(w.statusCode, w.body).toBe(403); // the clerk holds no withdraw button
    expect((await post(demo, `${CLAIMS}/${c.id}/withdraw`, { reason: '填错了' })).json()).toMatchObject({
      state: 'withdrawn',
    });
    const now = await post(demo, CLAIMS, claim('重新报销'));
    expect(now.statusCode, now.body).toBe(200);
    const audit = await app()
      .services.db.select()
      .from(resourceChanges)
      .where(eq(resourceChanges.resource, 'expenseClaim'))
      .orderBy(desc(resourceChanges.id));
    expect(audit.map((a) => a.action).slice(0, 3)).toEqual(['create', 'withdraw', 'create']);
  });

  it('lets one of two racing claims for the same invoice win', async () => {
    const { gw } = sandbox(app().services.db, new Date().toISOString());
    const inv = await issueOk(gw, blueRequest(seller, 22_600));
    const body = claim('并发', inv.number, inv.issueDate, 22_600);
    const [a, b] = await Promise.all([post(demo, CLAIMS, body), post(clerk, CLAIMS, body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().code).toBe('INVOICE_ALREADY_REIMBURSED');
  });

  it('refuses invoices that are not genuine, not normal, of another buyer, or twice on one claim', async () => {
    const nf = await post(demo, CLAIMS, claim('假票', '26319999999999999999', '2026-10-01', 100));
    expect(nf.statusCode).toBe(400);
    expect(nf.json().message).toContain('查无此票');
    const abnormal = await post(demo, CLAIMS, {
      title: '失控票',
      invoices: [{ code: '031002100513', number: '00038921', issueDate: '2026-08-21', amountFen: 250_000 }],
    });
    expect(abnormal.json().message).toContain('异常');
    const other = await post(demo, CLAIMS, claim('别家', otherBuyer.number, otherBuyer.issueDate, 5_000));
    expect(other.json().code).toBe('INVOICE_OTHER_BUYER');
    const twice = await post(demo, CLAIMS, {
      title: '两次',
      invoices: [
        { code: '3100201130', number: '04512870', issueDate: '2026-09-14', amountFen: 100_000 },
        { code: '3100201130', number: '04512870', issueDate: '2026-09-14', amountFen: 100_000 },
      ],
    });
    expect(twice.json().code).toBe('INVOICE_TWICE_IN_CLAIM');
    const empty = await post(demo, CLAIMS, { title: '空', invoices: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('invoices');
  });

  it('keeps claims per company', async () => {
    const list = (await get(demo, CLAIMS)).json();
    expect(list.total).toBeGreaterThan(0);
    expect((await get(brand, CLAIMS)).json().total).toBe(0);
    expect((await get(brand, `${CLAIMS}/${list.rows[0].id}`)).statusCode).toBe(404);
    expect((await post(brand, `${CLAIMS}/${list.rows[0].id}/withdraw`, { reason: 'x' })).statusCode).toBe(
      404,
    );
  });

  it('warns when a received invoice turns red, voided or abnormal (lane CORE’s hook), with a supplier at risk', async () => {
    const db = app().services.db;
    const demoTenant = (await db.select().from(users).where(eq(users.username, 'demo')))[0].tenantId!;
    const fields = (number: string, state?: 'red' | 'abnormal') => ({
      number,
      buyerTaxNumber: '91310115MA1K4GDM05',
      buyerName: '演示科技有限公司',
      sellerName: '风险供应商有限公司',
      sellerTaxNumber: '91310000MA1RISK001',
      type: 'digital_special' as const,
      colour: 'blue' as const,
      issueDate: '2026-10-10',
      amountFen: 10_000,
      taxFen: 1_300,
      totalFen: 11_300,
      ...(state ? { state } : {}),
    });
    await db.transaction(async (tx) => {
      await recordReceived(tx as never, {
        tenantId: demoTenant,
        fields: fields('26312000000077770001'),
        source: 'sync',
      });
      await recordReceived(tx as never, {
        tenantId: demoTenant,
        fields: fields('26312000000077770002'),
        source: 'sync',
      });
    });
    await db.transaction(async (tx) => {
      await recordReceived(tx as never, {
        tenantId: demoTenant,
        fields: fields('26312000000077770001', 'red'),
        source: 'sync',
      });
      await recordReceived(tx as never, {
        tenantId: demoTenant,
        fields: fields('26312000000077770002', 'abnormal'),
        source: 'sync',
      });
    });
    const red = (await get(demo, '/api/purchase/warnings?kind=red_after_receipt')).json();
    expect(red.rows).toContainEqual(
      expect.objectContaining({
        number: '26312000000077770001',
        sellerName: '风险供应商有限公司',
        detail: 'sync',
        actorName: '',
      }),
    );
    const risk = (await get(demo, '/api/purchase/warnings?kind=supplier_risk')).json();
    expect(risk.rows).toContainEqual(expect.objectContaining({ sellerName: '风险供应商有限公司' }));
    // Seeing the same state again warns no second time.
    await db.transaction(async (tx) => {
      await recordReceived(tx as never, {
        tenantId: demoTenant,
        fields: fields('26312000000077770001', 'red'),
        source: 'sync',
      });
    });
    const again = (await get(demo, '/api/purchase/warnings?kind=red_after_receipt')).json();
    expect(again.rows.filter((w: { number: string }) => w.number === '26312000000077770001')).toHaveLength(1);
  });

  it('lists the warnings a check saw: abnormal and voided invoices, a supplier at risk', async () => {
    await post(demo, API, {
      code: '031001900104',
      number: '22190467',
      issueDate: '2026-10-30',
      checkCodeLast6: '253310',
    });
    const all = (await get(demo, '/api/purchase/warnings?limit=50')).json();
    const kinds = new Set(all.rows.map((w: { kind: string }) => w.kind));
    expect(kinds).toEqual(
      new Set(['abnormal', 'voided', 'red_after_receipt', 'supplier_risk', 'duplicate_reimbursement']),
    );
    expect((await get(brand, '/api/purchase/warnings')).json().total).toBe(0);
  });
});
