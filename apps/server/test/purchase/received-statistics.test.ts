import { receivedInvoices, tenants } from '@fpy/db';
import { INVOICE_TYPE_RULES, type InvoiceType } from '@fpy/domain';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../src/lib/write/index.ts';
import { recordReceived } from '../../src/modules/purchase/received-invoices/index.ts';
import { bareUserToken, bearer, useTestApp } from '../harness.ts';
import { blueRequest, issueOk, sandbox } from '../platform/tax-gateway-helpers.ts';

/**
 * 进项发票统计 (issue 31, lane PSTATS): the figures the API answers equal sums computed here by hand over the
 * company's received invoices (the sandbox supplier stream, collected by 立即同步, plus a legacy invoice with two
 * rates and a hand entry without lines); each group's rows add up to the totals; another tenant's invoices never
 * count; bad filters are a 400 naming the field; the export is the same table as a workbook.
 */
const app = useTestApp();
const API = '/api/purchase/received-statistics';
const DEMO_TAX = '91310115MA1K4GDM05';
const BRAND_TAX = '91440300MA5FPX7Q2H';
let demo: string;
let brand: string;
let demoId: number;
let brandId: number;

type Row = typeof receivedInvoices.$inferSelect;
type Line = { amountFen: number; taxFen: number; rate: string };

const get = (token: string, url: string) => app().app.inject({ url, headers: bearer(token) });
const rowsOf = (tenantId: number) =>
  app().services.db.select().from(receivedInvoices).where(eq(receivedInvoices.tenantId, tenantId));

/** The figures of a set of invoices, by hand. */
function figures(rows: Row[]) {
  const special = rows.filter((r) => INVOICE_TYPE_RULES[r.invoiceType as InvoiceType].special);
  const digital = rows.filter((r) => INVOICE_TYPE_RULES[r.invoiceType as InvoiceType].family === 'digital');
  const sum = (rs: Row[], k: 'amountFen' | 'taxFen' | 'totalFen') => rs.reduce((s, r) => s + r[k], 0);
  const part = (rs: Row[]) => ({
    count: rs.length,
    amountFen: sum(rs, 'amountFen'),
    taxFen: sum(rs, 'taxFen'),
  });
  const ordinary = rows.filter((r) => !special.includes(r));
  return {
    count: rows.length,
    amountFen: sum(rows, 'amountFen'),
    taxFen: sum(rows, 'taxFen'),
    totalFen: sum(rows, 'totalFen'),
    special: part(special),
    ordinary: part(ordinary),
    digital: part(digital),
    legacy: part(rows.filter((r) => !digital.includes(r))),
    states: {
      normal: rows.filter((r) => r.state === 'normal').length,
      red: rows.filter((r) => r.state === 'red').length,
      voided: rows.filter((r) => r.state === 'voided').length,
      abnormal: rows.filter((r) => r.state === 'abnormal').length,
    },
    deductibleTaxFen: sum(
      special.filter((r) => r.state === 'normal'),
      'taxFen',
    ),
  };
}

const groupBy = <K extends string>(rows: Row[], key: (r: Row) => K) => {
  const m = new Map<K, Row[]>();
  for (const r of rows) m.set(key(r), [...(m.get(key(r)) ?? []), r]);
  return m;
};

beforeAll(async () => {
  demo = await app().login('demo', 'Demo@123');
  brand = await app().login('brand', 'Brand@123');
  const db = app().services.db;
  const [d] = await db.select().from(tenants).where(eq(tenants.creditCode, DEMO_TAX));
  const [b] = await db.select().from(tenants).where(eq(tenants.creditCode, BRAND_TAX));
  demoId = d.id;
  brandId = b.id;
  const { gw } = sandbox(db, new Date().toISOString());
  await gw.seedSupplierStream({ name: d.name, taxNumber: DEMO_TAX }, 30, 120);
  // Tenant A (demo) issues to tenant B (brand): brand receives it, demo never counts it.
  await issueOk(
    gw,
    blueRequest({ tenantId: d.id, creditCode: DEMO_TAX, name: d.name }, 33_900, {
      type: 'digital_special',
      buyer: { name: b.name, taxNumber: BRAND_TAX },
    }),
  );
  for (const token of [demo, brand]) {
    const r = await app().app.inject({
      method: 'POST',
      url: '/api/purchase/received-invoices/sync',
      headers: bearer(token),
    });
    expect(r.statusCode, r.body).toBe(200);
  }
  const today = new Date().toISOString().slice(0, 10);
  await withTransaction({ db }, async (tx) => {
    // A legacy 专票 with two rates, and a hand-entered 普票 whose lines are unknown.
    await recordReceived(tx, {
      tenantId: demoId,
      source: 'manual',
      fields: {
        code: '3100231130',
        number: '08812345',
        buyerTaxNumber: DEMO_TAX,
        buyerName: d.name,
        sellerName: '上海税控供应商有限公司',
        sellerTaxNumber: '91310000MA1FL0TEST',
        type: 'special_paper',
        colour: 'blue',
        issueDate: today,
        amountFen: 30_000,
        taxFen: 2_200,
        totalFen: 32_200,
        lines: [
          { name: '*金属制品*螺栓', amountFen: 10_000, taxFen: 1_300, rate: 'rate_13' },
          { name: '*运输服务*运费', amountFen: 20_000, taxFen: 900, rate: 'rate_9' },
        ],
      },
    });
    await recordReceived(tx, {
      tenantId: demoId,
      source: 'manual',
      fields: {
        code: '031002300111',
        number: '12345678',
        buyerTaxNumber: DEMO_TAX,
        buyerName: d.name,
        sellerName: '上海税控供应商有限公司',
        sellerTaxNumber: '91310000MA1FL0TEST',
        type: 'electronic_ordinary',
        colour: 'blue',
        issueDate: today,
        amountFen: 9_900,
        taxFen: 100,
        totalFen: 10_000,
        lines: [],
      },
    });
  });
});

