import { deliveries, messageTemplates, shortLinks, smsBalances, smsControlEntries, smsLimits } from '@fpy/db';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from '../../src/gateways/messaging/gateway.ts';
import { sendPolicy } from '../../src/modules/delivery/dispatch/jobs.ts';
import {
  type FakeGateway,
  deliveriesOf,
  dispatchApi,
  eventsOf,
  issueInvoice,
  setBalance,
  retryable,
  useFakeGateway,
} from './delivery-dispatch-helpers.ts';
import { bearer, useTestApp } from '../harness.ts';

const app = useTestApp();
let gw: FakeGateway;
let token: string;
let tenantId: number;
const drain = () => app().services.jobs.drain();
const db = () => app().services.db;
const mobile = (n: number) => `1390000${String(n).padStart(4, '0')}`;

async function setLimits(v: Partial<typeof smsLimits.$inferInsert>) {
  const all = { perNumberPerMinute: 0, perNumberPerHour: 0, perNumberPerDay: 0, perTenantPerDay: 0, ...v };
  await db()
    .insert(smsLimits)
    .values({ tenantId, ...all })
    .onConflictDoUpdate({ target: smsLimits.tenantId, set: all });
}

beforeAll(async () => {
  sendPolicy.baseMs = 1;
  sendPolicy.maxAttempts = 5;
  gw = useFakeGateway(app());
  token = await app().login('demo', 'Demo@123');
  tenantId = (await issueInvoice(app(), token)).tenantId;
  await setLimits({});
  // A one-segment template of the company's own (the built-in one with its link takes two).
  await db().insert(messageTemplates).values({
    tenantId,
    channel: 'sms',
    scene: 'invoice_delivery',
    name: '短',
    body: '发票{{invoiceNumber}}：{{link}}',
    signName: '演示',
  });
});

describe('SMS quota (issue 14 §2)', () => {
  it('the demo company starts with its seeded balance', async () => {
    const [row] = await db().select().from(smsBalances).where(eq(smsBalances.tenantId, tenantId));
    expect(row.balance).toBeGreaterThan(0);
  });

  it('20 concurrent sends with a balance of 5: exactly 5 accepted, never below zero', async () => {
    await setBalance(app(), tenantId, 5, 3);
    const inv = await issueInvoice(app(), token);
    const d = dispatchApi(app(), token);
    const before = gw.sms.length;
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => d.send(inv.id, { channel: 'sms', recipient: mobile(i) })),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    await drain();
    const rows = await deliveriesOf(app(), inv.id);
    expect(rows).toHaveLength(20);
    expect(rows.filter((r) => r.status === 'accepted')).toHaveLength(5);
    const failed = rows.filter((r) => r.status === 'failed');
    expect(failed).toHaveLength(15);
    for (const r of failed) {
      expect(r.errorCode).toBe('SMS_QUOTA_EXHAUSTED');
      expect(r.errorMessage).toContain('短信余量不足');
    }
    expect(gw.sms.length - before).toBe(5);
    expect(gw.sms.at(-1)!.msg.signName).toBe('演示');
    const [bal] = await db().select().from(smsBalances).where(eq(smsBalances.tenantId, tenantId));
    expect(bal).toMatchObject({ balance: 0, used: 5 });
    // Falling below warn_below (3) is recorded once, on the send that crossed it.
    const events = await Promise.all(rows.map((r) => eventsOf(app(), r.id)));
    expect(events.flat().filter((e) => e.kind === 'low_balance')).toHaveLength(1);
    // …and the 首页 card shows it in red.
    const cards = await app().app.inject({ url: '/api/admin/dashboard/cards', headers: bearer(token) });
    const card = cards.json().cards.find((c: { id: string }) => c.id === 'sms-balance');
    expect(card.items[0]).toMatchObject({ key: 'balance', value: 0, tone: 'danger' });
  });

  it('a send no provider accepts gives its messages back', async () => {
    await setBalance(app(), tenantId, 10);
    const inv = await issueInvoice(app(), token);
    gw.script = [new ProviderError('isv.MOBILE_NUMBER_ILLEGAL', '号码错误', false)];
    await dispatchApi(app(), token).send(inv.id, { channel: 'sms', recipient: mobile(100) });
    await drain();
    const [bal] = await db().select().from(smsBalances).where(eq(smsBalances.tenantId, tenantId));
    expect(bal).toMatchObject({ balance: 10, used: 0 });
  });
});

