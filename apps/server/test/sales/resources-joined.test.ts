import { resourceChanges } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../harness.ts';

/**
 * The SKU map as a declared resource: fields read through a join, a write hook holding another table's row,
 * batch delete, and the spec's POST paths as aliases onto the same handlers (issue 13 §1).
 */
const app = useTestApp();
const BASE = '/api/billing/v1/productNameCorrespondSku';

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  app().app.inject({ method, url, headers: bearer(token), payload });

async function commodity(token: string, name: string) {
  const res = await call(token, 'POST', '/api/billing/v1/userCommodityCode', {
    name,
    taxCode: '3040201030000000000',
    rate: 'rate_6',
  });
  return res.json().id as number;
}

const audits = (id: number) =>
  app()
    .services.db.select()
    .from(resourceChanges)
    .where(and(eq(resourceChanges.resource, 'skuMaps'), eq(resourceChanges.recordId, id)))
    .orderBy(resourceChanges.id);

describe('joined resource: the SKU map', () => {
  it('answers the commodity columns on the generic and the alias routes alike, and audits both', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const c = await commodity(demo, '联表商品');
    const viaGeneric = await call(demo, 'POST', BASE, {
      productName: '联表映射',
      sku: 'J-1',
      commodityId: c,
    });
    expect(viaGeneric.statusCode).toBe(200);
    expect(viaGeneric.json()).toMatchObject({
      sku: 'J-1',
      commodityName: '联表商品',
      printName: '*生产生活服务*联表商品',
      taxCode: '3040201030000000000',
    });
    const viaAlias = await call(demo, 'POST', `${BASE}/insertProductOrSku`, {
      productName: '联表映射二',
      sku: 'J-2',
      commodityId: c,
    });
    const got = await call(demo, 'GET', `${BASE}/${viaAlias.json().id}`);
    expect(got.json()).toEqual(viaAlias.json());
    const updated = await call(demo, 'PUT', `${BASE}/${viaAlias.json().id}`, { remark: '改备注' });
    expect(updated.json()).toMatchObject({ remark: '改备注', commodityName: '联表商品' });
    expect((await audits(viaGeneric.json().id)).map((r) => r.action)).toEqual(['create']);
    expect((await audits(viaAlias.json().id)).map((r) => r.action)).toEqual(['create', 'update']);
    const listed = await call(demo, 'GET', `${BASE}?keyword=${encodeURIComponent('联表商品')}`);
    expect(listed.json().total).toBe(2);
  });

  it('refuses another company’s commodity in the write hook, naming the field', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const brand = await app().login('brand', 'Brand@123');
    const theirs = await commodity(brand, '别家商品');
    const res = await call(demo, 'POST', BASE, { productName: '偷映射', sku: 'J-X', commodityId: theirs });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'COMMODITY_UNKNOWN', details: { field: 'commodityId' } });
  });

  it('deletes a selection in one go, skipping rows the caller cannot see, with an audit row each', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const brand = await app().login('brand', 'Brand@123');
    const c = await commodity(demo, '批删商品');
    const ids: number[] = [];
    for (const sku of ['D-1', 'D-2'])
      ids.push((await call(demo, 'POST', BASE, { productName: sku, sku, commodityId: c })).json().id);
    const bc = await commodity(brand, '批删别家');
    const other = (await call(brand, 'POST', BASE, { productName: 'B', sku: 'D-3', commodityId: bc })).json()
      .id;
    const res = await call(demo, 'POST', `${BASE}/delete-many`, { ids: [...ids, other] });
    expect(res.json()).toEqual({ deleted: 2 });
    expect((await call(brand, 'GET', `${BASE}/${other}`)).statusCode).toBe(200);
    for (const id of ids) expect((await audits(id)).map((r) => r.action)).toEqual(['create', 'delete']);
  });

  it('filters by the commodity on the generic list, as findData does', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const c = await commodity(demo, '筛选商品');
    await call(demo, 'POST', BASE, { productName: '筛选映射', sku: 'F-1', commodityId: c });
    const generic = (await call(demo, 'GET', `${BASE}?commodityId=${c}`)).json();
    const alias = (await call(demo, 'POST', `${BASE}/findData`, { commodityId: c })).json();
    expect(generic.total).toBe(1);
    expect(alias).toEqual(generic);
  });
});
