import { resourceChanges, tenantParameters, tenants, users } from '@fpy/db';
import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { multipart, PNG_BYTES, upload } from '../platform/base-helpers.ts';
import { bearer, useTestApp } from '../harness.ts';

/**
 * 开票平台设置 (issue 14, /invoicePlat): company information, SMS signature, delivery settings, code-card page
 * and invoice layout — each validated with a message naming the field, stored per company with an audit row,
 * and never visible to or changeable by another company.
 */
const app = useTestApp();
let demo: string;
let brand: string;
let admin: string;
let demoTenant: number;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: object, headers: object = {}) =>
  app().app.inject({
    method,
    url,
    headers: { ...bearer(token), ...headers },
    ...(payload ? { payload } : {}),
  });

function refused(res: LightMyRequestResponse, field: string, words?: string) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json();
  expect(body.message, res.body).toContain(field);
  if (words) expect(body.message, res.body).toContain(words);
  return body as { code: string; message: string };
}

const INFO = '/api/admin/v1/plat/company-info';
const SMS = '/api/admin/enterpriseParameterSetting/sms';
const DELIVERY = '/api/admin/v1/plat/delivery-settings';
const CODE_CARD = '/api/admin/enterpriseParameterSetting/codeCardPage';
const LAYOUT = '/api/admin/v1/plat/invoice-layout';

const lastAudit = async (tenantId: number) =>
  (
    await app()
      .services.db.select()
      .from(resourceChanges)
      .where(and(eq(resourceChanges.tenantId, tenantId), eq(resourceChanges.resource, 'tenantParameters')))
      .orderBy(desc(resourceChanges.id))
      .limit(1)
  )[0];

beforeAll(async () => {
  demo = await app().login('demo', 'Demo@123');
  brand = await app().login('brand', 'Brand@123');
  admin = await app().login('admin', 'Admin@123');
  const [u] = await app().services.db.select().from(users).where(eq(users.username, 'demo'));
  demoTenant = u.tenantId!;
});

const info = {
  displayName: '演示科技',
  logoUrl: null,
  hotline: '400-820-8820',
  replyEmail: 'finance@demo.example.cn',
  address: '上海市浦东新区世纪大道100号',
  website: 'https://www.demo.example.cn',
};

describe('企业信息 (companyinfo)', () => {
  it('starts from the registration, refuses bad phone, e-mail and URL naming the field, saves with an audit row', async () => {
    const [t] = await app().services.db.select().from(tenants).where(eq(tenants.id, demoTenant));
    const first = await call(demo, 'GET', INFO);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ displayName: t.name, updatedAt: null, website: null });

    refused(
      await call(demo, 'PUT', INFO, { ...info, hotline: '12345' }),
      '字段 hotline',
      '客服电话格式不正确',
    );
    refused(
      await call(demo, 'PUT', INFO, { ...info, replyEmail: 'not-mail' }),
      '字段 replyEmail',
      '回复邮箱',
    );
    refused(
      await call(demo, 'PUT', INFO, { ...info, website: 'javascript:alert(1)' }),
      '字段 website',
      '企业网站',
    );
    refused(await call(demo, 'PUT', INFO, { ...info, displayName: '' }), '字段 displayName', '显示名称');
    refused(
      await call(demo, 'PUT', INFO, { ...info, logoUrl: 'https://evil.example/x.png' }),
      '字段 logoUrl',
    );
    // English asks get the field named in English.
    const en = await call(demo, 'PUT', INFO, { ...info, hotline: 'abc' }, { 'x-locale': 'en-US' });
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toMatch(/format.*field hotline/);

    const saved = await call(demo, 'PUT', INFO, { ...info, hotline: '021-58881234', website: '' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ ...info, hotline: '021-58881234', website: null });
    expect(saved.json().updatedAt).toBeTruthy();
    expect((await call(demo, 'GET', INFO)).json()).toMatchObject({ displayName: '演示科技' });
    const audit = await lastAudit(demoTenant);
    expect(audit).toMatchObject({ action: 'update', recordId: demoTenant });
    expect(audit.changes).toMatchObject({ key: 'companyInfo', value: { displayName: '演示科技' } });
  });

  it('uploads a logo the company may then show; another company cannot use it', async () => {
    const up = await upload(
      app(),
      demo,
      `${INFO}/logo`,
      multipart({ name: 'logo.png', data: PNG_BYTES, type: 'image/png' }),
    );
    expect(up.statusCode, up.body).toBe(200);
    const url = up.json().url as string;
    expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    expect((await app().app.inject({ url })).statusCode).toBe(200);
    const saved = await call(demo, 'PUT', INFO, { ...info, logoUrl: url });
    expect(saved.json().logoUrl).toBe(url);
    refused(
      await call(brand, 'PUT', INFO, { ...info, displayName: '品牌', logoUrl: url }),
      '字段 logoUrl',
      '本企业',
    );
    const bad = await upload(
      app(),
      demo,
      `${INFO}/logo`,
      multipart({ name: 'x.png', data: Buffer.from('<html>'), type: 'image/png' }),
    );
    expect(bad.statusCode).toBe(400);
  });

  it('keeps each company to its own information; platform accounts have none', async () => {
    await call(demo, 'PUT', INFO, info);
    const theirs = (await call(brand, 'GET', INFO)).json();
    expect(theirs.displayName).not.toBe('演示科技');
    expect(theirs.updatedAt).toBeNull();
    const asAdmin = await call(admin, 'GET', INFO);
    expect(asAdmin.statusCode).toBe(400);
    expect(asAdmin.json().code).toBe('TENANT_REQUIRED');
  });
});