describe('SMS controls before any provider call', () => {
  it('a blacklisted number (platform-wide or the company’s) is skipped with its code; the provider is not called', async () => {
    await setBalance(app(), tenantId, 100);
    await db()
      .insert(smsControlEntries)
      .values([
        { tenantId: null, kind: 'black', mobile: mobile(200) },
        { tenantId, kind: 'black', mobile: mobile(201) },
        { tenantId: tenantId + 1000, kind: 'black', mobile: mobile(202) },
      ]);
    const inv = await issueInvoice(app(), token);
    const d = dispatchApi(app(), token);
    const calls = gw.calls;
    for (const n of [200, 201, 202]) await d.send(inv.id, { channel: 'sms', recipient: mobile(n) });
    await drain();
    const rows = await deliveriesOf(app(), inv.id);
    expect(rows.map((r) => [r.recipient, r.status, r.errorCode])).toEqual([
      [mobile(200), 'skipped', 'SMS_BLACKLISTED'],
      [mobile(201), 'skipped', 'SMS_BLACKLISTED'],
      [mobile(202), 'accepted', null], // another company's blacklist does not apply
    ]);
    expect(gw.calls).toBe(calls + 1);
    const [bal] = await db().select().from(smsBalances).where(eq(smsBalances.tenantId, tenantId));
    expect(bal.balance).toBe(99);
  });

  it('frequency limits per number refuse the second send within the window; the whitelist skips them', async () => {
    await setLimits({ perNumberPerMinute: 1 });
    try {
      await db()
        .insert(smsControlEntries)
        .values({ tenantId, kind: 'white', mobile: mobile(301) });
      const inv = await issueInvoice(app(), token);
      const d = dispatchApi(app(), token);
      const calls = gw.calls;
      const limited = (await d.send(inv.id, { channel: 'sms', recipient: mobile(300) })).json().delivery;
      const white = (await d.send(inv.id, { channel: 'sms', recipient: mobile(301) })).json().delivery;
      await drain();
      const again = await d.resend(limited.id);
      const whiteAgain = await d.resend(white.id);
      await drain();
      const rows = await deliveriesOf(app(), inv.id);
      const status = (id: number) => rows.find((r) => r.id === id)!;
      expect(status(limited.id).status).toBe('accepted');
      expect(status(again.json().id)).toMatchObject({ status: 'skipped', errorCode: 'SMS_RATE_LIMITED' });
      expect(status(again.json().id).errorMessage).toContain('同一号码每分钟1条');
      expect(status(white.id).status).toBe('accepted');
      expect(status(whiteAgain.json().id).status).toBe('accepted');
      expect(gw.calls).toBe(calls + 3);
    } finally {
      await setLimits({});
    }
  });

  it('the per-company daily limit counts every number', async () => {
    await setLimits({ perTenantPerDay: 2 });
    try {
      const inv = await issueInvoice(app(), token);
      const d = dispatchApi(app(), token);
      for (const n of [400, 401, 402]) await d.send(inv.id, { channel: 'sms', recipient: mobile(n) });
      await drain();
      const rows = await deliveriesOf(app(), inv.id);
      // The jobs run side by side: which number comes third is not fixed, that one is.
      expect(rows.map((r) => r.status).sort()).toEqual(['accepted', 'accepted', 'skipped']);
      expect(rows.find((r) => r.status === 'skipped')!.errorMessage).toContain('本企业每天2条');
    } finally {
      await setLimits({});
    }
  });
});

