import { knownCompanies, resourceChanges, users } from '@fpy/db';
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buyerFormRules,
  learnCompanies,
  registerTitleCodeResolver,
  scanInvoiceOpen,
} from '../../src/modules/self-service/titles/index.ts';
import { TITLE_CODE_BUDGET, TITLE_MISS_BUDGET } from '../../src/modules/self-service/titles/help.ts';
import { bareUserToken, bearer, useTestApp } from '../harness.ts';
import { api as invoicing, invoiceBody } from '../sales/invoicing-helpers.ts';

/**
 * Title-scan settings (扫码抬头 / 扫码开票, issue 30 §1) and the buyer's public title help (§3): per company, validated
 * naming the field, audited; the help scoped to the code's tenant, names and tax numbers only, one answer for
 * every unusable code, limited per IP (misses) and per code.
 */
const app = useTestApp();
let demo: string;
let brand: string;
let nobody: string;
let demoTenant: number;
let brandTenant: number;

const DEMO_CODE = 'demoTitleCode01';
const BRAND_CODE = 'brandTitleCode01';
const BUSY_CODE = 'busyTitleCode001';

const TITLE = '/api/self-service/titles/scan-title';
const INVOICE = '/api/self-service/titles/scan-invoice';
const form = (code: string, ip = '127.0.0.1') =>
  app().app.inject({
    url: `/api/public/self-service/titles/${encodeURIComponent(code)}/form`,
    remoteAddress: ip,
  });
const search = (code: string, q: string, ip = '127.0.0.1') =>
  app().app.inject({
    url: `/api/public/self-service/titles/${encodeURIComponent(code)}/search?q=${encodeURIComponent(q)}`,
    remoteAddress: ip,
  });

const call = (token: string, method: 'GET' | 'PUT', url: string, payload?: object) =>
  app().app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const tenantOf = async (username: string) =>
  (await app().services.db.select().from(users).where(eq(users.username, username)))[0].tenantId!;

const goodTitle = {
  fields: { email: 'required', mobile: 'optional', remarks: 'hidden', addressBank: 'optional' },
  invoiceTypes: ['digital_ordinary', 'digital_special'],
  defaultInvoiceType: 'digital_special',
  naturalPersonAllowed: false,
  approval: { mode: 'auto_below', capFen: 50_000 },
  channels: ['email', 'card_bag'],
};

beforeAll(async () => {
  demo = await app().login('demo', 'Demo@123');
  brand = await app().login('brand', 'Brand@123');
  nobody = await bareUserToken(app());
  demoTenant = await tenantOf('demo');
  brandTenant = await tenantOf('brand');
  const codes: Record<string, number> = {
    [DEMO_CODE]: demoTenant,
    [BRAND_CODE]: brandTenant,
    [BUSY_CODE]: brandTenant,
  };
  registerTitleCodeResolver('test', async (_db, code) =>
    Object.hasOwn(codes, code) ? { tenantId: codes[code] } : null,
  );
});

