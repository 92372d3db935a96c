import { receivedInvoiceChanges, receivedInvoices, resourceChanges, tenants } from '@fpy/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../src/lib/write/index.ts';
import {
  findReceivedByKey,
  getReceived,
  listReceivedForPeriod,
  onReceivedStateChanged,
  type ReceivedStateChange,
  receivedChanges,
  recordReceived,
  syncTenant,
} from '../../src/modules/purchase/received-invoices/index.ts';
import { createTestApp } from '../harness.ts';
import { blueRequest, issueOk, sandbox } from '../platform/tax-gateway-helpers.ts';

const DEMO_TAX = '91310115MA1K4GDM05';
const BRAND_TAX = '91440300MA5FPX7Q2H';

let t: Awaited<ReturnType<typeof createTestApp>>;
let demoId: number;
let brandId: number;
const seen: ReceivedStateChange[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.services.db.select({ id: tenants.id, code: tenants.creditCode }).from(tenants);
  demoId = rows.find((r) => r.code === DEMO_TAX)!.id;
  brandId = rows.find((r) => r.code === BRAND_TAX)!.id;
  onReceivedStateChanged((_tx, c) => {
    seen.push(c);
  });
});
afterAll(() => t.drop());

const count = async (tenantId: number) =>
  (
    await t.services.db
      .select({ n: sql<number>`count(*)::int` })
      .from(receivedInvoices)
      .where(eq(receivedInvoices.tenantId, tenantId))
  )[0].n;
const changeCount = async (tenantId: number) =>
  (
    await t.services.db
      .select({ n: sql<number>`count(*)::int` })
      .from(receivedInvoiceChanges)
      .where(eq(receivedInvoiceChanges.tenantId, tenantId))
  )[0].n;

