import { invoices, users } from '@fpy/db';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { bareUserToken, bearer, useTestApp } from '../harness.ts';
import { queryInvoicePage } from '../../src/modules/sales/invoicing/query/list.ts';
import { api, invoiceBody } from './invoicing-helpers.ts';

// The PDFs belong to the layout-file module; here a stand-in renders "%PDF-<id>" through the query's seam.
vi.mock('../../src/modules/sales/invoicing/query/pdf-source.ts', () => ({
  pdfLoader: async () => async (_ctx: unknown, _tenantId: number, id: number) => Buffer.from(`%PDF-${id}`),
}));

const app = useTestApp();
const Q = '/api/billing/v1/invoice-query';
const at = (s: string) => new Date(s);

/** Six invoices of the demo tenant, shaped in the DB after issuing so each filter has a known answer. */
const fixture = {
  a: {
    number: '26312000000000000001',
    issuedAt: at('2026-03-01T00:00:00+08:00'),
    buyerName: '上海云帆信息技术有限公司',
    buyerTaxNumber: '91310104MA1FR8KX39',
    drawer: '张三',
  },
  b: {
    number: '26312000000000000002',
    issuedAt: at('2026-03-31T23:59:59+08:00'),
    buyerName: '北京星河科技有限公司',
    buyerTaxNumber: '91110108MA01ABCD1X',
    drawer: '张三',
  },
  c: {
    number: '26312000000000000013',
    issuedAt: at('2026-04-01T00:00:00+08:00'),
    buyerName: '杭州云帆贸易有限公司',
    buyerTaxNumber: null,
    drawer: '李四',
  },
  d: {
    number: null,
    issuedAt: null,
    status: 'failed',
    buyerName: '深圳蓝海有限公司',
    buyerTaxNumber: null,
    drawer: '李四',
  },
  e: {
    number: '26312000000000000020',
    issuedAt: at('2026-04-15T12:00:00+08:00'),
    colour: 'red',
    buyerName: '上海云帆信息技术有限公司',
    buyerTaxNumber: '91310104MA1FR8KX39',
    drawer: '张三',
  },
  f: {
    number: '12345678',
    issuedAt: at('2026-02-10T09:00:00+08:00'),
    status: 'partly_red',
    buyerName: '广州海风有限公司',
    buyerTaxNumber: null,
    drawer: '王五',
  },
} as const;
type Key = keyof typeof fixture;
const ids = {} as Record<Key, number>;
let token: string;
let demoTenant: number;

const get = async (qs: string, tok = token) => {
  const res = await app().app.inject({ url: `${Q}${qs}`, headers: bearer(tok) });
  return res;
};
const keysOf = async (qs: string) => {
  const res = await get(qs);
  expect(res.statusCode, res.body).toBe(200);
  const byId = new Map(Object.entries(ids).map(([k, v]) => [v, k]));
  return (res.json().rows as { id: number }[]).map((r) => byId.get(r.id));
};
const sorted = (xs: unknown[]) => [...xs].sort();

beforeAll(async () => {
  token = await app().login('demo', 'Demo@123');
  const c = api(app(), token);
  const qty = { a: '1', b: '2', c: '10', d: '3', e: '1', f: '5' };
  for (const k of Object.keys(fixture) as Key[]) {
    const type = k === 'c' ? 'digital_ordinary' : k === 'f' ? 'digital_paper_ordinary' : 'digital_special';
    const body = invoiceBody({ type, totals: undefined });
    (body.lines as { quantity: string }[])[0].quantity = qty[k];
    const res = await c.create(body);
    expect(res.statusCode, res.body).toBe(201);
    ids[k] = res.json().id;
  }
  await c.settled();
  const db = app().services.db;
  for (const k of Object.keys(fixture) as Key[]) {
    const { colour, status, ...rest } = fixture[k] as (typeof fixture)[Key] & {
      colour?: string;
      status?: string;
    };
    await db
      .update(invoices)
      .set({
        ...rest,
        ...(status ? { status } : {}),
        ...(colour === 'red'
          ? {
              colour,
              totalFen: -11_300,
              amountFen: -10_000,
              taxFen: -1_300,
              blueInvoiceId: ids.a,
              blueNumber: fixture.a.number,
              redReason: '01',
            }
          : {}),
      })
      .where(eq(invoices.id, ids[k]));
  }
  const [demo] = await db.select().from(users).where(eq(users.username, 'demo'));
  demoTenant = demo.tenantId!;
});

