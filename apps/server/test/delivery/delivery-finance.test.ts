import { DEFAULT_RETRY_POLICY } from '@fpy/domain';
import { deliveries, smsBalances, smsLimits, tenantParameters } from '@fpy/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessagingGateway } from '../../src/gateways/messaging/gateway.ts';
import { DELIVERY_RETRY_SWEEP, sendPolicy } from '../../src/modules/delivery/dispatch/jobs.ts';
import {
  DISPATCH,
  FakeGateway,
  deliveriesOf,
  dispatchApi,
  eventsOf,
  issueInvoice,
  refusal,
  retryable,
  setBalance,
} from './delivery-dispatch-helpers.ts';
import { clearProviders, insertProvider } from './delivery-providers-helpers.ts';
import { bearer, useTestApp } from '../harness.ts';
import { type AliyunStandIn, startAliyunStandIn } from '../stand-ins/aliyun-sms.ts';

/**
 * Issue 28 §9, delivery as a finance department meets it: units billed once from what a provider accepted, the
 * sending account's own 签名, the provider named on a refusal, retries over hours that show their state, a
 * bulk resend of every given-up record, and failover that says which account sent it and why.
 */
const app = useTestApp();
let token: string;
let tenantId: number;
let real: MessagingGateway;
let ali: AliyunStandIn;
const fake = new FakeGateway();
const saved = { ...sendPolicy };
const drain = () => app().services.jobs.drain();
const useGateway = (g: MessagingGateway) => {
  app().services.gateways.messaging = g;
};
const get = (url: string) => app().app.inject({ url, headers: bearer(token) });
const rowOf = async (id: number) =>
  (await app().services.db.select().from(deliveries).where(eq(deliveries.id, id)))[0];

beforeAll(async () => {
  const t = app();
  real = t.services.gateways.messaging;
  token = await t.login('demo', 'Demo@123');
  const inv = await issueInvoice(t, token);
  tenantId = inv.tenantId;
  await t.services.db
    .insert(smsLimits)
    .values({ tenantId, perNumberPerMinute: 0, perNumberPerHour: 0, perNumberPerDay: 0, perTenantPerDay: 0 });
  await setBalance(t, tenantId, 500);
  ali = await startAliyunStandIn({
    keys: { LTAI5tFinance: 'finance-secret' },
    signNames: ['票通账号签名'],
    templates: { SMS_900001: ['link'] },
  });
});
afterAll(async () => {
  Object.assign(sendPolicy, saved);
  await ali?.close();
});

/** The company's figures that must agree: 累计使用, the bill's 计费条数 and the statistics' units. */
async function unitFigures() {
  const [balance] = await app()
    .services.db.select()
    .from(smsBalances)
    .where(eq(smsBalances.tenantId, tenantId));
  const year = new Date(Date.now() + 8 * 3_600_000).getUTCFullYear();
  const bill = (await get(`/api/admin/v1/plat/bill?year=${year}`)).json();
  const stats = (await get('/api/admin/delivery/stats/sms-providers')).json();
  return { used: balance.used, bill: bill.totals.smsUnits as number, stats: stats.totals.units as number };
}

describe('units are billed once, from what a provider accepted', () => {
  it('a refused SMS bills nothing on the record, in the statistics or on the bill; 累计使用 agrees', async () => {
    useGateway(fake);
    const inv = await issueInvoice(app(), token);
    const before = await unitFigures();
    fake.script = [refusal(), 'ok'];
    const api = dispatchApi(app(), token);
    const refused = (await api.send(inv.id, { channel: 'sms', recipient: '13900139001' })).json().delivery;
    await drain();
    const accepted = (await api.send(inv.id, { channel: 'sms', recipient: '13900139002' })).json().delivery;
    await drain();
    const r = await rowOf(refused.id);
    const a = await rowOf(accepted.id);
    expect(r).toMatchObject({ status: 'failed', units: 0 });
    expect(a.status).toBe('accepted');
    expect(a.units).toBeGreaterThan(0);
    const after = await unitFigures();
    expect(after.used - before.used).toBe(a.units);
    expect(after.bill - before.bill).toBe(a.units);
    expect(after.stats - before.stats).toBe(a.units);
  });
});

