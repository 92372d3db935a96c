import { invoiceLines, invoices, users } from '@fpy/db';
import { and, eq, like } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedInvoiceDemo, wantsDemoInvoices } from '../../src/seed/invoice-demo.ts';
import { bearer, useTestApp } from '../harness.ts';
import { api, invoiceBody } from './invoicing-helpers.ts';

const app = useTestApp();
const STATS = '/api/billing/v1/invoice-stats';
const YEAR = '?dateFrom=2025-01-01&dateTo=2025-12-31';

const X = { buyerName: '上海云帆信息技术有限公司', buyerTaxNumber: '91310104MA1FR8KX39' };
const Y = { buyerName: '王小明', buyerTaxNumber: null };
let serial = 0;

/** Inserts a finished invoice as the issuing flow leaves it (status, number, issuedAt), lines as [rate, amount, tax]. */
async function insertInvoice(
  tenantId: number,
  o: {
    type: string;
    status: string;
    issuedAt: string;
    buyer: { buyerName: string; buyerTaxNumber: string | null };
    lines: [string, number, number][];
    colour?: 'blue' | 'red';
  },
) {
  const db = app().services.db;
  const amount = o.lines.reduce((s, l) => s + l[1], 0);
  const tax = o.lines.reduce((s, l) => s + l[2], 0);
  const [row] = await db
    .insert(invoices)
    .values({
      tenantId,
      clientSerial: `stats-${++serial}`,
      type: o.type,
      colour: o.colour ?? 'blue',
      pricingMode: 'exclusive',
      sellerName: '测试',
      sellerCreditCode: '91310115MA1K4GDM05',
      ...o.buyer,
      drawer: '测试',
      amountFen: amount,
      taxFen: tax,
      totalFen: amount + tax,
      status: o.status,
      number: o.status === 'failed' ? null : `2531200000000000${String(serial).padStart(4, '0')}`,
      issuedAt: new Date(o.issuedAt),
    })
    .returning();
  await db.insert(invoiceLines).values(
    o.lines.map(([rate, a, t], i) => ({
      tenantId,
      invoiceId: row.id,
      lineNo: i + 1,
      name: '*信息技术服务*测试',
      rate,
      amountFen: a,
      taxFen: t,
      amountInclusiveFen: a + t,
    })),
  );
  return row;
}

const zero = { count: 0, redCount: 0, amountFen: 0, taxFen: 0, totalFen: 0 };

