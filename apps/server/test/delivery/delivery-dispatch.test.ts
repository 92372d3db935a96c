import { deliveries, shortLinks, smsLimits } from '@fpy/db';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sendPolicy } from '../../src/modules/delivery/dispatch/jobs.ts';
import {
  type FakeGateway,
  deliveriesOf,
  dispatchApi,
  eventsOf,
  issueInvoice,
  refusal,
  retryable,
  setDeliverySettings,
  useFakeGateway,
} from './delivery-dispatch-helpers.ts';
import { useTestApp } from '../harness.ts';

const app = useTestApp();
let gw: FakeGateway;
let token: string;
let tenantId: number;
const drain = () => app().services.jobs.drain();

beforeAll(async () => {
  sendPolicy.baseMs = 1;
  sendPolicy.maxAttempts = 5;
  gw = useFakeGateway(app());
  token = await app().login('demo', 'Demo@123');
  const inv = await issueInvoice(app(), token);
  tenantId = inv.tenantId;
  // No frequency limits in this file (delivery-dispatch-sms.test.ts tests them).
  await app()
    .services.db.insert(smsLimits)
    .values({ tenantId, perNumberPerMinute: 0, perNumberPerHour: 0, perNumberPerDay: 0, perTenantPerDay: 0 });
});

describe('auto-delivery and idempotency (issue 14 §2)', () => {
  it('issuing an invoice with a buyer e-mail and mobile sends both; asking again finds the same records', async () => {
    gw.emails.length = 0;
    gw.sms.length = 0;
    const inv = await issueInvoice(app(), token, { email: 'Buyer@Example.com', phone: '13800138000' });
    await drain();
    const rows = await deliveriesOf(app(), inv.id);
    expect(rows.map((r) => [r.channel, r.recipient, r.seq, r.trigger, r.status]).sort()).toEqual([
      ['email', 'buyer@example.com', 0, 'auto', 'accepted'],
      ['sms', '13800138000', 0, 'auto', 'accepted'],
    ]);
    // The e-mail carries the PDF and the XML, and the link; the SMS the link.
    const mail = gw.emails.find((e) => e.msg.to === 'buyer@example.com')!;
    expect(mail.tenantId).toBe(tenantId);
    expect(mail.msg.subject).toContain(inv.number!);
    expect(mail.msg.attachments!.map((a) => a.filename)).toEqual([`${inv.number}.pdf`, `${inv.number}.xml`]);
    expect(mail.msg.attachments![0].content.subarray(0, 5).toString()).toBe('%PDF-');
    const email = rows.find((r) => r.channel === 'email')!;
    expect(mail.msg.text).toContain(`/s/${email.shortCode}`);
    expect(mail.msg.text).toContain('226.00');
    const sms = gw.sms.find((s) => s.msg.mobile === '13800138000')!;
    const smsRow = rows.find((r) => r.channel === 'sms')!;
    expect(sms.msg.text).toContain(`/s/${smsRow.shortCode}`);
    expect(sms.msg.templateParams.invoiceNumber).toBe(inv.number);
    expect(smsRow.units).toBeGreaterThanOrEqual(1);
    expect(smsRow.providerMessageId).toMatch(/^fake-/);
    // ≥ 64 bits: 16 base62 characters, and the link points at the invoice.
    expect(email.shortCode).toMatch(/^[0-9A-Za-z]{16}$/);
    const [link] = await app()
      .services.db.select()
      .from(shortLinks)
      .where(eq(shortLinks.code, email.shortCode!));
    expect(link).toMatchObject({ tenantId, invoiceId: inv.id, deliveryId: email.id });
    expect(link.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 89 * 86_400_000);

    // The same request by hand (the address typed differently) finds the record and sends nothing.
    const sent = gw.calls;
    const again = await dispatchApi(app(), token).send(inv.id, {
      channel: 'email',
      recipient: ' BUYER@example.com',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ existing: true, delivery: { id: email.id, status: 'accepted' } });
    await drain();
    expect(gw.calls).toBe(sent);
    expect(await deliveriesOf(app(), inv.id)).toHaveLength(2);
  });

  it('resend is a new record with the next seq, the user and an event; the history lists both', async () => {
    const inv = await issueInvoice(app(), token, { email: 'resend@example.com' });
    await drain();
    const [first] = await deliveriesOf(app(), inv.id);
    const d = dispatchApi(app(), token);
    const res = await d.resend(first.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      seq: 1,
      trigger: 'resend',
      createdByName: '演示管理员',
      status: 'queued',
    });
    const second = await d.resend(first.id, { recipient: 'other@example.com' });
    expect(second.json()).toMatchObject({ seq: 1, recipient: 'other@example.com' });
    await drain();
    const rows = await deliveriesOf(app(), inv.id);
    expect(rows.map((r) => [r.recipient, r.seq, r.status])).toEqual([
      ['resend@example.com', 0, 'accepted'],
      ['resend@example.com', 1, 'accepted'],
      ['other@example.com', 1, 'accepted'],
    ]);
    expect(rows[1].createdBy).not.toBeNull();
    expect((await eventsOf(app(), rows[1].id)).map((e) => e.kind)).toEqual(['resend', 'attempt', 'accepted']);
    const list = (await d.list(inv.id)).json().rows;
    expect(list.map((r: { seq: number }) => r.seq)).toEqual([1, 1, 0]);
    expect(list[2].events.map((e: { kind: string }) => e.kind)).toEqual(['requested', 'attempt', 'accepted']);
  });
});