describe('进项发票统计 (received statistics)', () => {
  it('by 属期: each month equals the hand sums, quiet months are zero, totals cover every invoice', async () => {
    const rows = await rowsOf(demoId);
    expect(rows.length).toBeGreaterThanOrEqual(32);
    const periods = [...new Set(rows.map((r) => r.period))].sort();
    const from = periods[0];
    const to = periods.at(-1)!;
    const r = await get(demo, `${API}?groupBy=period&periodFrom=${from}&periodTo=${to}`);
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(body.totals).toEqual(figures(rows));
    const byPeriod = groupBy(rows, (x) => x.period);
    for (const row of body.rows) {
      const mine = byPeriod.get(row.key) ?? [];
      const { key, label, ...fig } = row;
      expect(fig, key).toEqual(figures(mine));
      expect(label).toBe(`${key.slice(0, 4)}-${key.slice(4)}`);
    }
    expect(body.rows.map((x: { key: string }) => x.key)).toEqual(
      [...body.rows.map((x: { key: string }) => x.key)].sort(),
    );
    expect(body.rows.length).toBeGreaterThanOrEqual(periods.length);
    // The stream has red-lettered and abnormal invoices; the legacy ones count as legacy.
    expect(body.totals.states.red).toBeGreaterThan(0);
    expect(body.totals.states.abnormal).toBeGreaterThan(0);
    expect(body.totals.legacy.count).toBe(2);
    expect(body.totals.special.count + body.totals.ordinary.count).toBe(body.totals.count);
  });

  it('by supplier, type and state: each row equals the hand sums of its invoices', async () => {
    const rows = await rowsOf(demoId);
    const cases: [string, (r: Row) => string][] = [
      ['seller', (r) => r.sellerTaxNumber],
      ['type', (r) => r.invoiceType],
      ['state', (r) => r.state],
    ];
    for (const [g, key] of cases) {
      const body = (await get(demo, `${API}?groupBy=${g}`)).json();
      const groups = groupBy(rows, key);
      expect(body.rows.length, g).toBe(groups.size);
      for (const row of body.rows) {
        const { key: k, label: _l, ...fig } = row;
        expect(fig, `${g} ${k}`).toEqual(figures(groups.get(k) ?? []));
      }
      expect(body.totals).toEqual(figures(rows));
    }
    const sellers = (await get(demo, `${API}?groupBy=seller`)).json().rows;
    expect(sellers.find((s: { key: string }) => s.key === '91310000MA1FL0TEST').label).toBe(
      '上海税控供应商有限公司',
    );
    const states = (await get(demo, `${API}?groupBy=state`)).json().rows;
    expect(states.find((s: { key: string }) => s.key === 'red').label).toBe('已红冲');
  });

  it('by rate: each line under its own rate, an invoice counted once per rate, no lines under none', async () => {
    const rows = await rowsOf(demoId);
    const want = new Map<string, { ids: Set<number>; amountFen: number; taxFen: number }>();
    for (const r of rows) {
      const lines = r.lines as Line[];
      const parts = lines.length ? lines : [{ rate: 'none', amountFen: r.amountFen, taxFen: r.taxFen }];
      for (const l of parts) {
        const w = want.get(l.rate) ?? { ids: new Set(), amountFen: 0, taxFen: 0 };
        w.ids.add(r.id);
        w.amountFen += l.amountFen;
        w.taxFen += l.taxFen;
        want.set(l.rate, w);
      }
    }
    const body = (await get(demo, `${API}?groupBy=rate`)).json();
    expect(body.rows.length).toBe(want.size);
    for (const row of body.rows) {
      const w = want.get(row.key)!;
      expect(row.count, row.key).toBe(w.ids.size);
      expect(row.amountFen, row.key).toBe(w.amountFen);
      expect(row.taxFen, row.key).toBe(w.taxFen);
      expect(row.totalFen).toBe(w.amountFen + w.taxFen);
    }
    expect(body.rows.find((x: { key: string }) => x.key === 'none').label).toBe('未知税率');
    expect(body.rows.find((x: { key: string }) => x.key === 'rate_13').label).toBe('13%');
    // Highest rate first.
    expect(body.rows[0].key).toBe('rate_13');
    // The sum of the rate rows equals the totals in money (lines add up to their invoices).
    const amount = body.rows.reduce((s: number, x: { amountFen: number }) => s + x.amountFen, 0);
    expect(amount).toBe(body.totals.amountFen);
  });

  it('filters: supplier, type, 专票/普票, state, 属期', async () => {
    const rows = await rowsOf(demoId);
    const seller = rows.find((r) => r.sellerTaxNumber !== '91310000MA1FL0TEST')!;
    const bySeller = (await get(demo, `${API}?seller=${seller.sellerTaxNumber}`)).json();
    expect(bySeller.totals).toEqual(
      figures(rows.filter((r) => r.sellerTaxNumber === seller.sellerTaxNumber)),
    );
    const byName = (await get(demo, `${API}?seller=${encodeURIComponent('税控供应商')}`)).json();
    expect(byName.totals.count).toBe(2);
    const byType = (await get(demo, `${API}?type=digital_special`)).json();
    expect(byType.totals).toEqual(figures(rows.filter((r) => r.invoiceType === 'digital_special')));
    const special = (await get(demo, `${API}?category=special`)).json();
    expect(special.totals.ordinary.count).toBe(0);
    expect(special.totals.count).toBe(
      rows.filter((r) => INVOICE_TYPE_RULES[r.invoiceType as InvoiceType].special).length,
    );
    const red = (await get(demo, `${API}?state=red&groupBy=state`)).json();
    expect(red.rows.map((x: { key: string }) => x.key)).toEqual(['red']);
    const period = rows[0].period;
    const one = (await get(demo, `${API}?periodFrom=${period}&periodTo=${period}`)).json();
    expect(one.totals).toEqual(figures(rows.filter((r) => r.period === period)));
    expect(one.rows.map((x: { key: string }) => x.key)).toEqual([period]);
  });

  it('tenants apart: brand sees only its own received invoice, demo never the one it issued', async () => {
    const brandRows = await rowsOf(brandId);
    expect(brandRows.length).toBeGreaterThanOrEqual(1);
    const body = (await get(brand, `${API}?groupBy=seller`)).json();
    expect(body.totals).toEqual(figures(brandRows));
    expect(body.rows.map((x: { key: string }) => x.key)).toContain(DEMO_TAX);
    const demoSellers = (await get(demo, `${API}?groupBy=seller`)).json();
    expect(demoSellers.rows.map((x: { key: string }) => x.key)).not.toContain(DEMO_TAX);
    const admin = await app().login('admin', 'Admin@123');
    expect((await get(admin, API)).statusCode).toBeGreaterThanOrEqual(400);
    const bare = await bareUserToken(app());
    expect((await get(bare, API)).statusCode).toBe(403);
    expect((await get(bare, `${API}/export`)).statusCode).toBe(403);
  });

  it('bad input is a 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['periodFrom=2026-11', 'periodFrom'],
      ['periodTo=202613', 'periodTo'],
      ['periodFrom=202611&periodTo=202601', 'periodTo'],
      ['periodFrom=202001&periodTo=202512', 'periodTo'],
      ['groupBy=buyer', 'groupBy'],
      ['type=%27%20OR%201%3D1', 'type'],
      ['category=red', 'category'],
      ['state=deleted', 'state'],
      [`seller=${'x'.repeat(101)}`, 'seller'],
      ['seller=%00', 'seller'],
    ];
    for (const [q, field] of cases) {
      const r = await get(demo, `${API}?${q}`);
      expect(r.statusCode, q).toBe(400);
      expect(r.body, q).toContain(field);
      const x = await get(demo, `${API}/export?${q}`);
      expect(x.statusCode, q).toBe(400);
    }
  });

  it('exports the table with a 合计 row as a workbook', async () => {
    const body = (await get(demo, `${API}?groupBy=type`)).json();
    const r = await get(demo, `${API}/export?groupBy=type`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.name).toBe('按发票类型');
    expect(ws.getRow(1).getCell(1).value).toBe('发票类型');
    expect(ws.rowCount).toBe(body.rows.length + 2);
    const last = ws.getRow(ws.rowCount);
    expect(last.getCell(1).value).toBe('合计');
    expect(last.getCell(2).value).toBe(body.totals.count);
    expect(last.getCell(4).value).toBe(Number((body.totals.taxFen / 100).toFixed(2)));
  });
});
