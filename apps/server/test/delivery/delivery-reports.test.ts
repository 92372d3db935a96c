import { beforeAll, describe, expect, it } from 'vitest';
import {
  insertDelivery,
  insertEvent,
  insertInvoice,
  insertProvider,
  sheets,
  tenantOf,
} from './delivery-admin-fixtures.ts';
import { bearer, useTestApp } from '../harness.ts';

/**
 * 短信/邮件发送记录, 状态报告 and the statistics (issue 14 §3) on fixture rows as the dispatch pipeline
 * writes them: each company sees only its own, the platform sees all, figures add up, exports open.
 */
const app = useTestApp();
const B = '/api/admin/delivery';
let admin: string;
let demo: string;
let brand: string;
let demoTenant: number;
let brandTenant: number;
let demoNumber: string;
let smsFailedId: number;

const get = (token: string, url: string) => app().app.inject({ url, headers: bearer(token) });
// Days in Asia/Shanghai: 2025-03-01 23:30 Shanghai is 15:30 UTC the same day; 00:30 the next day is 16:30 UTC.
const at = (shanghai: string) => new Date(`${shanghai}+08:00`);

beforeAll(async () => {
  const t = app();
  admin = await t.login('admin', 'Admin@123');
  demo = await t.login('demo', 'Demo@123');
  brand = await t.login('brand', 'Brand@123');
  demoTenant = await tenantOf(t, 'demo');
  brandTenant = await tenantOf(t, 'brand');
  const ali = await insertProvider(t, 'sms', '阿里云短信');
  const tencent = await insertProvider(t, 'sms', '腾讯云短信');
  const smtp = await insertProvider(t, 'email', '平台邮箱');
  const inv = await insertInvoice(t, demoTenant);
  demoNumber = inv.number!;
  const brandInv = await insertInvoice(t, brandTenant);
  const base = { tenantId: demoTenant, invoiceId: inv.id };

  // demo, SMS: 2025-03-01 — delivered (ali, 1 segment), failed at the provider after acceptance (tencent, 2
  // segments); 2025-03-02 — refused by the blacklist (no provider), dead after retries (ali).
  const delivered = await insertDelivery(t, {
    ...base,
    channel: 'sms',
    recipient: '13800000001',
    status: 'delivered',
    providerId: ali.id,
    providerKind: 'aliyun',
    attempts: 1,
    units: 1,
    createdAt: at('2025-03-01T09:00:00'),
    acceptedAt: at('2025-03-01T09:00:01'),
    deliveredAt: at('2025-03-01T09:00:05'),
  });
  const failed = await insertDelivery(t, {
    ...base,
    channel: 'sms',
    recipient: '13800000002',
    status: 'failed',
    providerId: tencent.id,
    attempts: 1,
    units: 2,
    errorCode: 'isv.MOBILE_NUMBER_ILLEGAL',
    errorMessage: '号码格式错误',
    createdAt: at('2025-03-01T23:30:00'),
    acceptedAt: at('2025-03-01T23:30:01'),
  });
  smsFailedId = failed.id;
  await insertDelivery(t, {
    ...base,
    channel: 'sms',
    recipient: '13800000003',
    status: 'skipped',
    errorCode: 'BLACKLISTED',
    createdAt: at('2025-03-02T00:30:00'),
  });
  await insertDelivery(t, {
    ...base,
    channel: 'sms',
    recipient: '13800000004',
    status: 'dead',
    providerId: ali.id,
    attempts: 5,
    errorMessage: '重试5次后放弃',
    createdAt: at('2025-03-02T10:00:00'),
  });
  // demo, e-mail: one delivered, one bounced.
  const mail = await insertDelivery(t, {
    ...base,
    channel: 'email',
    recipient: 'buyer@example.com',
    status: 'delivered',
    providerId: smtp.id,
    createdAt: at('2025-03-01T10:00:00'),
    acceptedAt: at('2025-03-01T10:00:01'),
  });
  const bounced = await insertDelivery(t, {
    ...base,
    channel: 'email',
    recipient: 'nobody@example.com',
    status: 'failed',
    providerId: smtp.id,
    errorCode: '550',
    createdAt: at('2025-03-01T11:00:00'),
    acceptedAt: at('2025-03-01T11:00:01'),
  });
  // brand, SMS: one delivered on 2025-03-01.
  const brandSms = await insertDelivery(t, {
    tenantId: brandTenant,
    invoiceId: brandInv.id,
    channel: 'sms',
    recipient: '13900000009',
    status: 'delivered',
    providerId: ali.id,
    units: 1,
    createdAt: at('2025-03-01T12:00:00'),
    acceptedAt: at('2025-03-01T12:00:01'),
  });

  await insertEvent(t, delivered, 'attempt', null, null);
  await insertEvent(t, delivered, 'accepted', 'OK', null);
  await insertEvent(t, delivered, 'delivered', 'DELIVRD', '用户接收成功');
  await insertEvent(t, failed, 'failed', 'MK:0001', '空号');
  await insertEvent(t, mail, 'delivered', '250', 'OK');
  await insertEvent(t, bounced, 'bounced', '550', 'Mailbox unavailable');
  await insertEvent(t, brandSms, 'delivered', 'DELIVRD', null);
});

