import { describe, expect, it } from 'vitest';
import { bareUserToken, bearer, useTestApp } from '../harness.ts';

const app = useTestApp();
const BASE = '/api/billing/v1/commodityCode';

async function get(url: string, user = 'demo', pw = 'Demo@123') {
  const t = app();
  const token = await t.login(user, pw);
  return t.app.inject({ url, headers: bearer(token) });
}

describe('tax classification code tree', () => {
  it('loads the shipped table on first use and answers the tree level by level', async () => {
    const top = await get(`${BASE}/tree`);
    expect(top.statusCode).toBe(200);
    expect(top.json().map((n: { code: string }) => n.code)).toEqual([
      '1000000000000000000',
      '2000000000000000000',
      '3000000000000000000',
      '4000000000000000000',
      '5000000000000000000',
      '6000000000000000000',
    ]);
    const goods = await get(`${BASE}/tree?pid=1000000000000000000`);
    expect(goods.json().length).toBeGreaterThan(5);
    expect(
      goods
        .json()
        .every(
          (n: { level: number; parentCode: string }) =>
            n.level === 2 && n.parentCode === '1000000000000000000',
        ),
    ).toBe(true);
    expect((await get(`${BASE}/tree?pid=1999999999999999999`)).statusCode).toBe(404);
  });

  it('pages children with queryListByPid', async () => {
    const res = await get(`${BASE}/queryListByPid?pid=1010101000000000000&page=1&limit=3`);
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(10);
    expect(res.json().rows).toHaveLength(3);
    expect(res.json().rows[0]).toMatchObject({
      code: '1010101010000000000',
      name: '稻谷',
      shortName: '谷物',
      isLeaf: true,
    });
  });

  it('shows one code in detail and refuses bad or unknown codes', async () => {
    const res = await get(`${BASE}/querySpbmByBm?bm=3070401000000000000`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: '餐饮服务',
      shortName: '生产生活服务',
      rates: ['6%'],
      isSummary: false,
      usable: true,
      enabled: true,
    });
    expect(res.json().path.map((p: { code: string }) => p.code)[0]).toBe('3000000000000000000');
    const summary = await get(`${BASE}/querySpbmByBm?bm=1010101000000000000`);
    expect(summary.json()).toMatchObject({ isSummary: true, usable: false });
    const twenty = await get(`${BASE}/querySpbmByBm?bm=30704010000000000000`);
    expect(twenty.statusCode).toBe(400);
    expect(twenty.json().message).toContain('bm');
    expect(twenty.json().message).toContain('19位');
    expect((await get(`${BASE}/querySpbmByBm?bm=3999999999999999999`)).statusCode).toBe(404);
  });

  it('searches by code prefix, name, 简称, everyday word and pinyin initials', async () => {
    const search = async (k: string) =>
      (await get(`${BASE}/queryListByPid?keyword=${encodeURIComponent(k)}&limit=50`)).json();
    expect((await search('10905090')).rows.map((r: { code: string }) => r.code)).toContain(
      '1090509010000000000',
    );
    expect((await search('餐饮服务')).rows[0].code).toBe('3070401000000000000');
    expect((await search('计算机外部设备')).total).toBeGreaterThan(3);
    expect((await search('笔记本电脑')).rows[0].name).toBe('电子计算机整机');
    expect((await search('bjbdn')).rows[0].name).toBe('电子计算机整机');
    expect((await search('cyfw')).rows.map((r: { name: string }) => r.name)).toContain('餐饮服务');
    const usable = (await get(`${BASE}/queryListByPid?keyword=谷物&usableOnly=true&limit=50`)).json();
    expect(usable.rows.every((r: { isSummary: boolean; isLeaf: boolean }) => !r.isSummary && r.isLeaf)).toBe(
      true,
    );
  });

  it('refuses users without the menu and anonymous callers', async () => {
    // The clerk reads the tree through goods codes; a user with neither menu is refused.
    expect((await get(`${BASE}/tree`, 'clerk', 'Clerk@123')).statusCode).toBe(200);
    const token = await bareUserToken(app());
    expect((await app().app.inject({ url: `${BASE}/tree`, headers: bearer(token) })).statusCode).toBe(403);
    expect((await app().app.inject({ url: `${BASE}/tree` })).statusCode).toBe(401);
  });
});