describe('received invoices (issue 31, lane CORE)', () => {
  it('the sync collects the supplier stream once: a second run changes nothing', async () => {
    const { gw, advance } = sandbox(t.services.db, '2026-11-20T02:00:00Z');
    const issued = await gw.seedSupplierStream({ name: '演示科技有限公司', taxNumber: DEMO_TAX }, 30, 90);
    expect(issued).toBeGreaterThanOrEqual(30);
    expect(await gw.seedSupplierStream({ name: '演示科技有限公司', taxNumber: DEMO_TAX }, 30, 90)).toBe(0);
    const first = await syncTenant(t.services.db, gw, demoId);
    expect(first.created).toBe(issued);
    expect(await count(demoId)).toBe(issued);
    const rows = await t.services.db
      .select()
      .from(receivedInvoices)
      .where(eq(receivedInvoices.tenantId, demoId));
    const states = new Set(rows.map((r) => r.state));
    expect(states.has('red')).toBe(true);
    expect(states.has('abnormal')).toBe(true);
    expect(new Set(rows.flatMap((r) => r.rates)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(rows.map((r) => r.invoiceType))).toEqual(new Set(['digital_special', 'digital_ordinary']));
    for (const r of rows) expect(r.amountFen + r.taxFen).toBe(r.totalFen);
    const changes = await changeCount(demoId);
    advance(60_000);
    const again = await syncTenant(t.services.db, gw, demoId);
    expect(again).toMatchObject({ created: 0, changed: 0 });
    expect(await count(demoId)).toBe(issued);
    expect(await changeCount(demoId)).toBe(changes);
    // From scratch (a lost cursor): still one row per invoice, nothing changes.
    const { gw: fresh } = sandbox(t.services.db, '2026-11-20T03:00:00Z');
    const all = await fresh.collectReceived({ tenantId: demoId, buyerTaxNumber: DEMO_TAX });
    await withTransaction({ db: t.services.db }, async (tx) => {
      for (const inv of all.invoices) {
        const r = await recordReceived(tx, {
          tenantId: demoId,
          source: 'sync',
          fields: {
            ...inv,
            sellerTaxNumber: inv.sellerCreditCode,
            stateChangedAt: inv.changes.at(-1)?.at ?? null,
          },
        });
        expect(r).toMatchObject({ created: false, changed: false, duplicate: true });
      }
    });
    expect(await changeCount(demoId)).toBe(changes);
  });

  it('tenant A issues to tenant B: B receives it after its sync, A never sees it', async () => {
    const { gw, advance } = sandbox(t.services.db, '2026-11-21T02:00:00Z');
    const seller = { tenantId: demoId, creditCode: DEMO_TAX, name: '演示科技有限公司' };
    const out = await issueOk(
      gw,
      blueRequest(seller, 22_600, {
        type: 'digital_special',
        buyer: { name: '品牌定制集团有限公司', taxNumber: BRAND_TAX },
      }),
    );
    const demoBefore = await count(demoId);
    advance(1000);
    const b = await syncTenant(t.services.db, gw, brandId);
    expect(b.created).toBe(1);
    const got = await findReceivedByKey(t.services.db, brandId, out.number);
    expect(got).toMatchObject({
      sellerTaxNumber: DEMO_TAX,
      buyerTaxNumber: BRAND_TAX,
      totalFen: 22_600,
      state: 'normal',
    });
    expect(got?.rates).toEqual(['rate_13']);
    await syncTenant(t.services.db, gw, demoId);
    expect(await count(demoId)).toBe(demoBefore);
    expect(await findReceivedByKey(t.services.db, demoId, out.number)).toBeNull();
    expect(await getReceived(t.services.db, demoId, got!.id)).toBeNull();
    expect(await getReceived(t.services.db, brandId, got!.id)).not.toBeNull();
    const period = got!.period;
    expect(period).toBe('202611');
    expect((await listReceivedForPeriod(t.services.db, brandId, period)).map((r) => r.id)).toEqual([got!.id]);
  });

  it('a state change seen later is one row with its history, audited, and runs the hook once', async () => {
    const { gw, advance } = sandbox(t.services.db, '2026-11-22T02:00:00Z');
    const seller = { tenantId: demoId, creditCode: DEMO_TAX, name: '演示科技有限公司' };
    const out = await issueOk(
      gw,
      blueRequest(seller, 11_300, { buyer: { name: '品牌', taxNumber: BRAND_TAX } }),
    );
    advance(1000);
    await syncTenant(t.services.db, gw, brandId);
    const row = (await findReceivedByKey(t.services.db, brandId, out.number))!;
    advance(3600_000);
    expect(await gw.markInvoice(DEMO_TAX, out.number, 'abnormal')).toBe(true);
    advance(1000);
    seen.length = 0;
    const s = await syncTenant(t.services.db, gw, brandId);
    expect(s).toMatchObject({ created: 0, changed: 1 });
    expect(seen).toEqual([
      expect.objectContaining({ receivedInvoiceId: row.id, fromState: 'normal', toState: 'abnormal' }),
    ]);
    advance(1000);
    expect(await syncTenant(t.services.db, gw, brandId)).toMatchObject({ created: 0, changed: 0 });
    expect(seen).toHaveLength(1);
    const history = await receivedChanges(t.services.db, brandId, row.id);
    expect(history.map((h) => [h.kind, h.fromState, h.toState])).toEqual([
      ['created', null, 'normal'],
      ['state', 'normal', 'abnormal'],
    ]);
    expect(history[1].happenedAt).toBeInstanceOf(Date);
    const audits = await t.services.db
      .select()
      .from(resourceChanges)
      .where(and(eq(resourceChanges.resource, 'receivedInvoices'), eq(resourceChanges.recordId, row.id)));
    expect(audits.map((a) => a.action).sort()).toEqual(['change_state', 'receive']);
  });

  it('the same invoice from a file and a hand entry is the one invoice; a file never overwrites the bureau', async () => {
    const [row] = await t.services.db
      .select()
      .from(receivedInvoices)
      .where(eq(receivedInvoices.tenantId, demoId))
      .limit(1);
    const fields = {
      number: row.number,
      buyerTaxNumber: row.buyerTaxNumber,
      buyerName: row.buyerName,
      sellerName: '读错的名字',
      sellerTaxNumber: row.sellerTaxNumber,
      type: row.invoiceType as 'digital_special',
      colour: 'blue' as const,
      issueDate: row.issueDate,
      amountFen: row.amountFen,
      taxFen: row.taxFen,
      totalFen: row.totalFen,
    };
    const r1 = await withTransaction({ db: t.services.db }, (tx) =>
      recordReceived(tx, { tenantId: demoId, fields, source: 'file' }),
    );
    expect(r1).toMatchObject({ id: row.id, created: false, duplicate: true, changed: true });
    const r2 = await withTransaction({ db: t.services.db }, (tx) =>
      recordReceived(tx, { tenantId: demoId, fields, source: 'file' }),
    );
    expect(r2).toMatchObject({ id: row.id, changed: false });
    const r3 = await withTransaction({ db: t.services.db }, (tx) =>
      recordReceived(tx, { tenantId: demoId, fields, source: 'manual' }),
    );
    expect(r3.changed).toBe(true);
    const after = (await getReceived(t.services.db, demoId, row.id))!;
    expect(after.sources).toEqual(['sync', 'file', 'manual']);
    expect(after.sellerName).toBe(row.sellerName);
    // A legacy invoice keys by code + number; a new one from a file is created with its source.
    const legacy = await withTransaction({ db: t.services.db }, (tx) =>
      recordReceived(tx, {
        tenantId: demoId,
        source: 'file',
        fields: {
          ...fields,
          code: '3100201130',
          number: '04512870',
          type: 'special_paper',
          sellerName: '上海恒信',
        },
      }),
    );
    expect(legacy.created).toBe(true);
    expect(
      await findReceivedByKey(t.services.db, demoId, { code: '3100201130', number: '04512870' }),
    ).toMatchObject({
      id: legacy.id,
      invoiceKey: '3100201130-04512870',
      firstSource: 'file',
    });
  });

  it('two concurrent records of one new invoice make one row', async () => {
    const fields = {
      number: '26319000000000777001',
      buyerTaxNumber: DEMO_TAX,
      buyerName: '演示科技有限公司',
      sellerName: '并发测试供应商',
      sellerTaxNumber: '91310104MA1FR5XK2L',
      type: 'digital_ordinary' as const,
      colour: 'blue' as const,
      issueDate: '2026-11-01',
      amountFen: 100,
      taxFen: 13,
      totalFen: 113,
    };
    const rs = await Promise.all(
      (['sync', 'file'] as const).map((source) =>
        withTransaction({ db: t.services.db }, (tx) =>
          recordReceived(tx, { tenantId: demoId, fields, source }),
        ),
      ),
    );
    expect(rs.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(rs.map((r) => r.id)).size).toBe(1);
  });
});