describe('batch SMS link and bulk send', () => {
  it('one SMS and one link open several invoices of the same buyer; another buyer is refused', async () => {
    await setBalance(app(), tenantId, 100);
    const a = await issueInvoice(app(), token);
    const b = await issueInvoice(app(), token);
    const other = await issueInvoice(app(), token, {
      name: '杭州别家贸易有限公司',
      taxNumber: '91330106MA2B2ABCDN',
    });
    const d = dispatchApi(app(), token);
    const refused = await d.batch({ ids: [a.id, other.id], mobile: mobile(500) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('批量短信链接只能包含同一购买方的发票');
    const bad = await d.batch({ ids: [a.id, b.id], mobile: '1234' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('mobile');

    const res = await d.batch({ ids: [b.id, a.id], mobile: mobile(500) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ invoiceId: b.id, invoiceIds: [b.id, a.id], trigger: 'batch', seq: 1 });
    await drain();
    const sms = gw.sms.at(-1)!.msg;
    expect(sms.mobile).toBe(mobile(500));
    expect(sms.text).toContain(`${b.number}等2张`);
    const [link] = await db().select().from(shortLinks).where(eq(shortLinks.deliveryId, res.json().id));
    expect(link.invoiceIds).toEqual([b.id, a.id]);
    expect(sms.text).toContain(`/s/${link.code}`);
    // Each invoice's history shows the batch delivery.
    const listed = (await d.list(a.id)).json().rows;
    expect(listed.map((r: { id: number }) => r.id)).toContain(res.json().id);
  });

  it('bulk send answers a task id; its progress ends with every delivery counted', async () => {
    const withMail = await issueInvoice(app(), token, { email: 'bulk1@example.com' });
    const withMail2 = await issueInvoice(app(), token, { email: 'bulk2@example.com' });
    const without = await issueInvoice(app(), token);
    await drain();
    const d = dispatchApi(app(), token);
    const start = await d.bulk({ ids: [withMail.id, withMail2.id, without.id], channels: ['email'] });
    expect(start.statusCode).toBe(200);
    const { taskId } = start.json();
    expect(taskId).toMatch(/^[0-9A-Za-z]{20}$/);
    await drain();
    const p = (await d.progress(taskId)).json();
    expect(p).toMatchObject({
      invoices: 3,
      processed: 3,
      noRecipient: 1,
      notIssued: 0,
      deliveries: 2,
      done: 2,
      finished: true,
    });
    expect(p.byStatus.accepted).toBe(2);
    // The auto-delivery records were found again, not duplicated.
    const rows = await db()
      .select()
      .from(deliveries)
      .where(
        and(inArray(deliveries.invoiceId, [withMail.id, withMail2.id]), eq(deliveries.channel, 'email')),
      );
    expect(rows).toHaveLength(2);
    expect((await d.progress('A'.repeat(20))).statusCode).toBe(404);
    expect((await d.progress('bad!')).statusCode).toBe(400);
  });

  it('a bulk send whose provider fails for a while ends finished, its 等待重试 records counted apart', async () => {
    const saved = { ...sendPolicy };
    // A long wait: the record stays retrying (the sweep would send it in an hour).
    Object.assign(sendPolicy, { baseMs: 3_600_000, queueDelayMaxMs: 60_000 });
    try {
      gw.script = [retryable(), retryable()];
      const first = await issueInvoice(app(), token, { email: 'outage1@example.com' });
      const second = await issueInvoice(app(), token, { email: 'outage2@example.com' });
      await drain();
      const d = dispatchApi(app(), token);
      const { taskId } = (await d.bulk({ ids: [first.id, second.id], channels: ['email'] })).json();
      await drain();
      const p = (await d.progress(taskId)).json();
      expect(p).toMatchObject({ processed: 2, deliveries: 2, done: 0, finished: true });
      expect(p.byStatus.retrying).toBe(2);
    } finally {
      Object.assign(sendPolicy, saved);
      gw.script = [];
    }
  });
});