describe('GET /api/billing/v1/invoice-query — filters', () => {
  it('lists every invoice of the tenant, newest issue first, with colour, blue reference and files', async () => {
    const res = await get('');
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(6);
    // issued_at DESC puts the never-issued invoice (NULL) first, as PostgreSQL orders NULLs in DESC.
    expect(await keysOf('')).toEqual(['d', 'e', 'c', 'b', 'a', 'f']);
    const red = res.json().rows.find((r: { id: number }) => r.id === ids.e);
    expect(red).toMatchObject({
      colour: 'red',
      blueInvoiceId: ids.a,
      blueNumber: fixture.a.number,
      redReason: '01',
      totalFen: -11_300,
    });
    expect(Array.isArray(red.fileFormats)).toBe(true);
  });

  it('issue date range is inclusive in Asia/Shanghai', async () => {
    expect(sorted(await keysOf('?dateFrom=2026-03-01&dateTo=2026-03-31'))).toEqual(['a', 'b']);
    expect(sorted(await keysOf('?dateFrom=2026-04-01'))).toEqual(['c', 'e']);
    expect(sorted(await keysOf('?dateTo=2026-02-28'))).toEqual(['f']);
    expect((await get('?dateFrom=2026-3-1')).statusCode).toBe(400);
  });

  it('number: 20 digits exact, fewer a prefix', async () => {
    expect(await keysOf(`?number=${fixture.a.number}`)).toEqual(['a']);
    expect(sorted(await keysOf('?number=2631200000000000000'))).toEqual(['a', 'b']);
    expect(sorted(await keysOf('?number=263120000000000000'))).toEqual(['a', 'b', 'c', 'e']);
    expect(await keysOf('?number=12345678')).toEqual(['f']);
    expect(await keysOf('?number=9')).toEqual([]);
    expect((await get('?number=12a')).statusCode).toBe(400);
  });

  it('buyer: a tax number exactly, otherwise part of the name', async () => {
    expect(sorted(await keysOf('?buyer=91310104MA1FR8KX39'))).toEqual(['a', 'e']);
    expect(sorted(await keysOf('?buyer=91310104ma1fr8kx39'))).toEqual(['a', 'e']);
    expect(sorted(await keysOf('?buyer=云帆'))).toEqual(['a', 'c', 'e']);
    expect(sorted(await keysOf('?buyer=北京星河'))).toEqual(['b']);
    expect(await keysOf('?buyer=100%25')).toEqual([]);
  });

  it('type, status (one or several), colour, drawer', async () => {
    expect(await keysOf('?type=digital_ordinary')).toEqual(['c']);
    expect(await keysOf('?status=failed')).toEqual(['d']);
    expect(sorted(await keysOf('?status=failed&status=partly_red'))).toEqual(['d', 'f']);
    expect(sorted(await keysOf('?status=failed,partly_red'))).toEqual(['d', 'f']);
    expect((await get('?status=nope')).statusCode).toBe(400);
    expect(await keysOf('?colour=red')).toEqual(['e']);
    expect((await keysOf('?colour=blue')).length).toBe(5);
    expect(sorted(await keysOf(`?drawer=${encodeURIComponent('李四')}`))).toEqual(['c', 'd']);
  });

  it('amount range on 价税合计 in yuan, parsed to fen exactly', async () => {
    // a 113.00, b 226.00, c 1130.00, d 339.00, e -113.00, f 565.00
    expect(sorted(await keysOf('?amountMin=226&amountMax=565'))).toEqual(['b', 'd', 'f']);
    expect(sorted(await keysOf('?amountMin=226.01'))).toEqual(['c', 'd', 'f']);
    expect(sorted(await keysOf('?amountMax=113.00'))).toEqual(['a', 'e']);
    const bad = await get('?amountMin=1.005');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('金额格式不正确');
  });

  it('filters combine', async () => {
    expect(await keysOf(`?buyer=${encodeURIComponent('云帆')}&colour=blue&dateTo=2026-03-31`)).toEqual(['a']);
  });
});

describe('GET /api/billing/v1/invoice-query — paging, sorting, tenants', () => {
  it('pages with a stable order and the exact total', async () => {
    const p1 = (await get('?limit=4&page=1')).json();
    const p2 = (await get('?limit=4&page=2')).json();
    expect(p1.total).toBe(6);
    expect(p2.total).toBe(6);
    expect(p1.rows.length).toBe(4);
    expect(p2.rows.length).toBe(2);
    expect(new Set([...p1.rows, ...p2.rows].map((r: { id: number }) => r.id)).size).toBe(6);
    expect(p1.totalCapped).toBe(false);
  });

  it('stops counting at the cap and says so (large tenants)', async () => {
    const ctx = {
      db: app().services.db,
      actor: { tenantId: demoTenant, platform: false },
    } as unknown as Parameters<typeof queryInvoicePage>[0];
    const q = { page: 1, limit: 2, sort: '-issuedAt' } as Parameters<typeof queryInvoicePage>[1];
    expect(await queryInvoicePage(ctx, q, 4)).toMatchObject({ total: 4, totalCapped: true });
    expect(await queryInvoicePage(ctx, q, 6)).toMatchObject({ total: 6, totalCapped: false });
    expect((await queryInvoicePage(ctx, q, 4)).rows.length).toBe(2);
  });

  it('sorts by totalFen, number and issuedAt either way', async () => {
    expect(await keysOf('?sort=totalFen')).toEqual(['e', 'a', 'b', 'd', 'f', 'c']);
    expect(await keysOf('?sort=-totalFen')).toEqual(['c', 'f', 'd', 'b', 'a', 'e']);
    expect(await keysOf('?sort=number&status=issued,partly_red')).toEqual(['f', 'a', 'b', 'c', 'e']);
    expect(await keysOf('?sort=issuedAt&colour=blue&status=issued,partly_red')).toEqual(['f', 'a', 'b', 'c']);
    // No sort: newest issue first. An unknown key is refused by the contract's allowlist (issue 12 §5).
    expect(await keysOf('?colour=blue&status=issued,partly_red')).toEqual(['c', 'b', 'a', 'f']);
    const unknown = await get('?sort=unknown');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('字段 sort'),
    });
  });

  it('another tenant sees nothing of ours, even naming our tenant; the platform sees all and may narrow', async () => {
    const brand = await app().login('brand', 'Brand@123');
    const mine = await get(`?tenantId=${demoTenant}`, brand);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().rows.map((r: { tenantId: number }) => r.tenantId)).not.toContain(demoTenant);
    const admin = await app().login('admin', 'Admin@123');
    const all = (await get(`?tenantId=${demoTenant}`, admin)).json();
    expect(all.total).toBe(6);
  });

  it('a user without the menu is refused', async () => {
    const res = await get('', await bareUserToken(app()));
    expect(res.statusCode).toBe(403);
  });
});