describe('短信签名 (sms, spec §7 enterpriseParameterSetting/sms)', () => {
  it('is empty until set, takes 2–12 Chinese characters, letters or digits (【】 dropped), not digits alone', async () => {
    expect((await call(brand, 'GET', SMS)).json()).toEqual({
      signName: null,
      signSource: null,
      remark: null,
      updatedAt: null,
    });
    refused(
      await call(brand, 'POST', SMS, { signName: '演', signSource: 'company' }),
      '字段 signName',
      '短信签名格式不正确',
    );
    refused(
      await call(brand, 'POST', SMS, { signName: '演示-科技', signSource: 'company' }),
      '字段 signName',
    );
    refused(
      await call(brand, 'POST', SMS, { signName: '12345', signSource: 'company' }),
      '字段 signName',
      '全为数字',
    );
    refused(
      await call(brand, 'POST', SMS, { signName: '演示科技', signSource: 'radio' }),
      '字段 signSource',
      '签名来源',
    );
    const ok = await call(brand, 'POST', SMS, {
      signName: '【品牌云】',
      signSource: 'trademark',
      remark: '发票交付通知',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ signName: '品牌云', signSource: 'trademark', remark: '发票交付通知' });
    expect((await call(brand, 'GET', SMS)).json().signName).toBe('品牌云');
    // Another company's stays its own.
    expect((await call(demo, 'GET', SMS)).json().signName).not.toBe('品牌云');
  });
});

describe('电子发票交付设置 (zzsdzfp)', () => {
  it('answers defaults, refuses out-of-range numbers naming the field, saves per company', async () => {
    const d = (await call(demo, 'GET', DELIVERY)).json();
    expect(d).toMatchObject({ autoEmail: true, autoSms: true, linkTtlDays: 90, updatedAt: null });
    const body = {
      autoEmail: false,
      autoSms: true,
      linkTtlDays: 30,
      attachMaxKb: 2048,
      attachXml: false,
      deliverRed: false,
    };
    refused(
      await call(demo, 'PUT', DELIVERY, { ...body, linkTtlDays: -1 }),
      '字段 linkTtlDays',
      '链接有效天数',
    );
    refused(
      await call(demo, 'PUT', DELIVERY, { ...body, attachMaxKb: 1e9 }),
      '字段 attachMaxKb',
      '附件大小上限',
    );
    refused(await call(demo, 'PUT', DELIVERY, { ...body, autoSms: 'yes' }), '字段 autoSms');
    const saved = await call(demo, 'PUT', DELIVERY, body);
    expect(saved.json()).toMatchObject(body);
    const [row] = await app()
      .services.db.select()
      .from(tenantParameters)
      .where(and(eq(tenantParameters.tenantId, demoTenant), eq(tenantParameters.key, 'delivery')));
    expect(row.value).toEqual(body);
    expect((await call(brand, 'GET', DELIVERY)).json()).toMatchObject({ autoEmail: true, linkTtlDays: 90 });
  });
});

describe('码牌页面 (codeCardPage)', () => {
  it('needs a title and one way to reach the buyer', async () => {
    const d = (await call(demo, 'GET', CODE_CARD)).json();
    expect(d).toMatchObject({ title: '扫码开票', allowPersonal: true, fields: { email: 'optional' } });
    const body = {
      title: '演示科技扫码开票',
      notice: '请在消费后30日内申请开票。\n专票请联系财务。',
      successText: '提交成功，发票将发送到您的邮箱',
      allowPersonal: false,
      allowSpecial: true,
      fields: { email: 'required', mobile: 'optional', addressPhone: 'optional', bankAccount: 'hidden' },
    };
    refused(await call(demo, 'POST', CODE_CARD, { ...body, title: '' }), '字段 title', '页面标题');
    refused(
      await call(demo, 'POST', CODE_CARD, { ...body, fields: { ...body.fields, email: 'always' } }),
      '字段 fields.email',
    );
    const none = await call(demo, 'POST', CODE_CARD, {
      ...body,
      fields: { ...body.fields, email: 'hidden', mobile: 'hidden' },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('CODE_CARD_NO_CONTACT');
    expect(none.json().message).toContain('fields.mobile');
    const saved = await call(demo, 'POST', CODE_CARD, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call(demo, 'GET', CODE_CARD)).json()).toMatchObject(body);
    expect((await call(brand, 'GET', CODE_CARD)).json().title).toBe('扫码开票');
  });
});

describe('发票模板 (fpmb)', () => {
  it('answers the layout options with whether a seal exists, and saves them with an audit row', async () => {
    const d = (await call(demo, 'GET', LAYOUT)).json();
    expect(d).toMatchObject({ stampSeal: true, payeeReviewerInRemarks: true, hasSeal: false });
    refused(
      await call(demo, 'PUT', LAYOUT, { stampSeal: 'no', payeeReviewerInRemarks: true }),
      '字段 stampSeal',
    );
    const saved = await call(demo, 'PUT', LAYOUT, { stampSeal: false, payeeReviewerInRemarks: false });
    expect(saved.json()).toMatchObject({ stampSeal: false, payeeReviewerInRemarks: false });
    expect((await lastAudit(demoTenant)).changes).toMatchObject({ key: 'invoiceLayout' });
    expect((await call(brand, 'GET', LAYOUT)).json().stampSeal).toBe(true);
  });
});
