import { describe, expect, it } from 'vitest';
import { bareUserToken, bearer, useTestApp } from '../harness.ts';

const app = useTestApp();
const BASE = '/api/billing/v1/productNameCorrespondSku';
const GOODS = '/api/billing/v1/userCommodityCode';

const post = (token: string, path: string, payload: object) =>
  app().app.inject({ method: 'POST', url: `${BASE}/${path}`, headers: bearer(token), payload });
async function commodity(token: string, name: string) {
  const res = await app().app.inject({
    method: 'POST',
    url: GOODS,
    headers: bearer(token),
    payload: { name, taxCode: '3040201030000000000', rate: 'rate_6' },
  });
  return res.json().id as number;
}

describe('product name ↔ SKU map', () => {
  it('maps, searches, updates and deletes; the SKU is unique per tenant', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const c1 = await commodity(demo, '对照服务一');
    const c2 = await commodity(demo, '对照服务二');
    const res = await post(demo, 'insertProductOrSku', {
      productName: 'ERP 运维服务包',
      sku: 'SKU-001',
      commodityId: c1,
    });
    expect(res.statusCode).toBe(200);
    const row = res.json();
    expect(row).toMatchObject({
      sku: 'SKU-001',
      commodityName: '对照服务一',
      printName: '*生产生活服务*对照服务一',
    });
    const dup = await post(demo, 'insertProductOrSku', {
      productName: '另一个',
      sku: 'SKU-001',
      commodityId: c2,
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().message).toBe('SKU“SKU-001”已有对照');

    for (const keyword of ['运维', 'sku-0', 'ywfwb', '对照服务一']) {
      const found = (await post(demo, 'findData', { keyword })).json();
      expect(
        found.rows.map((r: { id: number }) => r.id),
        keyword,
      ).toContain(row.id);
    }
    const upd = await post(demo, 'updateProductOrSku', {
      id: row.id,
      productName: 'ERP 运维服务包',
      sku: 'SKU-001A',
      commodityId: c2,
    });
    expect(upd.json()).toMatchObject({ sku: 'SKU-001A', commodityId: c2, commodityName: '对照服务二' });
    expect((await post(demo, 'findData', { commodityId: c2 })).json().total).toBe(1);
    expect((await post(demo, 'deleteProductOrSku', { ids: [row.id] })).json()).toEqual({ deleted: 1 });
    expect((await post(demo, 'findData', { keyword: 'SKU-001A' })).json().total).toBe(0);
  });

  it('refuses unknown commodities and empty fields, writing nothing', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const missing = await post(demo, 'insertProductOrSku', {
      productName: '坏对照',
      sku: 'BAD-1',
      commodityId: 999999,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('commodityId');
    const empty = await post(demo, 'insertProductOrSku', { productName: '', sku: 'BAD-2', commodityId: 1 });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('productName');
    expect((await post(demo, 'findData', { keyword: '坏对照' })).json().total).toBe(0);
  });

  it('isolates tenants, including mapping onto another tenant’s commodity', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const brand = await app().login('brand', 'Brand@123');
    const c = await commodity(demo, '隔离对照商品');
    const mine = (
      await post(demo, 'insertProductOrSku', { productName: '隔离对照', sku: 'ISO-SKU', commodityId: c })
    ).json();
    expect((await post(brand, 'findData', { keyword: '隔离' })).json().total).toBe(0);
    const onTheirs = await post(brand, 'insertProductOrSku', {
      productName: '偷用',
      sku: 'X-1',
      commodityId: c,
    });
    expect(onTheirs.statusCode).toBe(400);
    const brandC = await commodity(brand, '品牌商品');
    const upd = await post(brand, 'updateProductOrSku', {
      id: mine.id,
      productName: '改',
      sku: 'ISO-SKU',
      commodityId: brandC,
    });
    expect(upd.statusCode).toBe(404);
    expect((await post(brand, 'deleteProductOrSku', { ids: [mine.id] })).json()).toEqual({ deleted: 0 });
    // The same SKU may exist in another company.
    expect(
      (
        await post(brand, 'insertProductOrSku', {
          productName: '品牌对照',
          sku: 'ISO-SKU',
          commodityId: brandC,
        })
      ).statusCode,
    ).toBe(200);
    expect((await post(demo, 'findData', { keyword: 'ISO-SKU' })).json().rows[0]).toMatchObject({
      id: mine.id,
      productName: '隔离对照',
    });
  });

  it('needs the goodsCompare menu to read and its buttons to change', async () => {
    const nobody = await bareUserToken(app());
    expect((await post(nobody, 'findData', {})).statusCode).toBe(403);
    const clerk = await app().login('clerk', 'Clerk@123');
    expect((await post(clerk, 'findData', {})).statusCode).toBe(200);
    expect(
      (await post(clerk, 'insertProductOrSku', { productName: 'a', sku: 'b', commodityId: 1 })).statusCode,
    ).toBe(403);
  });
});