describe('发送记录 (smsRecord, emailRecord)', () => {
  it('lists one channel with the invoice number, provider and company, filtered', async () => {
    const sms = (await get(demo, `${B}/records/sms?limit=100`)).json();
    expect(sms.total).toBe(4);
    expect(sms.rows.every((r: { tenantId: number }) => r.tenantId === demoTenant)).toBe(true);
    const failed = sms.rows.find((r: { id: number }) => r.id === smsFailedId);
    expect(failed).toMatchObject({
      invoiceNumber: demoNumber,
      buyerName: '交付测试购买方',
      recipient: '13800000002',
      status: 'failed',
      providerName: '腾讯云短信',
      errorCode: 'isv.MOBILE_NUMBER_ILLEGAL',
      errorMessage: '号码格式错误',
      attempts: 1,
      units: 2,
    });
    expect(failed.tenantName).toBeTruthy();
    // Newest first.
    expect(sms.rows[0].recipient).toBe('13800000004');
    expect((await get(demo, `${B}/records/sms?status=skipped`)).json().rows[0].errorCode).toBe('BLACKLISTED');
    expect((await get(demo, `${B}/records/sms?recipient=0002`)).json().total).toBe(1);
    expect((await get(demo, `${B}/records/sms?invoiceNumber=${demoNumber}`)).json().total).toBe(4);
    const day = await get(demo, `${B}/records/sms?createdAtFrom=2025-03-02&createdAtTo=2025-03-02`);
    expect(day.json().total).toBe(2);
    expect((await get(demo, `${B}/records/sms?status=nope`)).statusCode).toBe(400);

    const mail = (await get(demo, `${B}/records/email`)).json();
    expect(mail.total).toBe(2);
    expect(mail.rows.map((r: { recipient: string }) => r.recipient).sort()).toEqual([
      'buyer@example.com',
      'nobody@example.com',
    ]);
    // An SMS record is not an e-mail record.
    expect((await get(demo, `${B}/records/email/${smsFailedId}`)).statusCode).toBe(404);
  });

  it('keeps each company to its own records; the platform sees all', async () => {
    const theirs = (await get(brand, `${B}/records/sms?limit=100`)).json();
    expect(theirs.total).toBe(1);
    expect(theirs.rows[0].tenantId).toBe(brandTenant);
    expect((await get(brand, `${B}/records/sms/${smsFailedId}`)).statusCode).toBe(404);
    expect((await get(brand, `${B}/records/sms?invoiceNumber=${demoNumber}`)).json().total).toBe(0);
    expect((await get(admin, `${B}/records/sms?limit=100`)).json().total).toBe(5);
  });

  it('exports what the list shows, in Chinese', async () => {
    const res = await get(demo, `${B}/records/sms/export?status=failed`);
    expect(res.statusCode).toBe(200);
    const [rows] = Object.values(await sheets(res.rawPayload));
    expect(rows[0].slice(0, 6)).toEqual(['发送时间', '企业名称', '发票号码', '购买方', '手机号', '状态']);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain('发送失败');
    expect(rows[1]).toContain('腾讯云短信');
    expect(rows[1][0]).toBe('2025-03-01 23:30:00');
  });
});

describe('状态报告 (smsStateReport, emailStateReport)', () => {
  it('lists receipts only (delivered, failed, bounced) with the provider code', async () => {
    const sms = (await get(demo, `${B}/receipts/sms`)).json();
    expect(sms.total).toBe(2);
    expect(sms.rows.map((r: { kind: string }) => r.kind).sort()).toEqual(['delivered', 'failed']);
    expect(sms.rows.find((r: { kind: string }) => r.kind === 'failed')).toMatchObject({
      code: 'MK:0001',
      message: '空号',
      recipient: '13800000002',
      invoiceNumber: demoNumber,
      providerName: '腾讯云短信',
    });
    const mail = (await get(demo, `${B}/receipts/email?kind=bounced`)).json();
    expect(mail.rows).toHaveLength(1);
    expect(mail.rows[0]).toMatchObject({ code: '550', recipient: 'nobody@example.com' });
    expect((await get(brand, `${B}/receipts/sms`)).json().total).toBe(1);
    expect((await get(admin, `${B}/receipts/sms`)).json().total).toBe(3);
    const file = await get(demo, `${B}/receipts/sms/export`);
    const [rows] = Object.values(await sheets(file.rawPayload));
    expect(rows[0].slice(0, 5)).toEqual(['回执时间', '企业名称', '发票号码', '手机号', '回执结果']);
    expect(rows).toHaveLength(3);
  });
});

