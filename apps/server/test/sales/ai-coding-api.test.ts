import { describe, expect, it } from 'vitest';
import { bareUserToken, bearer, useTestApp } from '../harness.ts';

const app = useTestApp();
const BASE = '/api/billing/v1/userCommodityCode';

const code = async (token: string, name: string) =>
  app().app.inject({ url: `${BASE}/aiCoding?name=${encodeURIComponent(name)}`, headers: bearer(token) });
const confirm = (token: string, body: object) =>
  app().app.inject({
    method: 'POST',
    url: `${BASE}/aiCoding/confirm`,
    headers: bearer(token),
    payload: body,
  });

describe('AI-assisted coding', () => {
  it('suggests three usable leaf codes with confidence and the words that matched', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const res = await code(demo, '联想ThinkPad X1 Carbon 笔记本电脑 14英寸');
    expect(res.statusCode).toBe(200);
    const { suggestions } = res.json();
    expect(suggestions).toHaveLength(3);
    expect(suggestions[0]).toMatchObject({
      code: '1090509010000000000',
      name: '电子计算机整机',
      source: 'ranking',
    });
    expect(suggestions[0].matched).toEqual(expect.arrayContaining(['笔记本电脑']));
    expect(suggestions[0].confidence).toBeGreaterThan(suggestions[1].confidence);
    for (const s of suggestions) {
      const d = await app().app.inject({
        url: `/api/billing/v1/commodityCode/querySpbmByBm?bm=${s.code}`,
        headers: bearer(demo),
      });
      expect(d.json()).toMatchObject({ isLeaf: true, isSummary: false, enabled: true });
    }
    expect((await code(demo, '滴滴出行打车费')).json().suggestions[0].name).toBe('出租汽车客运服务');
    expect((await code(demo, '员工午餐餐费')).json().suggestions[0].name).toBe('餐饮服务');
  });

  it('validates the name', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const empty = await code(demo, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('name');
    expect((await code(demo, 'x'.repeat(201))).statusCode).toBe(400);
  });

  it('remembers a confirmation for that tenant only, for identical and similar names', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const brand = await app().login('brand', 'Brand@123');
    const name = '星光牌多功能清洁套装';
    const before = (await code(demo, name)).json().suggestions[0].code;
    const chosen = '1060512040000000000'; // 清洁清扫类工具及其已加工材料
    expect(before).not.toBe(chosen);
    const ok = await confirm(demo, { name, code: chosen });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ code: chosen, confirmations: 1 });
    expect((await confirm(demo, { name: ` ${name} `, code: chosen })).json().confirmations).toBe(2);

    const mine = (await code(demo, name)).json().suggestions[0];
    expect(mine).toMatchObject({ code: chosen, confidence: 1, source: 'memory' });
    const similar = (await code(demo, '星光牌多功能清洁套装（加大）')).json().suggestions[0];
    expect(similar.code).toBe(chosen);
    // Another company's ranking is untouched.
    expect((await code(brand, name)).json().suggestions[0].code).toBe(before);
  });

  it('refuses summary, unknown and malformed codes in a confirmation', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const summary = await confirm(demo, { name: '稻米', code: '1010101000000000000' });
    expect(summary.statusCode).toBe(400);
    expect(summary.json().message).toContain('汇总项');
    expect((await confirm(demo, { name: '稻米', code: '1010101990000000001' })).statusCode).toBe(400);
    expect((await confirm(demo, { name: '稻米', code: '123' })).json().message).toContain('code');
  });

  it('suggests to readers of the tax-code or goods-code pages, but only 智能赋码 may teach it', async () => {
    const nobody = await bareUserToken(app());
    expect((await code(nobody, '餐费')).statusCode).toBe(403);
    const clerk = await app().login('clerk', 'Clerk@123');
    expect((await code(clerk, '餐费')).statusCode).toBe(200);
    expect((await confirm(clerk, { name: '餐费', code: '3070401000000000000' })).statusCode).toBe(403);
  });
});
