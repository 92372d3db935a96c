import { messageTemplates, resourceChanges, smsBalances, smsControlEntries, smsRecharges } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sheets, tenantOf } from './delivery-admin-fixtures.ts';
import { bearer, useTestApp } from '../harness.ts';

/**
 * 短信管理 (issue 14 §3): balances and recharges, blacklist / whitelist, frequency limits, the platform's SMS
 * settings and templates. Another company can neither read nor change any of it.
 */
const app = useTestApp();
const B = '/api/admin/delivery';
let admin: string;
let demo: string;
let brand: string;
let demoTenant: number;
let brandTenant: number;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: object) =>
  app().app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  admin = await app().login('admin', 'Admin@123');
  demo = await app().login('demo', 'Demo@123');
  brand = await app().login('brand', 'Brand@123');
  demoTenant = await tenantOf(app(), 'demo');
  brandTenant = await tenantOf(app(), 'brand');
});

const margin = async (token: string, tenantId: number) =>
  (await call(token, 'GET', `${B}/sms-margins?limit=500`))
    .json()
    .rows.find((r: { tenantId: number }) => r.tenantId === tenantId);

describe('recharge → balance (rechargeRecord, smsMargin)', () => {
  it('adds to the balance, records the balance after it, and is audited', async () => {
    const before = (await margin(admin, demoTenant)).balance as number;
    const res = await call(admin, 'POST', `${B}/sms-recharges`, {
      tenantId: demoTenant,
      amount: 500,
      paidFen: 12345,
      remark: '首次充值',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ amount: 500, paidFen: 12345, balanceAfter: before + 500 });
    const m = await margin(admin, demoTenant);
    expect(m).toMatchObject({ balance: before + 500, used: 0, warnBelow: 100, low: false });
    const [audit] = await app()
      .services.db.select()
      .from(resourceChanges)
      .where(and(eq(resourceChanges.resource, 'smsRecharges'), eq(resourceChanges.recordId, res.json().id)));
    expect(audit).toMatchObject({ action: 'create', tenantId: demoTenant, actorName: expect.any(String) });

    // The company sees its own recharge, paid amount in yuan, and who recorded it.
    const list = (await call(demo, 'GET', `${B}/sms-recharges`)).json();
    expect(list.rows[0]).toMatchObject({
      amount: 500,
      paidYuan: '123.45',
      balanceAfter: before + 500,
      remark: '首次充值',
      tenantId: demoTenant,
    });
    expect(list.rows[0].createdByName).toBeTruthy();
    expect(list.rows[0].tenantName).toBeTruthy();
  });

  it('keeps the balance exact under 20 concurrent recharges', async () => {
    const before = (await margin(admin, brandTenant)).balance as number;
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(admin, 'POST', `${B}/sms-recharges`, { tenantId: brandTenant, amount: 7 }),
      ),
    );
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const afters = results.map((r) => r.json().balanceAfter as number).sort((a, b) => a - b);
    // Each recharge saw its own exact balance: before+7, before+14, …, before+140, none twice.
    expect(afters).toEqual(Array.from({ length: 20 }, (_, i) => before + 7 * (i + 1)));
    const [row] = await app()
      .services.db.select()
      .from(smsBalances)
      .where(eq(smsBalances.tenantId, brandTenant));
    expect(row.balance).toBe(before + 140);
  });

  it('refuses bad input naming the field, unknown companies, and anyone but the platform', async () => {
    const bad = await call(admin, 'POST', `${B}/sms-recharges`, { tenantId: demoTenant, amount: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('充值条数须为正整数');
    expect(bad.json().message).toContain('amount');
    const fen = await call(admin, 'POST', `${B}/sms-recharges`, {
      tenantId: demoTenant,
      amount: 1,
      paidFen: 1.5,
    });
    expect(fen.statusCode).toBe(400);
    expect(fen.json().message).toContain('paidFen');
    const huge = await call(admin, 'POST', `${B}/sms-recharges`, {
      tenantId: demoTenant,
      amount: 1,
      paidFen: 2147483648,
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toContain('实付金额不能超过');
    const unknown = await call(admin, 'POST', `${B}/sms-recharges`, { tenantId: 999999, amount: 1 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('SMS_TENANT_UNKNOWN');
    // A company administrator holds the button's code (tenant menu) but the route is the platform's.
    const self = await call(demo, 'POST', `${B}/sms-recharges`, { tenantId: demoTenant, amount: 1000 });
    expect(self.statusCode).toBe(403);
    const overflow = await call(admin, 'POST', `${B}/sms-recharges`, {
      tenantId: demoTenant,
      amount: 10_000_001,
    });
    expect(overflow.statusCode).toBe(400);
  });

  it('refuses a recharge that would push the balance past the limit, leaving nothing behind', async () => {
    const db = app().services.db;
    const [{ balance }] = await db.select().from(smsBalances).where(eq(smsBalances.tenantId, demoTenant));
    const recharges = (await db.select().from(smsRecharges)).length;
    await db.update(smsBalances).set({ balance: 995_000_000 }).where(eq(smsBalances.tenantId, demoTenant));
    const res = await call(admin, 'POST', `${B}/sms-recharges`, { tenantId: demoTenant, amount: 10_000_000 });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('SMS_BALANCE_OVERFLOW');
    expect((await margin(admin, demoTenant)).balance).toBe(995_000_000);
    expect((await db.select().from(smsRecharges)).length).toBe(recharges);
    await db.update(smsBalances).set({ balance }).where(eq(smsBalances.tenantId, demoTenant));
  });

  it('shows a company only its own balance and recharges; the platform sees all and exports', async () => {
    const mine = (await call(demo, 'GET', `${B}/sms-margins`)).json();
    expect(mine.total).toBe(1);
    expect(mine.rows[0].tenantId).toBe(demoTenant);
    const theirs = (await call(brand, 'GET', `${B}/sms-recharges?limit=500`)).json();
    expect(theirs.rows.every((r: { tenantId: number }) => r.tenantId === brandTenant)).toBe(true);
    const demoRecharge = (await call(demo, 'GET', `${B}/sms-recharges`)).json().rows[0];
    expect((await call(brand, 'GET', `${B}/sms-recharges/${demoRecharge.id}`)).statusCode).toBe(404);
    const all = (await call(admin, 'GET', `${B}/sms-margins?limit=500`)).json();
    expect(all.total).toBeGreaterThanOrEqual(2);
    const file = await call(admin, 'GET', `${B}/sms-margins/export`);
    expect(file.statusCode).toBe(200);
    const s = await sheets(file.rawPayload);
    expect(s.短信余量[0]).toEqual([
      '企业名称',
      '短信余量（条）',
      '已用条数',
      '预警阈值',
      '余量不足',
      '更新时间',
    ]);
    const recharges = await call(
      admin,
      'GET',
      `${B}/sms-recharges/export?tenantName=${encodeURIComponent('')}`,
    );
    expect(recharges.statusCode).toBe(200);
    expect(Object.values(await sheets(recharges.rawPayload))[0][0]).toContain('实付金额（元）');
  });

  it('lets a company lower its own warning threshold (low flag and filter), never another company’s', async () => {
    const m = await margin(demo, demoTenant);
    const res = await call(demo, 'PUT', `${B}/sms-margins/${demoTenant}`, { warnBelow: m.balance + 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ warnBelow: m.balance + 1, low: true });
    expect((await call(demo, 'GET', `${B}/sms-margins?low=true`)).json().total).toBe(1);
    expect((await call(demo, 'GET', `${B}/sms-margins?low=false`)).json().total).toBe(0);
    const other = await call(demo, 'PUT', `${B}/sms-margins/${brandTenant}`, { warnBelow: 1 });
    expect(other.statusCode).toBe(404);
    expect((await margin(admin, brandTenant)).warnBelow).toBe(100);
    const negative = await call(demo, 'PUT', `${B}/sms-margins/${demoTenant}`, { warnBelow: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toContain('预警阈值');
    // A company without any recharge yet gets its balance row with the threshold.
    const platformSet = await call(admin, 'PUT', `${B}/sms-margins/${brandTenant}`, { warnBelow: 50 });
    expect(platformSet.json()).toMatchObject({ warnBelow: 50 });
  });
});

describe('blacklist and whitelist (smsControlList, smsWhite)', () => {
  it('validates the mobile as an 11-digit mainland number, in Chinese, naming the field', async () => {
    for (const mobile of ['1380013800', '23800138000', '138001380001', '1380013800a']) {
      const res = await call(admin, 'POST', `${B}/sms-controls`, { kind: 'black', mobile });
      expect(res.statusCode, mobile).toBe(400);
      expect(res.json().message).toContain('手机号须为11位中国大陆手机号码');
      expect(res.json().message).toContain('mobile');
    }
    const en = await app().app.inject({
      method: 'POST',
      url: `${B}/sms-white`,
      headers: { ...bearer(demo), 'x-locale': 'en' },
      payload: { mobile: '123' },
    });
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toContain('mobile');
  });

  it('keeps the platform list and each company’s whitelist apart; a number is on a list once', async () => {
    const black = await call(admin, 'POST', `${B}/sms-controls`, {
      kind: 'black',
      mobile: '13800138000',
      remark: '投诉',
    });
    expect(black.statusCode, black.body).toBe(200);
    const dup = await call(admin, 'POST', `${B}/sms-controls`, { kind: 'black', mobile: '13800138000' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().code).toBe('SMS_CONTROL_DUPLICATE');
    // The same number may be on the other list.
    expect(
      (await call(admin, 'POST', `${B}/sms-controls`, { kind: 'white', mobile: '13800138000' })).statusCode,
    ).toBe(200);
    // Companies cannot touch the platform's list.
    expect((await call(demo, 'GET', `${B}/sms-controls`)).statusCode).toBe(403);

    const mine = await call(demo, 'POST', `${B}/sms-white`, { mobile: '13900139000', remark: '老板' });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({ tenantId: demoTenant, mobile: '13900139000' });
    const again = await call(demo, 'POST', `${B}/sms-white`, { mobile: '13900139000' });
    expect(again.json().code).toBe('SMS_CONTROL_DUPLICATE');
    // Another company may whitelist the same number for itself.
    expect((await call(brand, 'POST', `${B}/sms-white`, { mobile: '13900139000' })).statusCode).toBe(200);

    const demoList = (await call(demo, 'GET', `${B}/sms-white`)).json();
    expect(demoList.rows.map((r: { tenantId: number }) => r.tenantId)).toEqual([demoTenant]);
    const id = mine.json().id;
    expect((await call(brand, 'GET', `${B}/sms-white/${id}`)).statusCode).toBe(404);
    expect((await call(brand, 'PUT', `${B}/sms-white/${id}`, { remark: 'x' })).statusCode).toBe(404);
    expect((await call(brand, 'DELETE', `${B}/sms-white/${id}`)).statusCode).toBe(404);
    expect((await call(demo, 'GET', `${B}/sms-white/${id}`)).json().remark).toBe('老板');

    // Neither view leaks into the other: the platform list holds no company entry and vice versa.
    const platformList = (await call(admin, 'GET', `${B}/sms-controls?limit=500`)).json();
    expect(platformList.rows.some((r: { mobile: string }) => r.mobile === '13900139000')).toBe(false);
    const whiteAll = (await call(admin, 'GET', `${B}/sms-white?limit=500`)).json();
    expect(whiteAll.rows.some((r: { mobile: string }) => r.mobile === '13800138000')).toBe(false);
    expect(whiteAll.rows.filter((r: { mobile: string }) => r.mobile === '13900139000')).toHaveLength(2);
    // The platform names the company of a whitelist entry.
    const noTenant = await call(admin, 'POST', `${B}/sms-white`, { mobile: '13700137000' });
    expect(noTenant.json().code).toBe('TENANT_REQUIRED');
    const forDemo = await call(admin, 'POST', `${B}/sms-white`, {
      mobile: '13700137000',
      tenantId: demoTenant,
    });
    expect(forDemo.json()).toMatchObject({ tenantId: demoTenant });

    const file = await call(admin, 'GET', `${B}/sms-controls/export?kind=black`);
    const rows = Object.values(await sheets(file.rawPayload))[0];
    expect(rows[0]).toEqual(['名单类型', '手机号', '备注', '加入时间']);
    expect(rows[1].slice(0, 3)).toEqual(['黑名单', '13800138000', '投诉']);
  });
});

describe('a number once per list, even when saves race', () => {
  it('20 concurrent saves of one number: one entry, every other save a 400 naming the mobile', async () => {
    const mobile = '13600136000';
    const saves = await Promise.all(
      Array.from({ length: 20 }, () => call(admin, 'POST', `${B}/sms-controls`, { kind: 'black', mobile })),
    );
    expect(saves.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of saves.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().details?.field).toBe('mobile');
      expect(r.json().message).toContain(mobile);
    }
    const whites = await Promise.all(
      Array.from({ length: 20 }, () => call(demo, 'POST', `${B}/sms-white`, { mobile })),
    );
    expect(whites.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const rows = await app()
      .services.db.select()
      .from(smsControlEntries)
      .where(eq(smsControlEntries.mobile, mobile));
    expect(rows.map((r) => `${r.tenantId}/${r.kind}`).sort()).toEqual([`${demoTenant}/white`, 'null/black']);
  });

  it('the database itself refuses a second entry, the platform’s (no company) included', async () => {
    const db = app().services.db;
    const mobile = '13500135000';
    await db.insert(smsControlEntries).values({ tenantId: null, kind: 'white', mobile });
    await db.insert(smsControlEntries).values({ tenantId: brandTenant, kind: 'white', mobile });
    const code = (e: unknown) =>
      (e as { code?: string; cause?: { code?: string } }).cause?.code ?? (e as { code?: string }).code;
    for (const tenantId of [null, brandTenant]) {
      const err = await db
        .insert(smsControlEntries)
        .values({ tenantId, kind: 'white', mobile })
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(code(err)).toBe('23505');
    }
  });
});

describe('frequency limits (smsControlManage)', () => {
  it('has one platform default and one override per company; 0 means unlimited', async () => {
    const L = `${B}/sms-limits`;
    const def = await call(admin, 'POST', L, {
      perNumberPerMinute: 1,
      perNumberPerHour: 5,
      perNumberPerDay: 10,
    });
    expect(def.statusCode, def.body).toBe(200);
    expect(def.json()).toMatchObject({ tenantId: null, tenantName: null, perTenantPerDay: 0 });
    const second = await call(admin, 'POST', L, { perNumberPerMinute: 2 });
    expect(second.statusCode).toBe(400);
    expect(second.json().code).toBe('SMS_LIMIT_DUPLICATE');
    const demoRow = await call(admin, 'POST', L, { tenantId: demoTenant, perNumberPerDay: 0 });
    expect(demoRow.statusCode, demoRow.body).toBe(200);
    expect(demoRow.json()).toMatchObject({ tenantId: demoTenant, perNumberPerDay: 0 });
    expect(demoRow.json().tenantName).toBeTruthy();
    expect((await call(admin, 'POST', L, { tenantId: demoTenant })).json().code).toBe('SMS_LIMIT_DUPLICATE');
    expect((await call(admin, 'POST', L, { tenantId: 999999 })).json().code).toBe('SMS_TENANT_UNKNOWN');
    const neg = await call(admin, 'PUT', `${L}/${demoRow.json().id}`, { perNumberPerHour: -1 });
    expect(neg.statusCode).toBe(400);
    expect(neg.json().message).toContain('单号码每小时上限');
    // Turning the company's row into a second default is refused too.
    const toDefault = await call(admin, 'PUT', `${L}/${demoRow.json().id}`, { tenantId: null });
    expect(toDefault.json().code).toBe('SMS_LIMIT_DUPLICATE');
    expect((await call(demo, 'GET', L)).statusCode).toBe(403);
  });
});

describe('platform SMS settings and templates (smsSystemDeploy)', () => {
  it('saves the default signature, refusing a malformed one', async () => {
    const S = `${B}/sms-platform-settings`;
    expect((await call(admin, 'GET', S)).json()).toEqual({ signName: '发票云' });
    const bad = await call(admin, 'PUT', S, { signName: '【发票云】' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('signName');
    expect((await call(admin, 'PUT', S, { signName: '云票通' })).json()).toEqual({ signName: '云票通' });
    expect((await call(admin, 'GET', S)).json()).toEqual({ signName: '云票通' });
    expect((await call(demo, 'GET', S)).statusCode).toBe(403);
  });

  it('keeps the platform templates apart from companies’ and checks their variables', async () => {
    const T = `${B}/platform-templates`;
    await app()
      .services.db.insert(messageTemplates)
      .values({ tenantId: demoTenant, channel: 'sms', name: '企业自己的模板', body: '{{link}}' });
    const sms = await call(admin, 'POST', T, {
      channel: 'sms',
      name: '默认短信',
      body: '【{{sellerName}}】您的发票{{invoiceNumber}}已开具：{{link}}',
      providerCode: 'SMS_123456',
      subject: '会被丢弃',
    });
    expect(sms.statusCode, sms.body).toBe(200);
    expect(sms.json()).toMatchObject({ channel: 'sms', subject: null, enabled: true });
    const noSubject = await call(admin, 'POST', T, { channel: 'email', name: '默认邮件', body: '{{link}}' });
    expect(noSubject.statusCode).toBe(400);
    expect(noSubject.json().message).toContain('subject');
    const typo = await call(admin, 'POST', T, {
      channel: 'email',
      name: '默认邮件',
      subject: '发票 {{invoiceNo}}',
      body: '{{link}}',
    });
    expect(typo.statusCode).toBe(400);
    expect(typo.json().message).toContain('{{invoiceNo}}');
    const list = (await call(admin, 'GET', `${T}?limit=500`)).json();
    expect(list.rows.map((r: { name: string }) => r.name)).not.toContain('企业自己的模板');
    const [tenantTpl] = await app()
      .services.db.select()
      .from(messageTemplates)
      .where(eq(messageTemplates.name, '企业自己的模板'));
    expect((await call(admin, 'GET', `${T}/${tenantTpl.id}`)).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', `${T}/${tenantTpl.id}`)).statusCode).toBe(404);
  });
});

describe('tenant picker', () => {
  it('lists companies by name for platform accounts only', async () => {
    const res = await call(admin, 'GET', `${B}/tenant-options`);
    expect(res.json().length).toBeGreaterThanOrEqual(2);
    expect((await call(demo, 'GET', `${B}/tenant-options`)).statusCode).toBe(403);
  });
});
