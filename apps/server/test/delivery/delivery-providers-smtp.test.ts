import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { messageProviders } from '@fpy/db';
import { eq } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProviderError } from '../../src/gateways/messaging/gateway.ts';
import { clearProviders, insertProvider } from './delivery-providers-helpers.ts';
import { useTestApp } from '../harness.ts';

/**
 * Issue 14 §1 and §6: e-mail through nodemailer to a real SMTP server started here (smtp-server): login, the
 * attachment arrives byte for byte (read back with mailparser), a 550 refusal ends the message at once, a bad
 * login fails over, a changed account is used with its new settings.
 */
const app = useTestApp();
const received: ParsedMail[] = [];
let server: SMTPServer;
let port: number;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === 'mailer' && auth.password === 'mail-pass-1') cb(null, { user: 'mailer' });
      else cb(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(address, _session, cb) {
      if (address.address.startsWith('nobody@')) {
        cb(Object.assign(new Error('5.1.1 Mailbox does not exist'), { responseCode: 550 }));
        return;
      }
      cb();
    },
    onData(stream, _session, cb) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          cb();
        },
        (err) => cb(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

const smtp = (over: Record<string, unknown> = {}) => ({
  host: '127.0.0.1',
  port,
  secure: false,
  rejectUnauthorized: true,
  user: 'mailer',
  pass: 'mail-pass-1',
  from: 'invoice@fapiaoyun.example',
  fromName: '发票云',
  ...over,
});

async function refusalOf(p: Promise<unknown>): Promise<ProviderError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderError);
  return err as ProviderError;
}

beforeEach(async () => {
  await clearProviders(app().services.db);
});

describe('SMTP through nodemailer', () => {
  it('logs in and delivers the message with its attachment intact', async () => {
    const t = app();
    const row = await insertProvider(t.services.db, { channel: 'email', kind: 'smtp', config: smtp() });
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(200 * 1024)]);
    const xml = Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><EInvoice><Fphm>26312000000000000001</Fphm></EInvoice>',
    );
    const accepted = await t.services.gateways.messaging.sendEmail(null, {
      to: 'buyer@example.com',
      subject: '【发票云】您收到一张电子发票',
      text: '张三您好：\n您的发票已开具，见附件。',
      attachments: [
        { filename: '发票.pdf', content: pdf, contentType: 'application/pdf' },
        { filename: 'invoice.xml', content: xml, contentType: 'application/xml' },
      ],
    });
    expect(accepted).toMatchObject({ providerId: row.id, providerKind: 'smtp', units: 0 });
    expect(accepted.providerMessageId).toMatch(/^<.+@.+>$/);
    const mail = received.find((m) => m.messageId === accepted.providerMessageId);
    expect(mail?.subject).toBe('【发票云】您收到一张电子发票');
    expect(mail?.text?.trim()).toBe('张三您好：\n您的发票已开具，见附件。');
    expect(mail?.from?.value[0]).toEqual({ address: 'invoice@fapiaoyun.example', name: '发票云' });
    const [a, b] = mail?.attachments ?? [];
    expect(a.filename).toBe('发票.pdf');
    expect(a.contentType).toBe('application/pdf');
    expect(Buffer.compare(a.content, pdf)).toBe(0);
    expect(b.filename).toBe('invoice.xml');
    expect(Buffer.compare(b.content, xml)).toBe(0);
  });

  it('ends a message the server refuses with 550 at once, with the SMTP code, not retryable', async () => {
    const t = app();
    await insertProvider(t.services.db, { channel: 'email', kind: 'smtp', priority: 1, config: smtp() });
    await insertProvider(t.services.db, { channel: 'email', kind: 'sandbox', priority: 2, config: {} });
    const before = received.length;
    const err = await refusalOf(
      t.services.gateways.messaging.sendEmail(null, { to: 'nobody@example.com', subject: 's', text: 't' }),
    );
    expect(err.code).toBe('SMTP_550');
    expect(err.retryable).toBe(false);
    expect(err.message).toMatch(/Mailbox does not exist/);
    expect(received.length).toBe(before);
  });

  it('fails over from an account whose login is refused, and a connection refused is retryable', async () => {
    const t = app();
    await insertProvider(t.services.db, {
      channel: 'email',
      kind: 'smtp',
      priority: 1,
      config: smtp({ pass: 'wrong' }),
    });
    const good = await insertProvider(t.services.db, {
      channel: 'email',
      kind: 'smtp',
      priority: 2,
      config: smtp(),
    });
    const accepted = await t.services.gateways.messaging.sendEmail(null, {
      to: 'a@example.com',
      subject: 's',
      text: 't',
    });
    expect(accepted.providerId).toBe(good.id);

    await clearProviders(t.services.db);
    await insertProvider(t.services.db, { channel: 'email', kind: 'smtp', config: smtp({ pass: 'wrong' }) });
    const auth = await refusalOf(
      t.services.gateways.messaging.sendEmail(null, { to: 'a@example.com', subject: 's', text: 't' }),
    );
    expect(auth.code).toBe('SMTP_535');
    expect(auth.retryable).toBe(false);

    await clearProviders(t.services.db);
    await insertProvider(t.services.db, { channel: 'email', kind: 'smtp', config: smtp({ port: 1 }) });
    const down = await refusalOf(
      t.services.gateways.messaging.sendEmail(null, { to: 'a@example.com', subject: 's', text: 't' }),
    );
    expect(down.retryable).toBe(true);
  });

  it('uses an account with its new settings once its row changed (the pool is rebuilt)', async () => {
    const t = app();
    const row = await insertProvider(t.services.db, {
      channel: 'email',
      kind: 'smtp',
      config: smtp({ pass: 'old' }),
    });
    const err = await refusalOf(
      t.services.gateways.messaging.sendEmail(null, { to: 'a@example.com', subject: 's', text: 't' }),
    );
    expect(err.code).toBe('SMTP_535');
    await t.services.db
      .update(messageProviders)
      .set({ config: smtp(), updatedAt: new Date() })
      .where(eq(messageProviders.id, row.id));
    const ok = await t.services.gateways.messaging.sendEmail(null, {
      to: 'a@example.com',
      subject: 'pool',
      text: 't',
    });
    expect(ok.providerId).toBe(row.id);
  });
});