describe('开票统计 (invoiceStatistic)', () => {
  let demoToken: string;
  const get = async (qs: string, token = demoToken) =>
    app().app.inject({ url: `${STATS}${qs}`, headers: bearer(token) });

  beforeAll(async () => {
    const db = app().services.db;
    const [demo] = await db.select().from(users).where(eq(users.username, 'demo'));
    const [agent] = await db.select().from(users).where(eq(users.username, 'agent'));
    const t = demo.tenantId!;
    // 2025-01-15 10:00 Shanghai: 13% and 6% lines.
    await insertInvoice(t, {
      type: 'digital_special',
      status: 'issued',
      issuedAt: '2025-01-15T02:00:00Z',
      buyer: X,
      lines: [
        ['rate_13', 100_000, 13_000],
        ['rate_6', 50_000, 3_000],
      ],
    });
    // 2025-03-31 23:59 Shanghai (15:59 UTC): still March.
    await insertInvoice(t, {
      type: 'digital_special',
      status: 'issued',
      issuedAt: '2025-03-31T15:59:00Z',
      buyer: X,
      lines: [['rate_13', 30_000, 3_900]],
    });
    // 2025-04-01 00:30 Shanghai (still 31 March in UTC): April. Partly reversed by the red invoice below.
    await insertInvoice(t, {
      type: 'digital_ordinary',
      status: 'partly_red',
      issuedAt: '2025-03-31T16:30:00Z',
      buyer: Y,
      lines: [['rate_9', 20_000, 1_800]],
    });
    await insertInvoice(t, {
      type: 'digital_ordinary',
      colour: 'red',
      status: 'issued',
      issuedAt: '2025-04-10T02:00:00Z',
      buyer: Y,
      lines: [['rate_9', -10_000, -900]],
    });
    // Not counted: never issued, voided, waiting, outside the dates (2024-12-31 23:59:59 Shanghai), other tenant.
    for (const status of ['failed', 'void', 'pending_review', 'ready'])
      await insertInvoice(t, {
        type: 'digital_special',
        status,
        issuedAt: '2025-05-05T02:00:00Z',
        buyer: X,
        lines: [['rate_13', 99_900, 12_987]],
      });
    await insertInvoice(t, {
      type: 'digital_special',
      status: 'issued',
      issuedAt: '2024-12-31T15:59:59Z',
      buyer: X,
      lines: [['rate_13', 77_700, 10_101]],
    });
    await insertInvoice(agent.tenantId!, {
      type: 'digital_special',
      status: 'issued',
      issuedAt: '2025-02-02T02:00:00Z',
      buyer: X,
      lines: [['rate_13', 55_500, 7_215]],
    });
    demoToken = await app().login('demo', 'Demo@123');
  });

  it('by month, in Asia/Shanghai, with quiet months as zero; red invoices count negative', async () => {
    const res = await get(`${YEAR}&groupBy=month`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totals).toEqual({
      count: 4,
      redCount: 1,
      amountFen: 190_000,
      taxFen: 20_800,
      totalFen: 210_800,
    });
    expect(body.rows).toHaveLength(12);
    expect(body.rows.slice(0, 5)).toEqual([
      {
        key: '2025-01',
        label: '2025-01',
        count: 1,
        redCount: 0,
        amountFen: 150_000,
        taxFen: 16_000,
        totalFen: 166_000,
      },
      { key: '2025-02', label: '2025-02', ...zero },
      {
        key: '2025-03',
        label: '2025-03',
        count: 1,
        redCount: 0,
        amountFen: 30_000,
        taxFen: 3_900,
        totalFen: 33_900,
      },
      {
        key: '2025-04',
        label: '2025-04',
        count: 2,
        redCount: 1,
        amountFen: 10_000,
        taxFen: 900,
        totalFen: 10_900,
      },
      { key: '2025-05', label: '2025-05', ...zero },
    ]);
    // Day boundaries are Shanghai days.
    const april1 = (await get('?dateFrom=2025-04-01&dateTo=2025-04-01')).json();
    expect(april1.totals).toMatchObject({ count: 1, totalFen: 21_800 });
    const march31 = (await get('?dateFrom=2025-03-31&dateTo=2025-03-31')).json();
    expect(march31.totals).toMatchObject({ count: 1, totalFen: 33_900 });
    const dec31 = (await get('?dateFrom=2024-12-31&dateTo=2024-12-31')).json();
    expect(dec31.totals).toMatchObject({ count: 1, totalFen: 87_801 });
  });

  it('by type, by rate (from the lines) and by buyer', async () => {
    const byType = (await get(`${YEAR}&groupBy=type`)).json();
    expect(byType.rows).toEqual([
      {
        key: 'digital_special',
        label: '数电发票（增值税专用发票）',
        count: 2,
        redCount: 0,
        amountFen: 180_000,
        taxFen: 19_900,
        totalFen: 199_900,
      },
      {
        key: 'digital_ordinary',
        label: '数电发票（普通发票）',
        count: 2,
        redCount: 1,
        amountFen: 10_000,
        taxFen: 900,
        totalFen: 10_900,
      },
    ]);
    const byRate = (await get(`${YEAR}&groupBy=rate`)).json();
    expect(byRate.rows).toEqual([
      {
        key: 'rate_13',
        label: '13%',
        count: 2,
        redCount: 0,
        amountFen: 130_000,
        taxFen: 16_900,
        totalFen: 146_900,
      },
      { key: 'rate_9', label: '9%', count: 2, redCount: 1, amountFen: 10_000, taxFen: 900, totalFen: 10_900 },
      {
        key: 'rate_6',
        label: '6%',
        count: 1,
        redCount: 0,
        amountFen: 50_000,
        taxFen: 3_000,
        totalFen: 53_000,
      },
    ]);
    expect(byRate.totals).toEqual(byType.totals);
    const byBuyer = (await get(`${YEAR}&groupBy=buyer`)).json();
    expect(byBuyer.rows).toEqual([
      {
        key: '91310104MA1FR8KX39',
        label: '上海云帆信息技术有限公司',
        count: 2,
        redCount: 0,
        amountFen: 180_000,
        taxFen: 19_900,
        totalFen: 199_900,
      },
      {
        key: '王小明',
        label: '王小明',
        count: 2,
        redCount: 1,
        amountFen: 10_000,
        taxFen: 900,
        totalFen: 10_900,
      },
    ]);
  });

  it('counts an invoice issued through the API today', async () => {
    const c = api(app(), demoToken);
    const created = (await c.create(invoiceBody())).json();
    await c.settled();
    expect((await c.get(created.id)).json().status).toBe('issued');
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const res = (await get(`?dateFrom=${today}&dateTo=${today}&groupBy=rate`)).json();
    expect(res.totals).toMatchObject({ count: 1, amountFen: 20_000, taxFen: 2_600, totalFen: 22_600 });
    expect(res.rows).toEqual([expect.objectContaining({ key: 'rate_13', count: 1, totalFen: 22_600 })]);
  });

  it('exports xlsx with a totals row', async () => {
    const res = await get(`/export${YEAR}&groupBy=type`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('开票统计'));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).values).toEqual([
      undefined,
      '发票类型',
      '发票份数',
      '其中红字发票',
      '金额（元）',
      '税额（元）',
      '价税合计（元）',
    ]);
    expect(ws.getRow(2).values).toEqual([undefined, '数电发票（增值税专用发票）', 2, 0, 1800, 199, 1999]);
    expect(ws.getRow(4).values).toEqual([undefined, '合计', 4, 1, 1900, 208, 2108]);
  });

  it('refuses bad dates; clerk gets 403; another tenant sees only its own', async () => {
    expect((await get('?dateFrom=2025-02-01&dateTo=2025-01-01')).statusCode).toBe(400);
    expect((await get('?groupBy=nope')).statusCode).toBe(400);
    const clerk = await app().login('clerk', 'Clerk@123');
    expect((await get(YEAR, clerk)).statusCode).toBe(403);
    expect((await get(`/export${YEAR}`, clerk)).statusCode).toBe(403);
    const agent = await app().login('agent', 'Agent@123');
    const theirs = (await get(`${YEAR}&groupBy=buyer`, agent)).json();
    expect(theirs.totals).toEqual({
      count: 1,
      redCount: 0,
      amountFen: 55_500,
      taxFen: 7_215,
      totalFen: 62_715,
    });
  });

  it('the demo invoices: issued through the sandbox over the last months, once', async () => {
    expect(wantsDemoInvoices()).toBe(false);
    const db = app().services.db;
    const [demo] = await db.select().from(users).where(eq(users.username, 'demo'));
    // How fast the seed runs is not asserted here (speed belongs in `npm run bench`, never in a timed test).
    expect(await seedInvoiceDemo(db, 'demo')).toBe(24);
    expect(await seedInvoiceDemo(db, 'demo')).toBe(0);
    const rows = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.tenantId, demo.tenantId!), like(invoices.clientSerial, 'demo-%')));
    expect(rows).toHaveLength(24);
    for (const r of rows) {
      expect(r.status).toBe('issued');
      expect(r.number).toMatch(/^\d{20}$/);
      expect(r.issuedAt!.getTime()).toBeLessThan(Date.now() - 3600_000);
    }
    // Numbers rise with the issue dates (the bureau's clock was set to each invoice's date).
    const byDate = [...rows].sort((a, b) => a.issuedAt!.getTime() - b.issuedAt!.getTime());
    const sameYear = byDate.filter((r) => r.number!.slice(0, 2) === byDate.at(-1)!.number!.slice(0, 2));
    expect(sameYear.map((r) => r.number)).toEqual(sameYear.map((r) => r.number).sort());
    const months = new Set(
      rows.map((r) => new Date(r.issuedAt!.getTime() + 8 * 3600_000).toISOString().slice(0, 7)),
    );
    expect(months.size).toBeGreaterThanOrEqual(5);
    const types = (await get('?groupBy=type')).json();
    expect(types.rows.length).toBeGreaterThanOrEqual(3);
    const rates = (await get('?groupBy=rate')).json();
    expect(rates.rows.map((r: { key: string }) => r.key)).toEqual(
      expect.arrayContaining(['rate_13', 'rate_6', 'rate_9']),
    );
  });
});