describe('title-scan settings (console)', () => {
  it('the demo company starts with its seeded settings', async () => {
    const t = await call(demo, 'GET', TITLE);
    expect(t.statusCode, t.body).toBe(200);
    expect(t.json()).toMatchObject({
      defaultInvoiceType: 'digital_ordinary',
      approval: { mode: 'auto_below', capFen: 100_000 },
    });
    const i = await call(demo, 'GET', INVOICE);
    expect(i.json()).toMatchObject({ enabled: true, shopName: '演示科技 · 张江店' });
  });

  it('another company reads its defaults, never demo’s', async () => {
    const i = await call(brand, 'GET', INVOICE);
    expect(i.statusCode).toBe(200);
    expect(i.json()).toMatchObject({ shopName: null, updatedAt: null });
  });

  it('saves the buyer form with an audit row, and buyerFormRules reads it', async () => {
    const res = await call(brand, 'PUT', TITLE, goodTitle);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ...goodTitle });
    expect(typeof res.json().updatedAt).toBe('string');
    expect(await buyerFormRules(app().services.db, brandTenant)).toEqual(goodTitle);
    const [audit] = await app()
      .services.db.select()
      .from(resourceChanges)
      .where(
        and(eq(resourceChanges.tenantId, brandTenant), eq(resourceChanges.resource, 'titleScanSettings')),
      )
      .orderBy(desc(resourceChanges.id))
      .limit(1);
    expect(audit.changes).toEqual({ scanTitle: goodTitle });
    // demo's record is untouched
    expect((await buyerFormRules(app().services.db, demoTenant)).defaultInvoiceType).toBe('digital_ordinary');
  });

  it('refuses bad input naming the field', async () => {
    const cases: [object, string][] = [
      [{ ...goodTitle, defaultInvoiceType: 'electronic_ordinary' }, 'defaultInvoiceType'],
      [{ ...goodTitle, invoiceTypes: [] }, 'invoiceTypes'],
      [{ ...goodTitle, invoiceTypes: ['roll'] }, 'invoiceTypes'],
      [{ ...goodTitle, approval: { mode: 'auto_below', capFen: 0 } }, 'capFen'],
      [{ ...goodTitle, approval: { mode: 'sometimes' } }, 'approval'],
      [{ ...goodTitle, channels: ['fax'] }, 'channels'],
      [{ ...goodTitle, fields: { ...goodTitle.fields, email: 'maybe' } }, 'email'],
      [{ ...goodTitle, fields: { ...goodTitle.fields, email: 'hidden' } }, 'channels'],
    ];
    for (const [body, field] of cases) {
      const res = await call(brand, 'PUT', TITLE, body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.body).toContain(field);
    }
    const long = await call(brand, 'PUT', INVOICE, {
      enabled: true,
      titleSearch: true,
      titleUpload: true,
      rememberTitles: true,
      shopName: '店'.repeat(41),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('展示名称');
  });

  it('needs the page’s codes', async () => {
    expect((await call(nobody, 'GET', TITLE)).statusCode).toBe(403);
    expect((await call(nobody, 'PUT', INVOICE, {})).statusCode).toBe(403);
    expect((await app().app.inject({ url: TITLE })).statusCode).toBe(401);
  });
});