describe('a refusal names its provider', () => {
  it('the record keeps the refusing provider, and the statistics count it under that provider', async () => {
    useGateway(fake);
    const inv = await issueInvoice(app(), token);
    fake.script = [refusal()];
    const res = await dispatchApi(app(), token).send(inv.id, { channel: 'sms', recipient: '13900139003' });
    await drain();
    const d = await rowOf(res.json().delivery.id);
    expect(d).toMatchObject({ status: 'failed', providerId: 9001, errorCode: 'isv.SMS_SIGNATURE_ILLEGAL' });
    expect(d.tried).toEqual([
      expect.objectContaining({ providerId: 9001, code: 'isv.SMS_SIGNATURE_ILLEGAL' }),
    ]);
    const stats = (await get('/api/admin/delivery/stats/sms-providers')).json();
    const row = stats.rows.find((x: { key: string }) => x.key === '9001');
    expect(row?.failed).toBeGreaterThanOrEqual(1);
  });
});

describe('the sending account signs the SMS (real 阿里云 SDK against its stand-in)', () => {
  it("goes out with the account's approved 签名, not the company's or the platform's; a refusal names the account", async () => {
    const t = app();
    useGateway(real);
    await clearProviders(t.services.db);
    const account = await insertProvider(t.services.db, {
      channel: 'sms',
      kind: 'aliyun',
      name: '阿里云（财务）',
      config: {
        accessKeyId: 'LTAI5tFinance',
        accessKeySecret: 'finance-secret',
        signName: '票通账号签名',
        templateCode: 'SMS_900001',
        endpoint: ali.endpoint,
        protocol: 'http',
        regionId: 'cn-hangzhou',
      },
    });
    // The company's own 签名 (/invoicePlat/sms) is one this account is not approved for.
    await t.services.db
      .insert(tenantParameters)
      .values({ tenantId, key: 'sms', value: { signName: '别家公司' } })
      .onConflictDoUpdate({
        target: [tenantParameters.tenantId, tenantParameters.key],
        set: { value: { signName: '别家公司' } },
      });
    try {
      const inv = await issueInvoice(t, token);
      const api = dispatchApi(t, token);
      const sent = (await api.send(inv.id, { channel: 'sms', recipient: '13900139004' })).json().delivery;
      await drain();
      expect(await rowOf(sent.id)).toMatchObject({ status: 'accepted', providerId: account.id });
      expect(ali.messages.at(-1)).toMatchObject({ phone: '13900139004', signName: '票通账号签名' });

      ali.errorFor.set('13900139005', 'isv.MOBILE_NUMBER_ILLEGAL');
      const bad = (await api.send(inv.id, { channel: 'sms', recipient: '13900139005' })).json().delivery;
      await drain();
      expect(await rowOf(bad.id)).toMatchObject({
        status: 'failed',
        providerId: account.id,
        providerKind: 'aliyun',
        units: 0,
      });
      const list = (await get('/api/admin/delivery/records/sms?recipient=13900139005')).json();
      expect(list.rows[0]).toMatchObject({ providerName: '阿里云（财务）', status: 'failed' });
      const stats = (await get('/api/admin/delivery/stats/sms-providers')).json();
      const row = stats.rows.find((x: { key: string }) => x.key === String(account.id));
      expect(row).toMatchObject({ label: '阿里云（财务）', failed: 1, sent: 1 });
    } finally {
      await t.services.db.delete(tenantParameters).where(eq(tenantParameters.key, 'sms'));
      await clearProviders(t.services.db);
    }
  });
});