const post = (url: string, payload: object, tok = token) =>
  app().app.inject({ method: 'POST', url, headers: bearer(tok), payload });

describe('GET /api/billing/v1/invoice-query/export', () => {
  it('exports the filtered set with Chinese headers and yuan figures', async () => {
    const res = await get(`/export?buyer=${encodeURIComponent('云帆')}&sort=totalFen`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(
      expect.arrayContaining(['发票号码', '开票日期', '购买方名称', '价税合计', '发票状态']),
    );
    const col = (name: string) => header.indexOf(name) + 1;
    expect(ws.rowCount).toBe(4);
    const rows = [2, 3, 4].map((i) => ws.getRow(i));
    expect(rows.map((r) => r.getCell(col('发票号码')).text)).toEqual([
      fixture.e.number,
      fixture.a.number,
      fixture.c.number,
    ]);
    expect(rows.map((r) => r.getCell(col('价税合计')).value)).toEqual([-113, 113, 1130]);
    expect(rows[1].getCell(col('开票日期')).text).toBe('2026-03-01 00:00:00');
    expect(rows[0].getCell(col('蓝字/红字')).text).toBe('红字');
    expect(rows[0].getCell(col('对应蓝字发票号码')).text).toBe(fixture.a.number);
  });

  it('needs the export element code', async () => {
    const clerk = await app().login('clerk', 'Clerk@123');
    expect((await get('/export', clerk)).statusCode).toBe(403);
  });
});

describe('POST /api/billing/v1/invoice-query/zip', () => {
  const entries = (raw: Buffer) => unzipSync(new Uint8Array(raw));

  it('packs the selection as <number>.pdf', async () => {
    const res = await post(`${Q}/zip`, { ids: [ids.b, ids.a] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = entries(res.rawPayload);
    expect(Object.keys(files)).toEqual([`${fixture.b.number}.pdf`, `${fixture.a.number}.pdf`]);
    expect(Buffer.from(files[`${fixture.a.number}.pdf`]).toString()).toBe(`%PDF-${ids.a}`);
  });

  it('packs the issued invoices of a filter, skipping those without a number', async () => {
    const res = await post(`${Q}/zip`, { filter: { drawer: '李四' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.keys(entries(res.rawPayload))).toEqual([`${fixture.c.number}.pdf`]);
  });

  it('refuses unissued, foreign, empty and oversized requests before sending anything', async () => {
    const unissued = await post(`${Q}/zip`, { ids: [ids.a, ids.d] });
    expect(unissued.statusCode).toBe(400);
    expect(unissued.json().message).toContain('尚未开具');
    const brand = await app().login('brand', 'Brand@123');
    expect((await post(`${Q}/zip`, { ids: [ids.a] }, brand)).statusCode).toBe(404);
    const none = await post(`${Q}/zip`, { filter: { status: ['failed'] } });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain('没有符合条件');
    const many = await post(`${Q}/zip`, { ids: Array.from({ length: 501 }, (_, i) => i + 1) });
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toContain('最多打包500张');
    const both = await post(`${Q}/zip`, {});
    expect(both.statusCode).toBe(400);
  });

  it('needs the download element code', async () => {
    const clerk = await app().login('clerk', 'Clerk@123');
    expect((await post(`${Q}/zip`, { ids: [ids.a] }, clerk)).statusCode).toBe(403);
  });
});

describe('GET /api/billing/v1/invoice-query/{id}/related', () => {
  it('links a blue invoice to its reds and a red one to its blue, within the tenant', async () => {
    const blue = (await get(`/${ids.a}/related`)).json();
    expect(blue.invoice.id).toBe(ids.a);
    expect(blue.blue).toBeNull();
    expect(blue.reds.map((r: { id: number }) => r.id)).toEqual([ids.e]);
    const red = (await get(`/${ids.e}/related`)).json();
    expect(red.blue.id).toBe(ids.a);
    expect(red.reds).toEqual([]);
    const brand = await app().login('brand', 'Brand@123');
    expect((await get(`/${ids.a}/related`, brand)).statusCode).toBe(404);
  });
});
