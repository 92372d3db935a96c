import { invoiceEvents, invoices } from '@fpy/db';
import { and, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { bareUserToken, bearer, useTestApp } from '../harness.ts';
import { api, invoiceBody } from './invoicing-helpers.ts';

/**
 * 发票分类 on invoices (销项发票查询): 设置分类 / 清除分类 in bulk with an audit row per changed invoice, the
 * category filter of the list, export and ZIP, the name in rows and detail, companies kept apart, a disabled
 * or foreign category refused naming the field, and a category holding invoices not deletable.
 */
const app = useTestApp();
const Q = '/api/billing/v1/invoice-query';
const SET = `${Q}/category`;
const C = '/api/admin/r/invoiceCategories';
let demo: string;
let brand: string;
const mine: number[] = [];
let theirInvoice: number;
const cat = {} as Record<'tech' | 'rent' | 'old' | 'theirs', number>;

type Method = 'GET' | 'POST' | 'DELETE' | 'PUT';
const call = (token: string, method: Method, url: string, payload?: object, headers: object = {}) =>
  app().app.inject({
    method,
    url,
    headers: { ...bearer(token), ...headers },
    ...(payload ? { payload } : {}),
  });
const ok = async (token: string, method: Method, url: string, payload?: object) => {
  const res = await call(token, method, url, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
};
const listIds = async (qs: string) =>
  ((await ok(demo, 'GET', `${Q}${qs}`)).rows as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);

beforeAll(async () => {
  demo = await app().login('demo', 'Demo@123');
  brand = await app().login('brand', 'Brand@123');
  for (const [token, list] of [
    [demo, mine],
    [demo, mine],
    [demo, mine],
    [brand, null],
  ] as const) {
    const res = await api(app(), token).create(invoiceBody());
    expect(res.statusCode, res.body).toBe(201);
    if (list) list.push(res.json().id);
    else theirInvoice = res.json().id;
  }
  await app().services.jobs.drain();
  cat.tech = (await ok(demo, 'POST', C, { name: '技术服务费', code: 'JS01', sortOrder: 1 })).id;
  cat.rent = (await ok(demo, 'POST', C, { name: '房屋租金', code: 'ZJ01', sortOrder: 2 })).id;
  cat.old = (await ok(demo, 'POST', C, { name: '旧分类', code: 'OLD', enabled: false })).id;
  cat.theirs = (await ok(brand, 'POST', C, { name: '他们的分类', code: 'JS01' })).id;
});

describe('设置分类 / 清除分类', () => {
  it('offers the company’s own categories, disabled ones marked, in their order', async () => {
    const { rows } = await ok(demo, 'GET', `${Q}/categories`);
    expect(rows).toEqual([
      { id: cat.old, name: '旧分类', code: 'OLD', enabled: false },
      { id: cat.tech, name: '技术服务费', code: 'JS01', enabled: true },
      { id: cat.rent, name: '房屋租金', code: 'ZJ01', enabled: true },
    ]);
    const theirs = (await ok(brand, 'GET', `${Q}/categories?tenantId=1`)).rows as { id: number }[];
    expect(theirs.map((r) => r.id)).toEqual([cat.theirs]);
  });

  it('files several invoices under a category, audited, and again is a no-op; clearing is audited too', async () => {
    const first = await ok(demo, 'POST', SET, { ids: [mine[0], mine[1], mine[1]], categoryId: cat.tech });
    expect(first).toEqual({ updated: 2, unchanged: 0 });
    const again = await ok(demo, 'POST', SET, { ids: [mine[0], mine[1]], categoryId: cat.tech });
    expect(again).toEqual({ updated: 0, unchanged: 2 });
    const db = app().services.db;
    const events = await db
      .select()
      .from(invoiceEvents)
      .where(
        and(
          inArray(invoiceEvents.invoiceId, mine),
          eq(invoiceEvents.reason, '设置发票分类：技术服务费（JS01）'),
        ),
      );
    expect(events.map((e) => e.invoiceId).sort()).toEqual([mine[0], mine[1]].sort());
    expect(events[0].fromStatus).toBe(events[0].toStatus);
    expect(events[0].actorName).toBeTruthy();

    await ok(demo, 'POST', SET, { ids: [mine[2]], categoryId: cat.rent });
    expect(await ok(demo, 'POST', SET, { ids: [mine[1]], categoryId: null })).toEqual({
      updated: 1,
      unchanged: 0,
    });
    const cleared = await db
      .select()
      .from(invoiceEvents)
      .where(and(eq(invoiceEvents.invoiceId, mine[1]), eq(invoiceEvents.reason, '清除发票分类')));
    expect(cleared).toHaveLength(1);
    const [row] = await db.select().from(invoices).where(eq(invoices.id, mine[1]));
    expect(row.categoryId).toBeNull();
  });

  it('filters the list by category or 未分类, and shows the name in rows and detail', async () => {
    expect(await listIds(`?categoryId=${cat.tech}`)).toEqual([mine[0]]);
    expect(await listIds(`?categoryId=${cat.rent}`)).toEqual([mine[2]]);
    const none = await listIds('?categoryId=none');
    expect(none).toContain(mine[1]);
    expect(none).not.toContain(mine[0]);
    expect(await listIds(`?categoryId=${cat.theirs}`)).toEqual([]);
    const { rows } = await ok(demo, 'GET', `${Q}?categoryId=${cat.tech}`);
    expect(rows[0]).toMatchObject({ categoryId: cat.tech, categoryName: '技术服务费' });
    const detail = await ok(demo, 'GET', `${Q}/${mine[2]}/related`);
    expect(detail.invoice).toMatchObject({ categoryId: cat.rent, categoryName: '房屋租金' });
    const bad = await call(demo, 'GET', `${Q}?categoryId=abc`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('categoryId');
  });

  it('exports by category with the 发票分类 column', async () => {
    const res = await call(demo, 'GET', `${Q}/export?categoryId=${cat.tech}`);
    expect(res.statusCode, res.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const headers = (ws.getRow(1).values as unknown[]).slice(1);
    const col = headers.indexOf('发票分类') + 1;
    expect(col).toBeGreaterThan(0);
    expect(ws.rowCount).toBe(2);
    expect(ws.getRow(2).getCell(col).value).toBe('技术服务费');
  });

  it('refuses a disabled, unknown or foreign category naming the field, and changes nothing', async () => {
    const disabled = await call(demo, 'POST', SET, { ids: [mine[1]], categoryId: cat.old });
    expect(disabled.statusCode).toBe(400);
    expect(disabled.json().code).toBe('VALIDATION_FAILED');
    expect(disabled.json().message).toBe('发票分类“旧分类”已停用，请选择启用的分类（字段 categoryId）');
    const foreign = await call(demo, 'POST', SET, { ids: [mine[1]], categoryId: cat.theirs });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toContain('字段 categoryId');
    const en = await call(demo, 'POST', SET, { ids: [mine[1]], categoryId: 99_999 }, { 'x-locale': 'en' });
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toContain('field categoryId');
    const [row] = await app().services.db.select().from(invoices).where(eq(invoices.id, mine[1]));
    expect(row.categoryId).toBeNull();
  });

  it('validates the body with a 400 naming the field', async () => {
    const cases: [object, string][] = [
      [{ ids: [], categoryId: cat.tech }, 'ids'],
      [{ ids: [mine[0]] }, 'categoryId'],
      [{ ids: [mine[0]], categoryId: 'x' }, 'categoryId'],
      [{ ids: ['1; drop table invoices'], categoryId: cat.tech }, 'ids.0'],
      [{ ids: Array.from({ length: 501 }, (_, i) => i + 1), categoryId: cat.tech }, 'ids'],
      [{ ids: [mine[0]], categoryId: 2 ** 31 }, 'categoryId'],
    ];
    for (const [payload, field] of cases) {
      const res = await call(demo, 'POST', SET, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toContain(`字段 ${field}`);
    }
  });

  it('keeps companies apart: another company’s invoice refuses the whole request', async () => {
    const mixed = await call(demo, 'POST', SET, { ids: [mine[1], theirInvoice], categoryId: cat.tech });
    expect(mixed.statusCode).toBe(404);
    const db = app().services.db;
    const rows = await db
      .select()
      .from(invoices)
      .where(inArray(invoices.id, [mine[1], theirInvoice]));
    expect(rows.every((r) => r.categoryId === null)).toBe(true);
    // Brand cannot file demo's invoices even under its own category, nor see them by demo's category.
    expect((await call(brand, 'POST', SET, { ids: [mine[0]], categoryId: cat.theirs })).statusCode).toBe(404);
    const theirs = await call(brand, 'GET', `${Q}?categoryId=${cat.tech}`);
    expect(theirs.json().rows).toEqual([]);
    expect((await call(brand, 'POST', SET, { ids: [theirInvoice], categoryId: cat.theirs })).statusCode).toBe(
      200,
    );
    expect(await listIds(`?categoryId=${cat.theirs}`)).toEqual([]);
  });

  it('needs the 设置分类 element code; a member without it is refused', async () => {
    const nobody = await bareUserToken(app());
    expect((await call(nobody, 'POST', SET, { ids: [mine[0]], categoryId: null })).statusCode).toBe(403);
    expect((await call(nobody, 'GET', `${Q}/categories`)).statusCode).toBe(403);
  });

  it('a category holding invoices cannot be deleted; an unused one can', async () => {
    const held = await call(demo, 'DELETE', `${C}/${cat.tech}`);
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toBe('该分类下还有 1 张发票，不能删除；可停用该分类');
    expect((await call(demo, 'DELETE', `${C}/${cat.old}`)).statusCode).toBe(200);
  });
});