describe('retries over hours, visible while they last', () => {
  it('backs off exponentially to the horizon, shows 等待重试 with the reason and the next time, then gives up', async () => {
    const t = app();
    useGateway(fake);
    let offset = 0;
    Object.assign(sendPolicy, DEFAULT_RETRY_POLICY, {
      queueDelayMaxMs: -1, // every wait goes to the sweep, driven here by the injected clock
      now: () => new Date(Date.now() + offset),
      random: () => 1,
    });
    const inv = await issueInvoice(t, token);
    fake.script = Array.from({ length: 100 }, () => retryable());
    const res = await dispatchApi(t, token).send(inv.id, {
      channel: 'email',
      recipient: 'outage@example.com',
    });
    await drain();
    const id = res.json().delivery.id;
    let d = await rowOf(id);
    expect(d).toMatchObject({ status: 'retrying', attempts: 1, errorCode: 'Throttling' });
    expect(d.errorMessage).toContain('服务商繁忙');
    const first = d.nextAttemptAt!.getTime() - (Date.now() + offset);
    expect(first).toBeGreaterThan(DEFAULT_RETRY_POLICY.baseMs - 2000);
    expect(first).toBeLessThanOrEqual(DEFAULT_RETRY_POLICY.baseMs);
    // The console's history and the records page show the state, the reason and the next attempt.
    const history = (
      await t.app.inject({ url: `${DISPATCH}/invoices/${inv.id}/deliveries`, headers: bearer(token) })
    ).json();
    expect(history.rows.find((r: { id: number }) => r.id === id)).toMatchObject({
      status: 'retrying',
      errorCode: 'Throttling',
      nextAttemptAt: d.nextAttemptAt!.toISOString(),
    });
    const listed = (await get('/api/admin/delivery/records/email?recipient=outage')).json().rows[0];
    expect(listed).toMatchObject({ status: 'retrying', errorCode: 'Throttling' });
    expect(listed.nextAttemptAt).toBeTruthy();
    // Not due yet: the sweep leaves it alone.
    await t.services.scheduler.runNow(DELIVERY_RETRY_SWEEP, new Date(Date.now() + offset));
    await drain();
    expect((await rowOf(id)).attempts).toBe(1);

    const dues: number[] = [];
    for (let i = 0; i < 60 && d.status === 'retrying'; i++) {
      const due = d.nextAttemptAt!.getTime();
      dues.push(due);
      offset = due - Date.now() + 5;
      await t.services.scheduler.runNow(DELIVERY_RETRY_SWEEP, new Date(Date.now() + offset));
      await drain();
      d = await rowOf(id);
    }
    expect(d.status).toBe('dead');
    expect(d.nextAttemptAt).toBeNull();
    expect(d.errorMessage).toContain(`重试${d.attempts}次`);
    // 10 s, 20 s, 40 s … capped at 30 min, for about six hours: far more than five tries in half a minute.
    const waits = dues.slice(1).map((due, i) => due - dues[i]);
    expect(waits[1] / waits[0]).toBeGreaterThan(1.8);
    expect(waits[1] / waits[0]).toBeLessThan(2.2);
    expect(Math.max(...waits)).toBeLessThanOrEqual(DEFAULT_RETRY_POLICY.maxDelayMs + 5000);
    expect(Math.max(...waits)).toBeGreaterThan(DEFAULT_RETRY_POLICY.maxDelayMs - 5000);
    expect(d.attempts).toBeGreaterThan(15);
    const span = Date.now() + offset - d.createdAt.getTime();
    expect(span).toBeGreaterThan(5 * 3_600_000);
    expect(span).toBeLessThanOrEqual(DEFAULT_RETRY_POLICY.horizonMs);
    const kinds = (await eventsOf(t, id)).map((e) => e.kind);
    expect(kinds.filter((k) => k === 'retry')).toHaveLength(d.attempts - 1);
    fake.script = [];
  });

  it('an outage that heals within the horizon ends accepted, without anyone resending', async () => {
    const t = app();
    useGateway(fake);
    let offset = 0;
    Object.assign(sendPolicy, DEFAULT_RETRY_POLICY, {
      queueDelayMaxMs: -1,
      now: () => new Date(Date.now() + offset),
      random: () => 0.5,
    });
    const inv = await issueInvoice(t, token);
    fake.script = Array.from({ length: 8 }, () => retryable());
    const res = await dispatchApi(t, token).send(inv.id, {
      channel: 'email',
      recipient: 'heals@example.com',
    });
    await drain();
    const id = res.json().delivery.id;
    for (let i = 0; i < 20; i++) {
      const d = await rowOf(id);
      if (d.status !== 'retrying') break;
      offset = d.nextAttemptAt!.getTime() - Date.now() + 5;
      await t.services.scheduler.runNow(DELIVERY_RETRY_SWEEP, new Date(Date.now() + offset));
      await drain();
    }
    expect(await rowOf(id)).toMatchObject({
      status: 'accepted',
      attempts: 9,
      nextAttemptAt: null,
      errorCode: null,
    });
  });
});

