/**
 * Issue 28 §7: rates the tax code does not allow. A software-development service (304020101, 6%) at 13% and rice
 * (101010101, 9%) at 6% were accepted by the form and the API and issued by the sandbox bureau. One rule
 * (`@fpy/domain` codeRates) now decides for the API (create, draft edit, calculate), the sandbox bureau, batch
 * import, AI-assisted coding and the goods codes.
 */
import { codeRates, findRateChoice } from '@fpy/domain';
import { invoices } from '@fpy/db';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedInvoiceDemo } from '../../src/seed/invoice-demo.ts';
import { bearer, useTestApp } from '../harness.ts';
import { batchApi, line as batchLine } from './invoice-batch-helpers.ts';
import { URL as INVOICES, invoiceBody, nextSerial } from './invoicing-helpers.ts';
import { blueRequest, freshSeller, issue, sandbox } from '../platform/tax-gateway-helpers.ts';

const app = useTestApp();
const SOFTWARE = '3040201010000000000'; // 软件开发服务, 6%
const RICE = '1010101010000000000'; // 稻谷, 9%
const COMPUTER = '1090509010000000000'; // 电子计算机整机, 13%
const PREPAID = '6010000000000000000'; // 预付卡销售和充值, 不征税
const GOODS = '/api/billing/v1/userCommodityCode';

/** Line 1 fine (software at 6%), line 2 as given. */
const twoLines = (second: Record<string, unknown>) => [
  { name: '*信息技术服务*软件开发', taxCode: SOFTWARE, quantity: '1', unitPrice: '1000', rate: 'rate_6' },
  { name: '*谷物*大米', quantity: '10', unitPrice: '5', ...second },
];
const body = (second: Record<string, unknown>) => invoiceBody({ lines: twoLines(second), totals: undefined });

const send = (token: string, method: 'POST' | 'PUT', url: string, payload: object, lang = 'zh-CN') =>
  app().app.inject({ method, url, headers: { ...bearer(token), 'accept-language': lang }, payload });

const countInvoices = async () => {
  const [{ n }] = await app().services.db.select({ n: count() }).from(invoices);
  return n;
};