describe('statistics (smsFacilitatorStatistic, enterpriseSmsStatistic, emailStatistic)', () => {
  const RANGE = 'dateFrom=2025-03-01&dateTo=2025-03-03';

  it('counts per Shanghai day and per provider, for the caller’s company', async () => {
    const res = await get(demo, `${B}/stats/sms-providers?${RANGE}`);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json();
    expect(s.days).toEqual([
      { day: '2025-03-01', total: 2, sent: 2, delivered: 1, failed: 1, skipped: 0, units: 3 },
      { day: '2025-03-02', total: 2, sent: 0, delivered: 0, failed: 1, skipped: 1, units: 0 },
      { day: '2025-03-03', total: 0, sent: 0, delivered: 0, failed: 0, skipped: 0, units: 0 },
    ]);
    expect(s.totals).toEqual({ total: 4, sent: 2, delivered: 1, failed: 2, skipped: 1, units: 3 });
    const by = Object.fromEntries(s.rows.map((r: { label: string; key: string }) => [r.label || r.key, r]));
    expect(by.阿里云短信).toMatchObject({ total: 2, sent: 1, delivered: 1, failed: 1 });
    expect(by.腾讯云短信).toMatchObject({ total: 1, sent: 1, failed: 1, units: 2 });
    expect(by.none).toMatchObject({ total: 1, skipped: 1 });
  });

  it('counts per company: a company sees itself, the platform every company', async () => {
    const mine = (await get(demo, `${B}/stats/sms-tenants?${RANGE}`)).json();
    expect(mine.rows).toHaveLength(1);
    expect(mine.rows[0]).toMatchObject({ key: String(demoTenant), total: 4 });
    const all = (await get(admin, `${B}/stats/sms-tenants?${RANGE}`)).json();
    expect(all.totals.total).toBe(5);
    expect(all.rows.map((r: { key: string }) => r.key)).toEqual([String(demoTenant), String(brandTenant)]);
    expect(all.days[0]).toMatchObject({ day: '2025-03-01', total: 3, delivered: 2 });
    const theirs = (await get(brand, `${B}/stats/sms-tenants?${RANGE}`)).json();
    expect(theirs.totals).toMatchObject({ total: 1, delivered: 1 });
  });

  it('counts e-mail by provider or company, and defaults to the last 30 days', async () => {
    const mail = (await get(demo, `${B}/stats/email?${RANGE}`)).json();
    expect(mail).toMatchObject({ channel: 'email', groupBy: 'provider' });
    expect(mail.totals).toMatchObject({ total: 2, sent: 2, delivered: 1, failed: 1, units: 0 });
    expect(mail.rows[0]).toMatchObject({ label: '平台邮箱', total: 2 });
    const byTenant = (await get(demo, `${B}/stats/email?${RANGE}&groupBy=tenant`)).json();
    expect(byTenant.rows[0].key).toBe(String(demoTenant));
    const recent = (await get(demo, `${B}/stats/email`)).json();
    expect(recent.days).toHaveLength(30);
    expect(recent.totals.total).toBe(0);
  });

  it('refuses impossible or overlong ranges naming the field', async () => {
    const reversed = await get(demo, `${B}/stats/sms-providers?dateFrom=2025-03-05&dateTo=2025-03-01`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toContain('dateTo');
    const long = await get(demo, `${B}/stats/sms-providers?dateFrom=2023-01-01&dateTo=2025-01-01`);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('366');
    const bad = await get(demo, `${B}/stats/email?dateFrom=2025-02-30`);
    expect(bad.statusCode).toBe(400);
    expect((await get(demo, `${B}/stats/email?groupBy=day`)).statusCode).toBe(400);
  });

  it('exports the days and the groups with totals', async () => {
    const res = await get(admin, `${B}/stats/sms-providers/export?${RANGE}`);
    expect(res.statusCode).toBe(200);
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain(
      '短信统计_按服务商_2025-03-01至2025-03-03.xlsx',
    );
    const s = await sheets(res.rawPayload);
    expect(Object.keys(s)).toEqual(['每日', '按服务商']);
    expect(s.每日[0]).toEqual(['日期', '发送总数', '已受理', '已送达', '失败', '已拦截', '计费条数']);
    expect(s.每日[1]).toEqual(['2025-03-01', '3', '3', '2', '1', '0', '4']);
    expect(s.每日.at(-1)).toEqual(['合计', '5', '3', '2', '2', '1', '4']);
    expect(s.按服务商.map((r) => r[0])).toContain('未调用服务商');
    const mail = await get(demo, `${B}/stats/email/export?${RANGE}&groupBy=tenant`);
    expect(Object.keys(await sheets(mail.rawPayload))).toEqual(['每日', '按企业']);
    expect((await get(demo, `${B}/stats/sms-tenants/export?${RANGE}`)).statusCode).toBe(200);
  });
});
