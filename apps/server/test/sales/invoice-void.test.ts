import { invoiceEvents, invoices } from '@fpy/db';
import { count, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../harness.ts';
import { api, invoiceBody } from './invoicing-helpers.ts';

const app = useTestApp();
let token: string;

const voidIt = (id: number, payload: object = { reason: '2', remark: '金额开错' }, tok = token) =>
  app().app.inject({
    method: 'POST',
    url: `/api/billing/v1/invoices/${id}/void`,
    headers: bearer(tok),
    payload,
  });

/** Invoices of the demo tenant, issued once for the whole file (waiting for the bureau is the slow part). */
const FAILING = { name: '【模拟失败】测试公司' };
const wanted = {
  paper: ['digital_paper_ordinary'],
  paperSpecial: ['digital_paper_special'],
  electronic: ['digital_special'],
  electronicOrdinary: ['digital_ordinary'],
  lastMonth: ['digital_paper_ordinary'],
  partly: ['digital_paper_ordinary'],
  red: ['digital_paper_ordinary'],
  failed: ['digital_paper_ordinary', FAILING],
  negative: ['digital_paper_ordinary'],
  badReason: ['digital_paper_ordinary'],
  foreign: ['digital_paper_ordinary'],
} as const;
type Name = keyof typeof wanted;
const created = {} as Record<Name, number>;
async function issued(name: Name) {
  return (await api(app(), token).get(created[name])).json();
}

const stateOf = async (id: number) => {
  const db = app().services.db;
  const [inv] = await db.select().from(invoices).where(eq(invoices.id, id));
  const [{ n }] = await db.select({ n: count() }).from(invoiceEvents).where(eq(invoiceEvents.invoiceId, id));
  return { status: inv.status, events: Number(n) };
};

/** A refusal: the precise message, and nothing written. */
async function expectRefused(id: number, message: string, httpStatus = 409) {
  const before = await stateOf(id);
  const res = await voidIt(id);
  expect(res.statusCode, res.body).toBe(httpStatus);
  expect(res.json().message).toBe(message);
  expect(await stateOf(id)).toEqual(before);
}

beforeAll(async () => {
  token = await app().login('demo', 'Demo@123');
  const c = api(app(), token);
  for (const [name, [type, buyer]] of Object.entries(wanted) as [Name, readonly [string, object?]][]) {
    const res = await c.create(invoiceBody({ type, totals: undefined, ...(buyer ? { buyer } : {}) }));
    expect(res.statusCode, res.body).toBe(201);
    created[name] = res.json().id;
  }
  await c.settled();
});

describe('POST /api/billing/v1/invoices/{id}/void — rules of §6.3', () => {
  it('voids a paper invoice issued this month, audited with who, where and why', async () => {
    const inv = await issued('paper');
    expect(inv.status).toBe('issued');
    const res = await voidIt(inv.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: inv.id, status: 'void', statusLabel: '已作废', colour: 'blue' });
    const detail = (await api(app(), token).get(inv.id)).json();
    expect(detail.events.at(-1)).toMatchObject({
      from: 'issued',
      to: 'void',
      actorName: '演示管理员',
      ip: expect.any(String),
      reason: '作废原因：开票有误；金额开错',
    });
    await expectRefused(inv.id, '发票已作废，不能重复作废');
    const listed = await app().app.inject({
      url: '/api/billing/v1/invoice-query?status=void',
      headers: bearer(token),
    });
    expect(listed.json().rows.map((r: { id: number }) => r.id)).toContain(inv.id);
  });

  it('also voids a 数电纸质专票', async () => {
    const inv = await issued('paperSpecial');
    expect((await voidIt(inv.id, { reason: '1' })).json().status).toBe('void');
  });

  it('refuses electronic invoices: they are red-flushed', async () => {
    const inv = await issued('electronic');
    await expectRefused(inv.id, '电子发票不能作废，请红冲');
    const ordinary = await issued('electronicOrdinary');
    await expectRefused(ordinary.id, '电子发票不能作废，请红冲');
  });

  it('refuses an invoice issued in another month (Asia/Shanghai)', async () => {
    const inv = await issued('lastMonth');
    // The last second of the previous month in Shanghai is still another month, whatever UTC says.
    const now = new Date(Date.now() + 8 * 3600_000);
    const monthStart = new Date(`${now.toISOString().slice(0, 7)}-01T00:00:00+08:00`);
    await app()
      .services.db.update(invoices)
      .set({ issuedAt: new Date(monthStart.getTime() - 1000) })
      .where(eq(invoices.id, inv.id));
    const prev = new Date(monthStart.getTime() - 1000 + 8 * 3600_000).toISOString().slice(0, 7);
    await expectRefused(
      inv.id,
      `只能作废当月开具的发票（本发票开具于${prev.replace('-', '年')}月），跨月请红冲`,
    );
  });

  it('refuses a partly red-flushed, red-flushed or failed invoice, and a red invoice', async () => {
    const db = app().services.db;
    const partly = await issued('partly');
    await db.update(invoices).set({ status: 'partly_red' }).where(eq(invoices.id, partly.id));
    await expectRefused(partly.id, '发票已部分红冲，不能作废');
    const red = await issued('red');
    await db.update(invoices).set({ status: 'red' }).where(eq(invoices.id, red.id));
    await expectRefused(red.id, '发票已红冲，不能作废');
    const failed = await issued('failed');
    expect(failed.status).toBe('failed');
    await expectRefused(failed.id, '只有已开具的发票可以作废，当前状态：开具失败');
    const negative = await issued('negative');
    await db.update(invoices).set({ colour: 'red' }).where(eq(invoices.id, negative.id));
    await expectRefused(negative.id, '红字发票不能在此作废');
  });

  it('validates the reason', async () => {
    const inv = await issued('badReason');
    const res = await voidIt(inv.id, { reason: '5' });
    expect(res.statusCode).toBe(400);
    expect((await stateOf(inv.id)).status).toBe('issued');
  });

  it('clerk 403, another tenant 404, platform account 403; nothing written', async () => {
    const inv = await issued('foreign');
    const before = await stateOf(inv.id);
    const clerk = await app().login('clerk', 'Clerk@123');
    expect((await voidIt(inv.id, undefined, clerk)).statusCode).toBe(403);
    const brand = await app().login('brand', 'Brand@123');
    expect((await voidIt(inv.id, undefined, brand)).statusCode).toBe(404);
    const admin = await app().login('admin', 'Admin@123');
    expect((await voidIt(inv.id, undefined, admin)).statusCode).toBe(403);
    expect(await stateOf(inv.id)).toEqual(before);
  });
});

describe('POST /api/billing/v1/invoice-query/zip with the real layout files', () => {
  it('packs real PDFs named by number', async () => {
    const inv = await issued('electronic');
    const res = await app().app.inject({
      method: 'POST',
      url: '/api/billing/v1/invoice-query/zip',
      headers: bearer(token),
      payload: { ids: [inv.id] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files)).toEqual([`${inv.number}.pdf`]);
    expect(Buffer.from(files[`${inv.number}.pdf`].subarray(0, 5)).toString()).toBe('%PDF-');
  });
});
