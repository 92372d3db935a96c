import { receivedInvoices, resourceChanges, tenants } from '@fpy/db';
import ExcelJS from 'exceljs';
import { Redis } from 'ioredis';
import { and, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { redisTickClaim, Scheduler, type TickClaim } from '../../src/jobs/scheduler.ts';
import { syncAllTenants } from '../../src/modules/purchase/received-invoices/index.ts';
import { bareUserToken, bearer, useTestApp } from '../harness.ts';
import { blueRequest, issueOk, sandbox } from '../platform/tax-gateway-helpers.ts';

/**
 * 发票查询 of the purchase side (issue 31, lane CORE): 立即同步 collects what the sandbox bureau has for the
 * company's tax number (the supplier stream, and what another tenant issued to it); the list filters and sums, the
 * detail carries the history, the export is a workbook; tenants apart; hostile filters 400 naming the field; the
 * scheduled sync runs once per tick with two instances.
 */
const app = useTestApp();
const API = '/api/purchase/received-invoices';
const DEMO_TAX = '91310115MA1K4GDM05';
const BRAND_TAX = '91440300MA5FPX7Q2H';
let demo: string;
let brand: string;
let fromDemo: string;

const get = (token: string, url: string) => app().app.inject({ url, headers: bearer(token) });
const post = (token: string, url: string) =>
  app().app.inject({ method: 'POST', url, headers: bearer(token) });

beforeAll(async () => {
  demo = await app().login('demo', 'Demo@123');
  brand = await app().login('brand', 'Brand@123');
  const { gw } = sandbox(app().services.db, new Date().toISOString());
  await gw.seedSupplierStream({ name: '演示科技有限公司', taxNumber: DEMO_TAX }, 24, 120);
  const [d] = await app().services.db.select().from(tenants).where(eq(tenants.creditCode, DEMO_TAX));
  // Tenant A (demo) issues to tenant B's (brand) tax number.
  const out = await issueOk(
    gw,
    blueRequest({ tenantId: d.id, creditCode: DEMO_TAX, name: d.name }, 33_900, {
      type: 'digital_special',
      buyer: { name: '品牌定制集团有限公司', taxNumber: BRAND_TAX },
    }),
  );
  fromDemo = out.number;
});

describe('发票查询 (received invoices)', () => {
  it('立即同步 collects once; a second run changes nothing; audited', async () => {
    const r = await post(demo, `${API}/sync`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().created).toBeGreaterThanOrEqual(24);
    const again = (await post(demo, `${API}/sync`)).json();
    expect(again).toMatchObject({ created: 0, changed: 0 });
    const status = (await get(demo, `${API}/sync`)).json();
    expect(status.lastRunAt).not.toBeNull();
    const audits = await app()
      .services.db.select()
      .from(resourceChanges)
      .where(and(eq(resourceChanges.resource, 'receivedInvoiceSync'), eq(resourceChanges.action, 'sync')));
    expect(audits.length).toBe(2);
  });

  it('lists, filters and sums only the company’s own received invoices', async () => {
    const all = (await get(demo, `${API}?limit=100`)).json();
    expect(all.total).toBeGreaterThanOrEqual(24);
    expect(all.rows.every((x: { buyerTaxNumber: string }) => x.buyerTaxNumber === DEMO_TAX)).toBe(true);
    expect(all.rows.map((x: { number: string }) => x.number)).not.toContain(fromDemo);
    expect(all.sums.totalFen).toBe(
      all.rows.reduce((s: number, x: { totalFen: number }) => s + x.totalFen, 0),
    );
    const some = all.rows[0];
    const bySeller = (await get(demo, `${API}?seller=${some.sellerTaxNumber}&limit=100`)).json();
    expect(
      bySeller.rows.every((x: { sellerTaxNumber: string }) => x.sellerTaxNumber === some.sellerTaxNumber),
    ).toBe(true);
    const byName = (
      await get(demo, `${API}?seller=${encodeURIComponent(some.sellerName.slice(2, 6))}&limit=100`)
    ).json();
    expect(byName.total).toBe(bySeller.total);
    const red = (await get(demo, `${API}?state=red`)).json();
    expect(red.total).toBeGreaterThan(0);
    expect(red.rows.every((x: { state: string }) => x.state === 'red')).toBe(true);
    const r13 = (await get(demo, `${API}?rate=rate_13&limit=100`)).json();
    expect(r13.rows.every((x: { rates: string[] }) => x.rates.includes('rate_13'))).toBe(true);
    const special = (await get(demo, `${API}?type=digital_special&period=${some.period}&limit=100`)).json();
    expect(
      special.rows.every(
        (x: { invoiceType: string; period: string }) =>
          x.invoiceType === 'digital_special' && x.period === some.period,
      ),
    ).toBe(true);
    const big = (await get(demo, `${API}?amountMin=500&amountMax=800&sort=-totalFen&limit=100`)).json();
    expect(big.rows.every((x: { totalFen: number }) => x.totalFen >= 50_000 && x.totalFen <= 80_000)).toBe(
      true,
    );
    const totals = big.rows.map((x: { totalFen: number }) => x.totalFen);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
  });

  it('tenant B receives what tenant A issued to it after its sync; A cannot open B’s row', async () => {
    expect((await get(brand, API)).json().total).toBe(0);
    expect((await post(brand, `${API}/sync`)).json().created).toBe(1);
    const b = (await get(brand, API)).json();
    expect(b.rows.map((x: { number: string }) => x.number)).toEqual([fromDemo]);
    expect((await get(demo, `${API}/${b.rows[0].id}`)).statusCode).toBe(404);
    expect((await get(brand, `${API}/${b.rows[0].id}`)).statusCode).toBe(200);
  });

  it('the detail carries lines and the history of each change', async () => {
    const [row] = await app()
      .services.db.select()
      .from(receivedInvoices)
      .where(and(eq(receivedInvoices.buyerTaxNumber, DEMO_TAX), eq(receivedInvoices.state, 'abnormal')))
      .limit(1);
    const d = (await get(demo, `${API}/${row.id}`)).json();
    expect(d.lines.length).toBeGreaterThan(0);
    expect(d.changes[0]).toMatchObject({ kind: 'created', toState: 'abnormal', source: 'sync' });
  });

  it('exports the filtered list as a workbook', async () => {
    const r = await get(demo, `${API}/export?state=red`);
    expect(r.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const red = (await get(demo, `${API}?state=red`)).json();
    expect(ws.rowCount - 1).toBe(red.total);
    expect(ws.getRow(1).getCell(3).value).toBe('发票号码');
  });

  it('downloads the chosen invoices’ PDF and XML as one ZIP; another company’s id is refused', async () => {
    const rows = (await get(demo, `${API}?limit=2`)).json().rows as { id: number; invoiceKey: string }[];
    const zip = async (token: string, payload: object) =>
      app().app.inject({ method: 'POST', url: `${API}/zip`, headers: bearer(token), payload });
    const r = await zip(demo, { ids: rows.map((x) => x.id) });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(r.rawPayload));
    expect(Object.keys(files).sort()).toEqual(
      rows.flatMap((x) => [`${x.invoiceKey}.pdf`, `${x.invoiceKey}.xml`]).sort(),
    );
    const pdf = files[`${rows[0].invoiceKey}.pdf`];
    expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe('%PDF-');
    expect(new TextDecoder().decode(files[`${rows[0].invoiceKey}.xml`])).toContain(DEMO_TAX);
    const brandRow = (await get(brand, API)).json().rows[0];
    expect((await zip(demo, { ids: [brandRow.id] })).statusCode).toBe(404);
    const bad = await zip(demo, { ids: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('ids');
    const badFormat = await zip(demo, { ids: [rows[0].id], formats: ['exe'] });
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.body).toContain('formats');
  });

  it('refuses hostile filters with 400 naming the field, and users without the page', async () => {
    const cases: [string, string][] = [
      ['state=deleted', 'state'],
      ['rate=0.13', 'rate'],
      ['type=%27%20OR%201%3D1', 'type'],
      ['period=2026-10', 'period'],
      ['amountMin=-5', 'amountMin'],
      ['amountMax=1e9', 'amountMax'],
      ['number=12ab', 'number'],
      ['dateFrom=2026-02-30', 'dateFrom'],
      ['dateFrom=2026-10-02&dateTo=2026-10-01', 'dateTo'],
      ['sort=__proto__', 'sort'],
      ['limit=100000', 'limit'],
      [`seller=${'x'.repeat(101)}`, 'seller'],
      ['source=bureau', 'source'],
    ];
    for (const [q, field] of cases) {
      const r = await get(demo, `${API}?${q}`);
      expect(r.statusCode, q).toBe(400);
      expect(r.body, q).toContain(field);
    }
    expect((await get(demo, `${API}/abc`)).statusCode).toBe(400);
    const bare = await bareUserToken(app());
    expect((await get(bare, API)).statusCode).toBe(403);
    expect((await post(bare, `${API}/sync`)).statusCode).toBe(403);
  });

  it('the scheduled sync runs once per tick with two instances', async () => {
    const redisUrl = process.env.TEST_REDIS_URL;
    const redis = redisUrl ? new Redis(redisUrl) : null;
    const taken = new Set<string>();
    // Without Redis, a claim with the same SET NX semantics in memory.
    const claim: TickClaim = redis
      ? redisTickClaim(redis, `test-received-${process.pid}-${Date.now()}`)
      : async (name, tick) => {
          const k = `${name}:${tick}`;
          if (taken.has(k)) return false;
          taken.add(k);
          return true;
        };
    const ticks: number[] = [];
    const interval = 400;
    const schedulers = [new Scheduler(() => {}, { claim }), new Scheduler(() => {}, { claim })];
    for (const s of schedulers)
      s.every('purchase.received-sync.test', interval, async (now) => {
        ticks.push(Math.round(now.getTime() / interval));
        await syncAllTenants(app().services.db, app().services.taxGatewayFor);
      });
    for (const s of schedulers) s.start();
    await new Promise((r) => setTimeout(r, interval * 4.5));
    for (const s of schedulers) await s.stop();
    await redis?.quit();
    expect(ticks.length).toBeGreaterThanOrEqual(2);
    expect(new Set(ticks).size).toBe(ticks.length);
    const [{ n }] = await app()
      .services.db.select({ n: (await import('drizzle-orm')).count() })
      .from(receivedInvoices)
      .where(eq(receivedInvoices.buyerTaxNumber, BRAND_TAX));
    expect(n).toBe(1);
  });
});