describe('invoice API: a line rate its tax code does not allow', () => {
  it.each([
    ['rice at 6% (the checkpoint case)', { taxCode: RICE, rate: 'rate_6' }, '6%'],
    ['software at 13% (the checkpoint case)', { taxCode: SOFTWARE, rate: 'rate_13' }, '13%'],
    ['3% without its levy flag', { taxCode: RICE, rate: 'rate_3' }, '3%'],
    ['1% without its reason', { taxCode: RICE, rate: 'rate_1' }, '1%'],
    ['免税 on a 不征税 code', { taxCode: PREPAID, rate: 'rate_0', policy: 'exempt' }, '免税'],
  ])('refuses %s with a 400 naming lines.1.rate, and writes nothing', async (_t, second, given) => {
    const token = await app().login('demo', 'Demo@123');
    const before = await countInvoices();
    const res = await send(token, 'POST', INVOICES, body(second));
    expect(res.statusCode, res.body).toBe(400);
    const json = res.json();
    expect(json.code).toBe('RATE_NOT_ALLOWED');
    expect(json.message).toMatch(new RegExp(`^第2行：税率“${given}”不适用于税收分类编码 ${second.taxCode}`));
    expect(json.message).toContain('（字段 lines.1.rate）');
    expect(json.details.issues).toEqual([
      { path: 'lines.1.rate', message: expect.stringMatching(/^第2行：/) },
    ]);
    expect(await countInvoices()).toBe(before);
  });

  it('answers in English too, with the code, what it allows and the field', async () => {
    const token = await app().login('demo', 'Demo@123');
    const res = await send(token, 'POST', INVOICES, body({ taxCode: RICE, rate: 'rate_6' }), 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      `Line 2: the rate "6%" does not apply to tax code ${RICE}; allowed: 9%, exempt, zero-rated, 3% (simplified levy at 3%), 1% (small-scale taxpayer levy reduced to 1%) (field lines.1.rate)`,
    );
  });

  it.each([
    ['rice at 9%', { taxCode: RICE, rate: 'rate_9' }],
    ['rice 免税', { taxCode: RICE, rate: 'rate_0', policy: 'exempt' }],
    ['rice at 3% declared 按3%简易征收', { taxCode: RICE, rate: 'rate_3', policy: 'simplified_3' }],
    ['rice at 1% declared with its reason', { taxCode: RICE, rate: 'rate_1', policy: 'reduced_levy_1' }],
    ['不征税 on a 6… code', { taxCode: PREPAID, rate: 'rate_0', policy: 'non_taxable' }],
  ])('accepts %s', async (_t, second) => {
    const token = await app().login('demo', 'Demo@123');
    const res = await send(token, 'POST', INVOICES, { ...body(second), submit: false });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses a draft edit the same way, and leaves the draft as it was', async () => {
    const token = await app().login('demo', 'Demo@123');
    const made = await send(token, 'POST', INVOICES, {
      ...body({ taxCode: RICE, rate: 'rate_9' }),
      submit: false,
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id;
    const { clientSerial: _s, ...edit } = body({ taxCode: COMPUTER, rate: 'rate_9' });
    const res = await send(token, 'PUT', `${INVOICES}/${id}`, edit);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('（字段 lines.1.rate）');
    const stored = await app().app.inject({ url: `${INVOICES}/${id}`, headers: bearer(token) });
    expect(stored.json().lines[1]).toMatchObject({ taxCode: RICE, rate: 'rate_9' });
  });

  it('calculate reports the line, so the form shows it under the line', async () => {
    const token = await app().login('demo', 'Demo@123');
    const { clientSerial: _s, totals: _t, ...draft } = body({ taxCode: RICE, rate: 'rate_6' });
    const res = await send(token, 'POST', '/api/billing/v1/invoice/calculate', { ...draft, colour: 'blue' });
    expect(res.statusCode).toBe(200);
    expect(res.json().ok).toBe(false);
    expect(res.json().violations).toEqual([
      expect.objectContaining({ code: 'rate_not_allowed', lineNo: 2, severity: 'error' }),
    ]);
  });
});

describe('sandbox bureau', () => {
  it('refuses a line at a rate its code does not allow, as the platform does; issues it at the right rate', async () => {
    const { gw } = sandbox(app().services.db);
    const seller = freshSeller();
    const wrong = blueRequest(seller, 11_300, {
      lines: [
        {
          name: '*信息技术服务*软件开发',
          taxCode: SOFTWARE,
          amountFen: 10_000,
          taxFen: 1_300,
          rate: 'rate_13',
        },
      ],
    });
    const refused = await issue(gw, wrong);
    expect(refused).toEqual({
      status: 'failed',
      code: 'bureau_rejected',
      message: expect.stringMatching(
        /^税务局校验未通过：商品税率与税收分类编码不匹配，第1行：税率“13%”不适用于税收分类编码3040201010000000000（软件开发服务）/,
      ),
    });
    const right = blueRequest(seller, 10_600, {
      taxFen: 600,
      amountFen: 10_000,
      lines: [
        { name: '*信息技术服务*软件开发', taxCode: SOFTWARE, amountFen: 10_000, taxFen: 600, rate: 'rate_6' },
      ],
    });
    expect(await issue(gw, right)).toMatchObject({ status: 'issued' });
    const flagged = blueRequest(seller, 10_300, {
      taxFen: 300,
      amountFen: 10_000,
      lines: [
        {
          name: '*谷物*大米',
          taxCode: RICE,
          amountFen: 10_000,
          taxFen: 300,
          rate: 'rate_3',
          policy: 'simplified_3',
        },
      ],
    });
    expect(await issue(gw, flagged)).toMatchObject({ status: 'issued' });
  });
});

describe('batch import', () => {
  it('marks the row invalid with its column and the reason', async () => {
    const c = batchApi(app(), await app().login('demo', 'Demo@123'));
    const res = await c.upload([
      batchLine('R1'), // row 2: fine
      batchLine('R1', { 商品名称: '*谷物*大米', 税收分类编码: RICE, 税率: '6%' }), // row 3
      batchLine('R2', { 商品名称: '*谷物*大米', 税收分类编码: RICE, 税率: '9%' }), // row 4: fine
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json();
    expect(b).toMatchObject({ invoiceCount: 1, invalidInvoiceCount: 1 });
    expect(b.issues).toEqual([
      {
        rowNumber: 3,
        column: '税率',
        message: expect.stringMatching(/^税率“6%”不适用于税收分类编码1010101010000000000（稻谷），可选：9%/),
      },
    ]);
  });
});

describe('goods codes (商品编码)', () => {
  it('keeps a rate the tax code allows: 400 naming the field otherwise', async () => {
    const token = await app().login('demo', 'Demo@123');
    const save = (over: object) =>
      send(token, 'POST', GOODS, {
        name: `规则商品${nextSerial()}`,
        taxCode: SOFTWARE,
        rate: 'rate_6',
        ...over,
      });
    for (const over of [{ rate: 'rate_13' }, { rate: 'rate_3' }, { taxCode: RICE, rate: 'rate_6' }]) {
      const res = await save(over);
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().code).toBe('RATE_NOT_ALLOWED');
      expect(res.json().message).toMatch(/^字段 rate：税率“/);
    }
    expect((await save({ rate: 'rate_3', policy: 'simplified_3' })).statusCode).toBe(200);
    const made = await save({});
    expect(made.statusCode).toBe(200);
    const upd = await send(token, 'PUT', `${GOODS}/${made.json().id}`, { rate: 'rate_9' });
    expect(upd.statusCode).toBe(400);
    expect(upd.json().message).toContain('字段 rate');
  });
});

describe('AI-assisted coding', () => {
  it('suggests for each code a rate that code allows, with its policy', async () => {
    const token = await app().login('demo', 'Demo@123');
    for (const name of ['东北大米', '软件开发服务费', '预付卡充值', '笔记本电脑']) {
      const res = await app().app.inject({
        url: `${GOODS}/aiCoding?name=${encodeURIComponent(name)}`,
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(200);
      for (const s of res.json().suggestions) {
        expect(s.rate, `${name} → ${s.code}`).toBeDefined();
        expect(
          findRateChoice(codeRates(s.code, s.vatRates), s.rate, s.policy),
          `${name} → ${s.code}`,
        ).toBeDefined();
      }
    }
  });
});

describe('demo seed', () => {
  it('still issues every demo invoice: its goods carry rates their codes allow, levies with their flag', async () => {
    // A good at a flagged levy: the seed must carry its policy onto the line, or the rule refuses the invoice.
    const token = await app().login('demo', 'Demo@123');
    for (const name of ['种子简易征收商品甲', '种子简易征收商品乙'])
      expect(
        (
          await send(token, 'POST', GOODS, {
            name,
            taxCode: SOFTWARE,
            rate: 'rate_3',
            policy: 'simplified_3',
          })
        ).statusCode,
      ).toBe(200);
    expect(await seedInvoiceDemo(app().services.db, 'demo')).toBe(24);
  }, 180_000);
});