describe('the buyer’s title help (public)', () => {
  it('the form names the seller and carries the rules and texts', async () => {
    const res = await form(DEMO_CODE);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      sellerName: '演示科技 · 张江店',
      enabled: true,
      helps: { search: true, upload: true, remember: true },
      rules: { defaultInvoiceType: 'digital_ordinary', naturalPersonAllowed: true },
      contactPhone: '021-58880000',
    });
  });

  it('answers every unusable code alike', async () => {
    const bodies = new Set<string>();
    for (const code of ['unknownCode0001', 'x', '<script>', 'a'.repeat(64), `${DEMO_CODE}X`]) {
      const f = await form(code, '10.0.0.1');
      expect(f.statusCode, code).toBe(404);
      bodies.add(JSON.stringify({ ...f.json(), requestId: undefined, traceId: undefined }));
      const s = await search(code, '云帆', '10.0.0.1');
      expect(s.statusCode, code).toBe(404);
      expect(s.json().code).toBe('TITLE_CODE_UNKNOWN');
    }
    expect(bodies.size).toBe(1);
    expect([...bodies][0]).toContain('TITLE_CODE_UNKNOWN');
    expect((await form('a'.repeat(65), '10.0.0.1')).statusCode).toBe(400);
  });

  it('searches the code’s tenant customers first, then known companies, names and tax numbers only', async () => {
    const own = await search(DEMO_CODE, '云帆');
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().items).toEqual([
      { name: '上海云帆信息技术有限公司', taxNumber: '91310104MA1FR8KX39', source: 'customer' },
    ]);
    const known = await search(DEMO_CODE, '蓝鲸');
    expect(known.json().items).toEqual([
      { name: '上海蓝鲸网络科技有限公司', taxNumber: '91310000MA1G8XQ71G', source: 'known' },
    ]);
    const byNumber = await search(DEMO_CODE, '91310000MA1G8');
    expect(byNumber.json().items.map((i: { name: string }) => i.name)).toContain('上海蓝鲸网络科技有限公司');
    // one entry per tax number, every item only the three keys
    for (const item of (await search(DEMO_CODE, '有限公司')).json().items)
      expect(Object.keys(item).sort()).toEqual(['name', 'source', 'taxNumber']);
  });

  it('never shows another company’s customers nor a natural person', async () => {
    expect((await search(BRAND_CODE, '云帆')).json().items).toEqual([]);
    expect((await search(DEMO_CODE, '王小明')).json().items).toEqual([]);
    expect((await search(DEMO_CODE, '云')).json().items).toEqual([]);
    expect((await search(DEMO_CODE, '%_')).json().items).toEqual([]);
  });

  it('search follows the tenant’s switch', async () => {
    const off = await call(brand, 'PUT', INVOICE, {
      enabled: true,
      titleSearch: false,
      titleUpload: false,
      rememberTitles: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await search(BRAND_CODE, '蓝鲸')).json().items).toEqual([]);
    expect((await form(BRAND_CODE)).json()).toMatchObject({
      sellerName: '品牌定制集团有限公司',
      helps: { search: false },
    });
  });

  it('one switch pauses the tenant’s buyer pages', async () => {
    const body = { enabled: false, titleSearch: true, titleUpload: true, rememberTitles: true };
    expect((await call(brand, 'PUT', INVOICE, body)).statusCode).toBe(200);
    expect(await scanInvoiceOpen(app().services.db, brandTenant)).toBe(false);
    expect(await scanInvoiceOpen(app().services.db, demoTenant)).toBe(true);
    expect((await form(BRAND_CODE)).json()).toMatchObject({ enabled: false });
    expect((await search(BRAND_CODE, '蓝鲸')).json().items).toEqual([]);
    expect((await call(brand, 'PUT', INVOICE, { ...body, enabled: true })).statusCode).toBe(200);
    expect(await scanInvoiceOpen(app().services.db, brandTenant)).toBe(true);
  });

  it('learns only public company data', async () => {
    await learnCompanies(
      app().services.db,
      [
        { name: '广州白云测试有限公司', taxNumber: '91440101753491772B' },
        { name: '张三', taxNumber: '11010519491231002X' },
        { name: '校验失败有限公司', taxNumber: '91350100M0001TGQXM' },
        { name: '旧号码有限公司', taxNumber: '110108123456789' },
      ],
      'invoice',
    );
    const rows = await app().services.db.select().from(knownCompanies);
    const names = rows.map((r) => r.name);
    expect(names).toContain('广州白云测试有限公司');
    expect(names).not.toContain('张三');
    expect(names).not.toContain('校验失败有限公司');
    expect(names).not.toContain('旧号码有限公司');
  });

  it('learns the buyer company of an issued invoice, never a natural person', async () => {
    const inv = invoicing(app(), demo);
    const company = await inv.create(
      invoiceBody({ buyer: { name: '广州开票学习有限公司', taxNumber: '91440101753491772B' } }),
    );
    expect(company.statusCode, company.body).toBe(201);
    const person = await inv.create(
      invoiceBody({
        type: 'digital_ordinary',
        buyer: { name: '李四学习', naturalPerson: true, taxNumber: '11010519491231002X' },
      }),
    );
    expect(person.statusCode, person.body).toBe(201);
    await inv.settled();
    await inv.settled();
    const rows = await app().services.db.select().from(knownCompanies);
    expect(rows.find((r) => r.taxNumber === '91440101753491772B')?.name).toBe('广州开票学习有限公司');
    expect(rows.some((r) => r.name === '李四学习')).toBe(false);
    expect((await search(DEMO_CODE, '开票学习')).json().items).toEqual([
      { name: '广州开票学习有限公司', taxNumber: '91440101753491772B', source: 'known' },
    ]);
  });

  it('limits guessing per IP', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < TITLE_MISS_BUDGET; i++)
      expect((await form(`guessCode${i}xx`, ip)).statusCode).toBe(404);
    expect((await form('guessCodeLast', ip)).statusCode).toBe(429);
    // and the real code is refused from that IP too, until the window ends
    expect((await form(DEMO_CODE, ip)).statusCode).toBe(429);
    expect((await form(DEMO_CODE, '10.9.9.10')).statusCode).toBe(200);
  });

  it('limits calls per code', async () => {
    let last = 0;
    for (let i = 0; i <= TITLE_CODE_BUDGET; i++)
      last = (await search(BUSY_CODE, 'x', `10.1.${i >> 8}.${i & 255}`)).statusCode;
    expect(last).toBe(429);
    expect((await search(DEMO_CODE, '蓝鲸')).statusCode).toBe(200);
  });
});
