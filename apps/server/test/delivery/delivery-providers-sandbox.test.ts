import { sandboxMessages, users } from '@fpy/db';
import { desc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { ProviderError } from '../../src/gateways/messaging/gateway.ts';
import { RECEIPT_POLL_TASK } from '../../src/modules/delivery/providers/index.ts';
import { clearProviders, collectReceipts, insertProvider } from './delivery-providers-helpers.ts';
import { useTestApp } from '../harness.ts';

/**
 * Issue 14 §1: with nothing configured the embedded sandbox delivers into the outbox, answers like a provider
 * (message ids, receipts on the next poll, refusals for the documented test recipients), and the tenant's own
 * accounts come before the platform's.
 */
const app = useTestApp();

const outboxRow = async (id: string) => {
  const [row] = await app()
    .services.db.select()
    .from(sandboxMessages)
    .where(eq(sandboxMessages.id, Number(id.replace('sbx-', ''))));
  return row;
};

async function refusalOf(p: Promise<unknown>): Promise<ProviderError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderError);
  return err as ProviderError;
}

async function tenantOf(username: string) {
  const [u] = await app().services.db.select().from(users).where(eq(users.username, username));
  return u.tenantId as number;
}

beforeEach(async () => {
  await clearProviders(app().services.db);
});

describe('the sandbox (no provider configured)', () => {
  it('stores e-mail and SMS in the outbox, accepts them, and delivers them on the next poll', async () => {
    const t = app();
    const got = collectReceipts(t);
    const mail = await t.services.gateways.messaging.sendEmail(7, {
      to: 'buyer@example.com',
      subject: '您的发票',
      text: '请查收',
      attachments: [{ filename: 'fp.pdf', content: Buffer.alloc(2048), contentType: 'application/pdf' }],
    });
    expect(mail).toMatchObject({ providerId: 0, providerKind: 'sandbox', units: 0 });
    expect(await outboxRow(mail.providerMessageId)).toMatchObject({
      tenantId: 7,
      channel: 'email',
      recipient: 'buyer@example.com',
      subject: '您的发票',
      body: '请查收\n\n附件：fp.pdf（2.0 KB）',
      status: 'accepted',
    });
    const text = '您的发票已开具，请点击 https://fp.example/s/abcdefghijkl 查看。'.repeat(2);
    const sms = await t.services.gateways.messaging.sendSms(null, {
      mobile: '13800138000',
      text,
      signName: '发票云',
      templateParams: {},
    });
    expect(sms.units).toBe(2);
    expect((await outboxRow(sms.providerMessageId)).body).toBe(`【发票云】${text}`);

    await t.services.scheduler.runNow(RECEIPT_POLL_TASK);
    for (const id of [mail.providerMessageId, sms.providerMessageId]) {
      expect(got).toContainEqual(expect.objectContaining({ providerMessageId: id, status: 'delivered' }));
      expect((await outboxRow(id)).status).toBe('delivered');
    }
    // A receipt is handed out once.
    const count = got.length;
    await t.services.scheduler.runNow(RECEIPT_POLL_TASK);
    expect(got.filter((r) => r.providerMessageId === mail.providerMessageId)).toHaveLength(1);
    expect(got.length).toBe(count);
  });

  it('refuses and fails the documented test recipients as a provider would', async () => {
    const t = app();
    const got = collectReceipts(t);
    const sms = (mobile: string) =>
      t.services.gateways.messaging.sendSms(null, { mobile, text: 'x', templateParams: {} });
    const mail = (to: string) =>
      t.services.gateways.messaging.sendEmail(null, { to, subject: 's', text: 'x' });

    const illegal = await refusalOf(sms('17000000000'));
    expect([illegal.code, illegal.retryable]).toEqual(['MOBILE_NUMBER_ILLEGAL', false]);
    const black = await refusalOf(sms('17000000001'));
    expect([black.code, black.retryable]).toEqual(['MOBILE_IN_BLACKLIST', false]);
    const busy = await refusalOf(sms('17000000003'));
    expect([busy.code, busy.retryable]).toEqual(['SANDBOX_BUSY', true]);
    const rejected = await refusalOf(mail('x@reject.invalid'));
    expect([rejected.code, rejected.retryable]).toEqual(['SMTP_550', false]);
    const later = await refusalOf(mail('x@busy.invalid'));
    expect([later.code, later.retryable]).toEqual(['SMTP_421', true]);
    const [refusedRow] = await t.services.db
      .select()
      .from(sandboxMessages)
      .where(eq(sandboxMessages.recipient, '17000000000'))
      .orderBy(desc(sandboxMessages.id));
    expect(refusedRow.status).toBe('refused');

    const off = await sms('17000000002');
    const bounce = await mail('someone@bounce.invalid');
    await t.services.scheduler.runNow(RECEIPT_POLL_TASK);
    expect(got).toContainEqual(
      expect.objectContaining({
        providerMessageId: off.providerMessageId,
        status: 'failed',
        code: 'UNDELIVERED',
      }),
    );
    expect(got).toContainEqual(
      expect.objectContaining({
        providerMessageId: bounce.providerMessageId,
        status: 'failed',
        code: 'BOUNCED',
      }),
    );
    expect((await outboxRow(bounce.providerMessageId)).status).toBe('failed');
  });

  it('sends nothing when every configured account is disabled (no silent sandbox)', async () => {
    const t = app();
    await insertProvider(t.services.db, { channel: 'sms', kind: 'sandbox', config: {}, enabled: false });
    const before = await t.services.db.$count(sandboxMessages);
    const err = await refusalOf(
      t.services.gateways.messaging.sendSms(null, { mobile: '13800138000', text: 'x', templateParams: {} }),
    );
    expect([err.code, err.retryable]).toEqual(['NO_PROVIDER', false]);
    expect(await t.services.db.$count(sandboxMessages)).toBe(before);
    // E-mail has no row at all: still the sandbox.
    const ok = await t.services.gateways.messaging.sendEmail(null, {
      to: 'a@example.com',
      subject: 's',
      text: 'x',
    });
    expect(ok.providerKind).toBe('sandbox');
  });

  it("goes the platform's way when a company switched its own mailbox off", async () => {
    const t = app();
    const tenantId = await tenantOf('demo');
    await insertProvider(t.services.db, {
      channel: 'email',
      kind: 'smtp',
      tenantId,
      enabled: false,
      config: { host: '127.0.0.1', port: 1, secure: false, from: 'fapiao@demo.example' },
    });
    // No platform account: the sandbox, as for a company that never had a mailbox.
    const viaSandbox = await t.services.gateways.messaging.sendEmail(tenantId, {
      to: 'a@example.com',
      subject: 's',
      text: 'x',
    });
    expect(viaSandbox.providerKind).toBe('sandbox');
    // A platform that disabled its own accounts still sends nothing, whoever asks.
    await insertProvider(t.services.db, { channel: 'email', kind: 'sandbox', config: {}, enabled: false });
    const err = await refusalOf(
      t.services.gateways.messaging.sendEmail(tenantId, { to: 'a@example.com', subject: 's', text: 'x' }),
    );
    expect(err.code).toBe('NO_PROVIDER');
  });
});