describe('retries, dead letter and refusals', () => {
  it('retryable errors are retried with backoff, then the record is dead with the reason', async () => {
    const inv = await issueInvoice(app(), token);
    gw.script = Array.from({ length: sendPolicy.maxAttempts }, () => retryable());
    const res = await dispatchApi(app(), token).send(inv.id, {
      channel: 'email',
      recipient: 'dead@example.com',
    });
    expect(res.json().existing).toBe(false);
    await drain();
    const [d] = await app()
      .services.db.select()
      .from(deliveries)
      .where(eq(deliveries.id, res.json().delivery.id));
    expect(d).toMatchObject({ status: 'dead', attempts: sendPolicy.maxAttempts, errorCode: 'Throttling' });
    expect(d.errorMessage).toContain(`重试${sendPolicy.maxAttempts}次`);
    expect(d.errorMessage).toContain('服务商繁忙');
    expect(d.acceptedAt).toBeNull();
    const kinds = (await eventsOf(app(), d.id)).map((e) => e.kind);
    expect(kinds.filter((k) => k === 'retry')).toHaveLength(sendPolicy.maxAttempts - 1);
    expect(kinds.at(-1)).toBe('dead');
  });

  it('a retryable error followed by success ends accepted after two attempts', async () => {
    const inv = await issueInvoice(app(), token);
    gw.script = [retryable()];
    const res = await dispatchApi(app(), token).send(inv.id, {
      channel: 'email',
      recipient: 'flaky@example.com',
    });
    await drain();
    const [d] = await app()
      .services.db.select()
      .from(deliveries)
      .where(eq(deliveries.id, res.json().delivery.id));
    expect(d).toMatchObject({ status: 'accepted', attempts: 2, errorCode: null });
  });

  it("a provider's refusal ends failed at once with its code and message", async () => {
    const inv = await issueInvoice(app(), token);
    gw.script = [refusal()];
    const before = gw.calls;
    const res = await dispatchApi(app(), token).send(inv.id, { channel: 'sms', recipient: '13900139000' });
    await drain();
    const [d] = await app()
      .services.db.select()
      .from(deliveries)
      .where(eq(deliveries.id, res.json().delivery.id));
    expect(d).toMatchObject({
      status: 'failed',
      attempts: 1,
      errorCode: 'isv.SMS_SIGNATURE_ILLEGAL',
      errorMessage: '短信签名不合法',
    });
    expect(gw.calls).toBe(before + 1);
  });

  it('attachments over the limit become the link, and that is recorded', async () => {
    await setDeliverySettings(app(), tenantId, { attachMaxKb: 1 });
    try {
      const inv = await issueInvoice(app(), token);
      const res = await dispatchApi(app(), token).send(inv.id, {
        channel: 'email',
        recipient: 'big@example.com',
      });
      await drain();
      const mail = gw.emails.at(-1)!;
      expect(mail.msg.to).toBe('big@example.com');
      expect(mail.msg.attachments).toEqual([]);
      expect(mail.msg.text).toContain('/s/');
      const events = await eventsOf(app(), res.json().delivery.id);
      expect(events.find((e) => e.kind === 'linked')).toMatchObject({ code: 'DELIVERY_ATTACHMENTS_LINKED' });
    } finally {
      await setDeliverySettings(app(), tenantId, {});
    }
  });
});

describe('validation and isolation', () => {
  it('a malformed address is a 400 naming the field, in Chinese and in English', async () => {
    const inv = await issueInvoice(app(), token);
    const d = dispatchApi(app(), token);
    const bad = await d.send(inv.id, { channel: 'email', recipient: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('收件邮箱格式不正确');
    expect(bad.json().message).toContain('recipient');
    const badSms = await d.send(inv.id, { channel: 'sms', recipient: '12345' }, { 'x-locale': 'en' });
    expect(badSms.statusCode).toBe(400);
    expect(badSms.json().message).toContain('recipient');
    expect(badSms.json().message).not.toMatch(/[\u4e00-\u9fff]/);
    // No address on the invoice and none typed.
    const none = await d.send(inv.id, { channel: 'sms' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('购买方没有手机号码，请填写手机号码');
  });

  it('another company can neither read, send nor resend these deliveries', async () => {
    const inv = await issueInvoice(app(), token, { email: 'iso@example.com' });
    await drain();
    const [own] = await deliveriesOf(app(), inv.id);
    const brand = dispatchApi(app(), await app().login('brand', 'Brand@123'));
    for (const res of [
      await brand.list(inv.id),
      await brand.send(inv.id, { channel: 'email' }),
      await brand.resend(own.id),
      await brand.batch({ ids: [inv.id], mobile: '13800138000' }),
      await brand.bulk({ ids: [inv.id], channels: ['email'] }),
    ])
      expect(res.statusCode).toBe(404);
    expect(await deliveriesOf(app(), inv.id)).toHaveLength(1);
    // A bulk task of the demo company is not readable by another company either.
    const task = (await dispatchApi(app(), token).bulk({ ids: [inv.id], channels: ['email'] })).json().taskId;
    expect((await brand.progress(task)).statusCode).toBe(404);
  });
});