describe('bulk resend of every given-up record', () => {
  it('resends all records the filters match, beyond one page, and never the same one twice', async () => {
    const t = app();
    useGateway(fake);
    Object.assign(sendPolicy, { ...saved, maxAttempts: 1, baseMs: 1 });
    const inv = await issueInvoice(t, token);
    const api = dispatchApi(t, token);
    const n = 21; // more than a page of the records list (20)
    fake.script = Array.from({ length: n }, () => retryable());
    for (let i = 0; i < n; i++)
      await api.send(inv.id, { channel: 'email', recipient: `gaveup${i}@example.com` });
    await drain();
    const dead = (await get('/api/admin/delivery/records/email?status=dead&recipient=gaveup')).json();
    expect(dead.total).toBe(n);
    fake.script = [];
    const call = (body: object) =>
      t.app.inject({
        method: 'POST',
        url: `${DISPATCH}/deliveries/resend-given-up`,
        headers: bearer(token),
        payload: body,
      });
    const res = await call({ channel: 'email', filters: { recipient: 'gaveup', status: 'accepted' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ resent: n, refused: 0, more: false });
    await drain();
    const rows = await deliveriesOf(t, inv.id);
    const resent = rows.filter((r) => r.recipient.startsWith('gaveup') && r.seq > 0);
    expect(resent).toHaveLength(n);
    expect(resent.every((r) => r.status === 'accepted' && r.trigger === 'resend')).toBe(true);
    // Pressed again: those records were resent already.
    expect((await call({ channel: 'email', filters: { recipient: 'gaveup' } })).json()).toEqual({
      resent: 0,
      refused: 0,
      more: false,
    });
    // Hostile input is a 400 naming the field.
    const bad = await call({ channel: 'email', statuses: ['accepted'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('statuses');
    const badFilter = await call({ channel: 'email', filters: { createdAtFrom: 'yesterday' } });
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.body).toContain('filters.createdAtFrom');
  }, 240_000);
});

describe('failover says which account sent it and why', () => {
  it('the company mailbox failing over to the platform account is on the record; a given-up record lists every account', async () => {
    const t = app();
    useGateway(real);
    await clearProviders(t.services.db);
    const smtp = (name: string, tenant: number | null) =>
      insertProvider(t.services.db, {
        channel: 'email',
        kind: 'smtp',
        name,
        tenantId: tenant,
        // A port nothing listens on: the connection is refused at once.
        config: { host: '127.0.0.1', port: 1, secure: false, from: 'billing@example.com' },
      });
    try {
      const mailbox = await smtp('企业邮箱', tenantId);
      const platform = await insertProvider(t.services.db, {
        channel: 'email',
        kind: 'sandbox',
        name: '平台邮箱',
        config: {},
      });
      const inv = await issueInvoice(t, token);
      const api = dispatchApi(t, token);
      const sent = (await api.send(inv.id, { channel: 'email', recipient: 'failover@example.com' })).json()
        .delivery;
      await drain();
      const d = await rowOf(sent.id);
      expect(d).toMatchObject({ status: 'accepted', providerId: platform.id });
      expect(d.tried).toEqual([expect.objectContaining({ providerId: mailbox.id, providerKind: 'smtp' })]);
      expect((d.tried as { message: string }[])[0].message).not.toBe('');
      const kinds = (await eventsOf(t, d.id)).map((e) => [e.kind, e.providerId]);
      expect(kinds).toContainEqual(['failover', mailbox.id]);
      const listed = (
        await t.app.inject({ url: `${DISPATCH}/invoices/${inv.id}/deliveries`, headers: bearer(token) })
      ).json();
      expect(listed.rows.find((r: { id: number }) => r.id === d.id).tried).toHaveLength(1);

      // Both accounts down: the given-up record lists both, in the order tried, each with its reason.
      await clearProviders(t.services.db);
      const own = await smtp('企业邮箱', tenantId);
      const theirs = await smtp('平台SMTP', null);
      Object.assign(sendPolicy, { ...saved, maxAttempts: 1, baseMs: 1 });
      const dead = (await api.send(inv.id, { channel: 'email', recipient: 'bothdown@example.com' })).json()
        .delivery;
      await drain();
      const g = await rowOf(dead.id);
      // Refused outright or given up after retrying, depending on how each account failed: either way it ended.
      expect(['failed', 'dead']).toContain(g.status);
      expect((g.tried as { providerId: number }[]).map((x) => x.providerId)).toEqual([own.id, theirs.id]);
    } finally {
      await clearProviders(t.services.db);
    }
  });
});