describe('account order', () => {
  it("tries the tenant's own accounts first, and never another tenant's", async () => {
    const t = app();
    const demo = await tenantOf('demo');
    const brand = await tenantOf('brand');
    const platform = await insertProvider(t.services.db, {
      channel: 'email',
      kind: 'sandbox',
      priority: 0,
      config: {},
    });
    const own = await insertProvider(t.services.db, {
      channel: 'email',
      kind: 'sandbox',
      priority: 50,
      tenantId: demo,
      config: {},
    });
    const send = (tenantId: number | null) =>
      t.services.gateways.messaging.sendEmail(tenantId, { to: 'a@example.com', subject: 's', text: 'x' });
    expect((await send(demo)).providerId).toBe(own.id);
    expect((await send(brand)).providerId).toBe(platform.id);
    expect((await send(null)).providerId).toBe(platform.id);
  });
});

describe('verification codes go through the gateway', () => {
  it('keeps landing in the outbox by default', async () => {
    const t = app();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/client/getForgetPwdCode',
      payload: { username: 'brand', target: 'brand@fapiaoyun.example' },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.services.db
      .select()
      .from(sandboxMessages)
      .where(eq(sandboxMessages.recipient, 'brand@fapiaoyun.example'))
      .orderBy(desc(sandboxMessages.id));
    expect(row.body).toMatch(/验证码为 \d{6}/);
    expect(row.status).toBe('accepted');
  });

  it('keeps a code no provider took in the outbox for the administrator', async () => {
    const t = app();
    await insertProvider(t.services.db, {
      channel: 'sms',
      kind: 'aliyun',
      config: {
        accessKeyId: 'AK',
        accessKeySecret: 'x',
        signName: '发票云',
        endpoint: '127.0.0.1:1',
        protocol: 'http',
      },
    });
    await t.services.notifier.send({
      tenantId: null,
      channel: 'sms',
      recipient: '13900009999',
      subject: '验证码',
      body: '【发票云】您的验证码为 123456',
    });
    const [row] = await t.services.db
      .select()
      .from(sandboxMessages)
      .where(eq(sandboxMessages.recipient, '13900009999'))
      .orderBy(desc(sandboxMessages.id));
    expect(row).toMatchObject({ status: 'failed', body: '【发票云】您的验证码为 123456' });
  });
});
