import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../harness.ts';

const app = useTestApp();
const BOARDS = '/api/self-service/v1/code-boards';
const ALL_ELE = '/api/self-service/v1/all-ele-code-boards';
const BUSINESS = '/api/self-service/v1/business-code-boards';
const CONTROLS = '/api/self-service/v1/code-board-controls';
const GOODS = '/api/billing/v1/userCommodityCode';

const inject = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app().app.inject({ method, url, headers: bearer(token), payload });

async function commodity(token: string, name: string) {
  const res = await inject(token, 'POST', GOODS, { name, taxCode: '3040201030000000000', rate: 'rate_6' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

const board = (categoryIds: string, extra: object = {}) => ({
  name: '一号柜台',
  kind: 'counter',
  invoiceKind: 'allEle',
  categoryIds,
  capFen: 50_000,
  approval: 'auto',
  enabled: true,
  ...extra,
});

describe('code boards in the console', () => {
  it('creates boards with a random code, lists them by page, checks categories, caps and tenants', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const agent = await app().login('agent', 'Agent@123');
    const c1 = await commodity(demo, '码牌餐饮服务');
    const c2 = await commodity(demo, '码牌停车服务');
    const foreign = await commodity(agent, '别家的商品');

    const res = await inject(demo, 'POST', BOARDS, board(`${c2},${c1},${c1}`));
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json();
    expect(b.code).toMatch(/^[0-9A-Za-z]{20}$/);
    expect(b.categoryIds).toBe([c1, c2].sort((x, y) => x - y).join(','));
    expect(b.categoryNames).toContain('码牌餐饮服务');
    expect(b.categoryNames).toContain('码牌停车服务');

    // Another company's goods read as unknown; the field is named.
    const bad = await inject(demo, 'POST', BOARDS, board(`${c1},${foreign}`, { name: '二号柜台' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(String(foreign));
    expect(bad.json().details).toMatchObject({ field: 'categoryIds' });
    expect((await inject(demo, 'POST', BOARDS, board('', { name: '三号' }))).statusCode).toBe(400);
    expect((await inject(demo, 'POST', BOARDS, board(`${c1}`, { name: '四号', capFen: 0 }))).statusCode).toBe(
      400,
    );

    // The 全电 page holds only 全电 boards; the business page only business-line boards, and makes them so.
    const normal = (
      await inject(demo, 'POST', BOARDS, board(`${c1}`, { name: '普票柜台', invoiceKind: 'normal' }))
    ).json();
    const allEle = (await inject(demo, 'GET', `${ALL_ELE}?limit=100`)).json();
    expect(allEle.rows.map((r: { id: number }) => r.id)).toContain(b.id);
    expect(allEle.rows.map((r: { id: number }) => r.id)).not.toContain(normal.id);
    expect((await inject(demo, 'GET', `${ALL_ELE}/${normal.id}`)).statusCode).toBe(404);
    const biz = await inject(
      demo,
      'POST',
      BUSINESS,
      board(`${c2}`, { name: '物业缴费', kind: 'shop', businessLine: '物业' }),
    );
    expect(biz.statusCode, biz.body).toBe(200);
    expect(biz.json().kind).toBe('business');
    const bizList = (await inject(demo, 'GET', `${BUSINESS}?limit=100`)).json();
    expect(bizList.rows.map((r: { id: number }) => r.id)).toEqual([biz.json().id]);

    // Disable / enable in bulk.
    const off = await inject(demo, 'POST', `${BOARDS}/bulk/disable`, { ids: [b.id, normal.id] });
    expect(off.json()).toEqual({ updated: 2 });
    expect((await inject(demo, 'GET', `${BOARDS}/${b.id}`)).json().enabled).toBe(false);
    await inject(demo, 'POST', `${BOARDS}/bulk/enable`, { ids: [b.id] });
    expect((await inject(demo, 'GET', `${BOARDS}/${b.id}`)).json().enabled).toBe(true);

    // Edit keeps the code.
    const upd = await inject(demo, 'PUT', `${BOARDS}/${b.id}`, board(`${c1}`, { name: '一号柜台（改）' }));
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json()).toMatchObject({ name: '一号柜台（改）', code: b.code, categoryIds: String(c1) });

    // Another company sees nothing of them.
    expect((await inject(agent, 'GET', `${BOARDS}/${b.id}`)).statusCode).toBe(404);
    expect((await inject(agent, 'GET', `${BOARDS}/${b.id}/poster`)).statusCode).toBe(404);
    expect((await inject(agent, 'POST', `${BOARDS}/bulk/disable`, { ids: [b.id] })).json()).toEqual({
      updated: 0,
    });

    // The ceiling of 码牌管控 bounds every cap; one control row per company.
    const ctl = await inject(demo, 'POST', CONTROLS, {
      enabled: true,
      autoApproveAllowed: true,
      maxCapFen: 20_000,
      dailyRequests: 0,
    });
    expect(ctl.statusCode, ctl.body).toBe(200);
    const over = await inject(demo, 'PUT', `${BOARDS}/${b.id}`, { ...board(`${c1}`), capFen: 30_000 });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toContain('200.00');
    const dup = await inject(demo, 'POST', CONTROLS, {
      enabled: false,
      autoApproveAllowed: true,
      maxCapFen: 0,
      dailyRequests: 0,
    });
    expect(dup.statusCode).toBe(400);
    await inject(demo, 'DELETE', `${CONTROLS}/${ctl.json().id}`);
  });

  it('the poster is a PDF naming the company and the board', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const c1 = await commodity(demo, '海报服务');
    const b = (await inject(demo, 'POST', BOARDS, board(`${c1}`, { name: '海报柜台' }))).json();
    const res = await inject(demo, 'GET', `${BOARDS}/${b.id}/poster`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await PDFDocument.load(res.rawPayload);
    const me = (await inject(demo, 'GET', '/api/admin/user/front/info')).json();
    expect(me.companyName).toBeTruthy();
    expect(pdf.getSubject()).toContain(me.companyName);
    expect(pdf.getTitle()).toContain('海报柜台');
    expect(pdf.getPageCount()).toBe(1);
  });
});
