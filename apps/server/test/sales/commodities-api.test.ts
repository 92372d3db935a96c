import { describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../harness.ts';

const app = useTestApp();
const BASE = '/api/billing/v1/userCommodityCode';
const SOFTWARE = '3040201030000000000'; // 软件维护服务, 6%, leaf
const LAPTOP = '1090509010000000000'; // 电子计算机整机, 13%, leaf
const SUMMARY = '3040201000000000000'; // 软件服务, summary
const HOUSING = '3040502020102000000'; // 个人出租住房, 9%
const NON_TAXABLE = '6010000000000000000'; // 预付卡销售和充值

const get = (token: string, url: string) => app().app.inject({ url, headers: bearer(token) });
const send = (token: string, method: 'POST' | 'PUT', url: string, payload: object) =>
  app().app.inject({ method, url, headers: bearer(token), payload });
const good = (over: object = {}) => ({
  name: '接口联调服务费',
  taxCode: SOFTWARE,
  unit: '次',
  unitPrice: '1200.5',
  rate: 'rate_6',
  ...over,
});
const countRows = async (token: string, name: string) =>
  (await get(token, `${BASE}/queryList?name=${encodeURIComponent(name)}`)).json().total as number;

describe('user commodity codes', () => {
  it('adds a commodity with printName, next own code and rate check; finds it by name, initials, codes', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const next = (await get(demo, `${BASE}/getZxbm`)).json().ownCode;
    expect(next).toMatch(/^\d{6}$/);
    const res = await send(demo, 'POST', BASE, good());
    expect(res.statusCode).toBe(200);
    const row = res.json();
    expect(row).toMatchObject({
      name: '接口联调服务费',
      shortName: '生产生活服务',
      printName: '*生产生活服务*接口联调服务费',
      taxCode: SOFTWARE,
      taxCodeName: '软件维护服务',
      unitPrice: '1200.5',
      pricingMode: 'exclusive',
      rate: 'rate_6',
      rateLabel: '6%',
      ownCode: next,
      status: 1,
    });
    expect((await get(demo, `${BASE}/getZxbm`)).json().ownCode).toBe(
      String(Number(next) + 1).padStart(6, '0'),
    );
    for (const q of ['name=联调', 'name=jklt', `taxCode=304020103`, `ownCode=${next}`, 'keyword=jkltfwf']) {
      const list = (await get(demo, `${BASE}/queryList?${q}`)).json();
      expect(
        list.rows.map((r: { id: number }) => r.id),
        q,
      ).toContain(row.id);
    }
    const byOwn = await get(demo, `${BASE}/queryUserSpbmByBm?bm=${next}`);
    expect(byOwn.json().id).toBe(row.id);
    expect((await get(demo, `${BASE}/queryUserSpbmByBm?bm=999999`)).statusCode).toBe(404);
  });

  it('lists the rates and policies a tax code allows (yhzcsl)', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const labels = async (code: string) =>
      (await get(demo, `${BASE}/yhzcsl?spbm=${code}`)).json().options.map((o: { label: string }) => o.label);
    const laptop = await labels(LAPTOP);
    // Issue 28 §7: a levy is offered only with its flag (按3%简易征收, the 1% reduction's reason).
    expect(laptop).toEqual([
      '13%',
      '免税',
      '普通零税率',
      '3%（按3%简易征收）',
      '1%（小规模纳税人减按1%征收）',
    ]);
    expect(laptop).not.toContain('5%（按5%简易征收）');
    expect(await labels(SOFTWARE)).toEqual(expect.arrayContaining(['6%', '5%（按5%简易征收）']));
    expect(await labels(HOUSING)).toContain('1.5%（按5%简易征收减按1.5%计征）');
    expect(await labels(NON_TAXABLE)).toEqual(['不征税']);
    const bad = await get(demo, `${BASE}/yhzcsl?spbm=${SUMMARY}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('汇总项');
  });

  it('refuses bad tax codes and rates with a clear Chinese 400 and writes nothing', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const cases: [object, string, string][] = [
      [{ taxCode: `${SOFTWARE}0` }, 'TAX_CODE_INVALID', '20位'],
      [{ taxCode: SUMMARY }, 'TAX_CODE_NOT_LEAF', `${SUMMARY}（软件服务）是汇总项`],
      [{ taxCode: '3040201039999999999' }, 'TAX_CODE_UNKNOWN', '不存在'],
      [{ rate: 'rate_13' }, 'RATE_NOT_ALLOWED', '可选：6%、免税'],
      [{ taxCode: NON_TAXABLE, rate: 'rate_0', policy: 'exempt' }, 'RATE_NOT_ALLOWED', '可选：不征税'],
      [{ unitPrice: '-1' }, 'VALIDATION_FAILED', 'unitPrice'],
      [{ name: '' }, 'VALIDATION_FAILED', 'name'],
    ];
    for (const [over, code, text] of cases) {
      const res = await send(demo, 'POST', BASE, good({ name: '坏商品', ...over }));
      expect(res.statusCode, code).toBe(400);
      expect(res.json().code).toBe(code);
      expect(res.json().message).toContain(text);
    }
    expect(await countRows(demo, '坏商品')).toBe(0);
  });

  it('keeps own codes unique per tenant, updates, and deletes all-or-none', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const a = (await send(demo, 'POST', BASE, good({ name: '唯一A', ownCode: 'U100' }))).json();
    const dup = await send(demo, 'POST', BASE, good({ name: '唯一B', ownCode: 'U100' }));
    expect(dup.statusCode).toBe(400);
    expect(dup.json().message).toBe('自行编码“U100”已存在');
    const upd = await send(
      demo,
      'PUT',
      `${BASE}/${a.id}`,
      good({ name: '唯一A改', taxCode: LAPTOP, rate: 'rate_13', pricingMode: 'inclusive' }),
    );
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({
      name: '唯一A改',
      ownCode: 'U100',
      printName: '*电子计算机*唯一A改',
      pricingMode: 'inclusive',
    });
    const badUpd = await send(demo, 'PUT', `${BASE}/${a.id}`, good({ name: '唯一A改坏', rate: 'rate_9' }));
    expect(badUpd.statusCode).toBe(400);
    expect((await get(demo, `${BASE}/queryUserSpbmByBm?bm=U100`)).json().name).toBe('唯一A改');

    const b = (await send(demo, 'POST', BASE, good({ name: '批删B' }))).json();
    const c = (await send(demo, 'POST', BASE, good({ name: '批删C' }))).json();
    const map = await send(demo, 'POST', '/api/billing/v1/productNameCorrespondSku/insertProductOrSku', {
      productName: 'ERP-批删C',
      sku: 'SKU-DEL-C',
      commodityId: c.id,
    });
    expect(map.statusCode).toBe(200);
    const refused = await send(demo, 'POST', `${BASE}/removeCommodityCodeList`, { ids: [b.id, c.id] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('SKU-DEL-C');
    expect(await countRows(demo, '批删')).toBe(2);
    const ok = await send(demo, 'POST', `${BASE}/removeCommodityCodeList`, { ids: [b.id, a.id] });
    expect(ok.json()).toEqual({ deleted: 2 });
    expect((await get(demo, `${BASE}/deleteUserSpbm?id=${b.id}`)).statusCode).toBe(404);
  });

  it('isolates tenants: another company cannot see, change or delete', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const brand = await app().login('brand', 'Brand@123');
    const mine = (await send(demo, 'POST', BASE, good({ name: '隔离商品', ownCode: 'ISO1' }))).json();
    expect(await countRows(brand, '隔离商品')).toBe(0);
    expect((await get(brand, `${BASE}/queryUserSpbmByBm?bm=ISO1`)).statusCode).toBe(404);
    expect((await send(brand, 'PUT', `${BASE}/${mine.id}`, good({ name: '被改了' }))).statusCode).toBe(404);
    expect((await get(brand, `${BASE}/deleteUserSpbm?id=${mine.id}`)).statusCode).toBe(404);
    expect((await send(brand, 'POST', `${BASE}/removeCommodityCodeList`, { ids: [mine.id] })).json()).toEqual(
      { deleted: 0 },
    );
    // Own codes are per tenant: the other company may use the same one.
    expect((await send(brand, 'POST', BASE, good({ name: '品牌商品', ownCode: 'ISO1' }))).statusCode).toBe(
      200,
    );
    expect((await get(demo, `${BASE}/queryUserSpbmByBm?bm=ISO1`)).json()).toMatchObject({
      id: mine.id,
      name: '隔离商品',
    });
  });

  it('lets the clerk query goods codes but not add, edit or delete', async () => {
    const clerk = await app().login('clerk', 'Clerk@123');
    const list = await get(clerk, `${BASE}/queryList`);
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBeGreaterThan(0);
    expect((await send(clerk, 'POST', BASE, good({ name: '开票员新增' }))).statusCode).toBe(403);
    expect((await send(clerk, 'PUT', `${BASE}/${list.json().rows[0].id}`, good())).statusCode).toBe(403);
    expect((await get(clerk, `${BASE}/deleteUserSpbm?id=${list.json().rows[0].id}`)).statusCode).toBe(403);
  });
});
