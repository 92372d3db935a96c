import { messageTemplates, resourceChanges, users } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../harness.ts';

/**
 * 消息模板 and 发票分类 (issue 14, /invoicePlat/template, /invoiceClassify) on the resource ladder: the write
 * hook's template rules (unknown variables named, e-mail needs a subject, an SMS needs its link and must fit),
 * one enabled template per channel, audit rows, and companies kept apart.
 */
const app = useTestApp();
let demo: string;
let brand: string;
let demoTenant: number;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: object) =>
  app().app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const T = '/api/admin/r/tenantTemplates';
const C = '/api/admin/r/invoiceCategories';

const sms = {
  name: '默认短信',
  channel: 'sms',
  body: '{{buyerName}}您好，{{sellerName}}为您开具的发票{{invoiceNumber}}（金额{{amount}}元）已开具，请点击{{link}}查看下载。',
  providerCode: 'SMS_123456789',
  signName: '演示科技',
  enabled: true,
};
const email = {
  name: '默认邮件',
  channel: 'email',
  subject: '【{{sellerName}}】电子发票 {{invoiceNumber}}',
  body: '尊敬的{{buyerName}}：\n您的电子发票已开具，金额 {{amount}} 元，开票日期 {{issueDate}}。\n下载：{{link}}',
  enabled: true,
};

beforeAll(async () => {
  demo = await app().login('demo', 'Demo@123');
  brand = await app().login('brand', 'Brand@123');
  const [u] = await app().services.db.select().from(users).where(eq(users.username, 'demo'));
  demoTenant = u.tenantId!;
});

describe('消息模板 (template)', () => {
  it('refuses unknown variables naming them, a subject-less e-mail, an SMS without its link or too long', async () => {
    const unknown = await call(demo, 'POST', T, { ...email, body: '{{buyerName}} {{price}} {{ foo_bar }}' });
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(unknown.json().code).toBe('TEMPLATE_UNKNOWN_VARIABLE');
    expect(unknown.json().message).toContain('price、foo_bar');
    expect(unknown.json().message).toContain('模板内容');
    const subj = await call(demo, 'POST', T, { ...email, subject: '发票 {{number}}' });
    expect(subj.json().message).toContain('邮件主题中有未知的变量：number');

    const noSubject = await call(demo, 'POST', T, { ...email, subject: '' });
    expect(noSubject.json().code).toBe('TEMPLATE_SUBJECT_REQUIRED');
    const smsFields = await call(demo, 'POST', T, { ...email, providerCode: 'SMS_1' });
    expect(smsFields.json().code).toBe('TEMPLATE_EMAIL_ONLY_FIELD');
    const smsSubject = await call(demo, 'POST', T, { ...sms, subject: '主题' });
    expect(smsSubject.json().code).toBe('TEMPLATE_SMS_NO_SUBJECT');
    const noLink = await call(demo, 'POST', T, { ...sms, body: '您的发票{{invoiceNumber}}已开具' });
    expect(noLink.json().code).toBe('TEMPLATE_SMS_NEEDS_LINK');
    const long = await call(demo, 'POST', T, { ...sms, body: `${'发票通知'.repeat(120)}{{link}}` });
    expect(long.json().code).toBe('TEMPLATE_SMS_TOO_LONG');
    const badSign = await call(demo, 'POST', T, { ...sms, signName: '演' });
    expect(badSign.statusCode).toBe(400);
    expect(badSign.json().message).toContain('字段 signName');
    const badCode = await call(demo, 'POST', T, { ...sms, providerCode: 'SMS 1' });
    expect(badCode.json().message).toContain('字段 providerCode');
  });

  it('keeps one enabled template per channel, audits every change, and hides the platform defaults', async () => {
    const db = app().services.db;
    await db
      .insert(messageTemplates)
      .values({ tenantId: null, channel: 'sms', name: '平台默认', body: '{{link}}' });
    const a = await call(demo, 'POST', T, sms);
    expect(a.statusCode, a.body).toBe(200);
    const b = await call(demo, 'POST', T, { ...sms, name: '备用短信' });
    const e = await call(demo, 'POST', T, email);
    expect(e.statusCode, e.body).toBe(200);
    const list = (await call(demo, 'GET', `${T}?limit=100`)).json();
    expect(list.rows.map((r: { name: string }) => r.name).sort()).toEqual([
      '备用短信',
      '默认短信',
      '默认邮件',
    ]);
    const byId = new Map(list.rows.map((r: { id: number; enabled: boolean }) => [r.id, r.enabled]));
    expect(byId.get(a.json().id)).toBe(false);
    expect(byId.get(b.json().id)).toBe(true);
    expect(byId.get(e.json().id)).toBe(true);
    const [row] = await db.select().from(messageTemplates).where(eq(messageTemplates.id, a.json().id));
    expect(row).toMatchObject({ tenantId: demoTenant, scene: 'invoice_delivery', enabled: false });
    const audits = await db
      .select()
      .from(resourceChanges)
      .where(and(eq(resourceChanges.resource, 'tenantTemplates'), eq(resourceChanges.recordId, a.json().id)));
    expect(audits.map((x) => x.action)).toEqual(['create', 'update']);

    // An update is checked as the template will be stored: clearing the link of an SMS is refused.
    const upd = await call(demo, 'PUT', `${T}/${b.json().id}`, { body: '发票{{invoiceNumber}}' });
    expect(upd.json().code).toBe('TEMPLATE_SMS_NEEDS_LINK');
  });

  it('keeps another company out: list, get, update and delete', async () => {
    const mine = await call(demo, 'POST', T, { ...email, name: '仅演示可见' });
    const id = mine.json().id;
    const theirs = (await call(brand, 'GET', `${T}?limit=100`)).json();
    expect(theirs.rows.some((r: { id: number }) => r.id === id)).toBe(false);
    expect((await call(brand, 'GET', `${T}/${id}`)).statusCode).toBe(404);
    expect((await call(brand, 'PUT', `${T}/${id}`, { name: '改' })).statusCode).toBe(404);
    expect((await call(brand, 'DELETE', `${T}/${id}`)).statusCode).toBe(404);
    expect((await call(demo, 'GET', `${T}/${id}`)).json().name).toBe('仅演示可见');
  });
});

describe('发票分类 (invoiceClassify)', () => {
  it('creates, refuses a bad or duplicate code naming the field, exports, and stays within the company', async () => {
    const ok = await call(demo, 'POST', C, {
      name: '技术服务费',
      code: 'TECH-01',
      remark: '软件与技术服务',
      sortOrder: 1,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ name: '技术服务费', code: 'TECH-01', enabled: true });
    const bad = await call(demo, 'POST', C, { name: '租金', code: '房 租' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('字段 code');
    expect(bad.json().message).toContain('分类编码格式不正确');
    const dup = await call(demo, 'POST', C, { name: '又一个', code: 'TECH-01' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().message).toContain('TECH-01');
    // Codes are unique per company, not across companies.
    expect((await call(brand, 'POST', C, { name: '技术服务费', code: 'TECH-01' })).statusCode).toBe(200);
    const theirs = (await call(brand, 'GET', `${C}?limit=100`)).json();
    expect(theirs.rows.every((r: { id: number }) => r.id !== ok.json().id)).toBe(true);
    expect((await call(brand, 'DELETE', `${C}/${ok.json().id}`)).statusCode).toBe(404);
    const file = await call(demo, 'GET', `${C}/export`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
  });
});
