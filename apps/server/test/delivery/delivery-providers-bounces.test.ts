import type { AddressInfo } from 'node:net';
import { deliveries } from '@fpy/db';
import { eq } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerEnvelope } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveriesOf, eventsOf, issueInvoice } from './delivery-dispatch-helpers.ts';
import { clearProviders, insertProvider } from './delivery-providers-helpers.ts';
import { useTestApp } from '../harness.ts';

/**
 * Issue 14 §1 "bounces for e-mail": each message goes out with a DSN request (ENVID = our Message-ID,
 * NOTIFY=SUCCESS,FAILURE,DELAY, RET=HDRS) from the account's VERP bounce address, to a real SMTP server started
 * here; the reports an MTA would pipe back (RFC 3464 success and failure, a classic bounce, a VERP-only bounce)
 * are posted raw to the account's bounce endpoint and move the delivery to delivered / failed with the code.
 */
const app = useTestApp();
const TOKEN = 'bounce-token-0123456789abcdef';
const received: { mail: ParsedMail; envelope: SMTPServerEnvelope }[] = [];
let server: SMTPServer;
let port: number;
let token: string;
let accountId: number;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    hideDSN: false,
    logger: false,
    onData(stream, session, cb) {
      simpleParser(stream).then(
        (mail) => {
          received.push({ mail, envelope: structuredClone(session.envelope) });
          cb();
        },
        (err) => cb(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
  token = await app().login('demo', 'Demo@123');
  await clearProviders(app().services.db);
  const row = await insertProvider(app().services.db, {
    channel: 'email',
    kind: 'smtp',
    config: {
      host: '127.0.0.1',
      port,
      secure: false,
      rejectUnauthorized: true,
      user: null,
      pass: '',
      from: 'invoice@fapiaoyun.example',
      fromName: '发票云',
      bounceAddress: 'bounces@mail.fapiaoyun.example',
      verp: true,
      callbackToken: TOKEN,
    },
  });
  accountId = row.id;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

/** An invoice auto-delivered by e-mail through the SMTP account: its delivery and what the server received. */
async function mailedInvoice(email: string) {
  const inv = await issueInvoice(app(), token, { email });
  await app().services.jobs.drain();
  const [d] = (await deliveriesOf(app(), inv.id)).filter((r) => r.channel === 'email');
  expect(d).toMatchObject({ status: 'accepted', providerId: accountId });
  const got = received.find((r) => r.mail.messageId === d.providerMessageId);
  expect(got).toBeDefined();
  return { inv, d, ...got! };
}

const post = (raw: string, opts: { id?: number; token?: string; type?: string } = {}) =>
  app().app.inject({
    method: 'POST',
    url: `/api/public/v1/mailBounces/${opts.id ?? accountId}?token=${opts.token ?? TOKEN}`,
    headers: { 'content-type': opts.type ?? 'message/rfc822' },
    payload: raw.replace(/\r?\n/g, '\r\n'),
  });

const reload = async (id: number) =>
  (await app().services.db.select().from(deliveries).where(eq(deliveries.id, id)))[0];

/** A delivery status notification as Postfix writes it (RFC 3464). */
function dsn(o: {
  to: string;
  envid?: string;
  messageId: string;
  recipient: string;
  action: string;
  status: string;
  diagnostic?: string;
}) {
  return `Return-Path: <>
Received: by mx.buyer.example (Postfix) id 4Xq1; Tue,  3 Jun 2025 10:00:01 +0800 (CST)
Date: Tue,  3 Jun 2025 10:00:01 +0800 (CST)
From: MAILER-DAEMON@mx.buyer.example (Mail Delivery System)
Subject: ${o.action === 'delivered' ? 'Successful Mail Delivery Report' : 'Undelivered Mail Returned to Sender'}
To: ${o.to}
Auto-Submitted: auto-replied
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status;
	boundary="4Xq1.1717380001/mx.buyer.example"
Message-Id: <20250603020001.4Xq1@mx.buyer.example>

This is a MIME-encapsulated message.

--4Xq1.1717380001/mx.buyer.example
Content-Description: Notification
Content-Type: text/plain; charset=us-ascii

This is the mail system at host mx.buyer.example.

${o.action === 'delivered' ? 'Your message was successfully delivered to the destination(s) listed below.' : "I'm sorry to have to inform you that your message could not\nbe delivered to one or more recipients."}

--4Xq1.1717380001/mx.buyer.example
Content-Description: Delivery report
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.buyer.example
X-Postfix-Queue-ID: 4Xq1
X-Postfix-Sender: rfc822; bounces@mail.fapiaoyun.example
${o.envid ? `Original-Envelope-Id: ${o.envid}\n` : ''}Arrival-Date: Tue,  3 Jun 2025 10:00:00 +0800 (CST)

Final-Recipient: rfc822; ${o.recipient}
Original-Recipient: rfc822;${o.recipient}
Action: ${o.action}
Status: ${o.status}
${o.diagnostic ? `Diagnostic-Code: ${o.diagnostic}\n` : ''}
--4Xq1.1717380001/mx.buyer.example
Content-Description: Undelivered Message Headers
Content-Type: text/rfc822-headers

Return-Path: <bounces@mail.fapiaoyun.example>
From: =?UTF-8?B?5Y+R56Wo5LqR?= <invoice@fapiaoyun.example>
To: ${o.recipient}
Message-ID: ${o.messageId}
Subject: =?UTF-8?B?5oKo5pS25Yiw5LiA5byg55S15a2Q5Y+R56Wo?=

--4Xq1.1717380001/mx.buyer.example--
`;
}

describe('e-mail receipts from DSNs and bounces', () => {
  it('asks for a DSN with our Message-ID from the VERP bounce address, and a success DSN marks it delivered', async () => {
    const { d, envelope, mail } = await mailedInvoice('buyer-ok@example.com');
    const id = d.providerMessageId!;
    expect(id).toMatch(/^<[0-9a-f]{32}@fapiaoyun\.example>$/);
    const tag = id.slice(1, 33);
    expect(envelope.mailFrom ? envelope.mailFrom.address : null).toBe(
      `bounces+${tag}@mail.fapiaoyun.example`,
    );
    expect(envelope.dsn).toMatchObject({ envid: id, ret: 'HDRS' });
    expect(envelope.rcptTo[0].args).toMatchObject({ NOTIFY: 'SUCCESS,FAILURE,DELAY' });
    expect(mail.attachments.map((a) => a.contentType)).toContain('application/pdf');

    const res = await post(
      dsn({
        to: envelope.mailFrom ? envelope.mailFrom.address : '',
        envid: id,
        messageId: id,
        recipient: 'buyer-ok@example.com',
        action: 'delivered',
        status: '2.0.0',
        diagnostic: 'smtp; 250 2.0.0 Ok: queued as 7Hs2',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, receipts: 1 });
    expect(await reload(d.id)).toMatchObject({ status: 'delivered', deliveredAt: expect.any(Date) });
    expect((await eventsOf(app(), d.id)).at(-1)).toMatchObject({ kind: 'delivered' });
  });

  it('a failure DSN fails the delivery with the Status code and the Diagnostic-Code', async () => {
    const { d } = await mailedInvoice('nobody@buyer.example');
    const res = await post(
      dsn({
        to: 'bounces@mail.fapiaoyun.example',
        envid: d.providerMessageId!,
        messageId: d.providerMessageId!,
        recipient: 'nobody@buyer.example',
        action: 'failed',
        status: '5.1.1',
        diagnostic:
          'smtp; 550 5.1.1 <nobody@buyer.example>: Recipient address\n    rejected: User unknown in virtual mailbox table',
      }),
    );
    expect(res.json()).toEqual({ ok: true, receipts: 1 });
    expect(await reload(d.id)).toMatchObject({
      status: 'failed',
      errorCode: '5.1.1',
      errorMessage:
        '550 5.1.1 <nobody@buyer.example>: Recipient address rejected: User unknown in virtual mailbox table',
    });
    expect((await eventsOf(app(), d.id)).at(-1)).toMatchObject({ kind: 'failed', code: '5.1.1' });
  });

  it('a DSN without the envelope id is matched by the returned Message-ID; a delay changes nothing', async () => {
    const { d } = await mailedInvoice('slow@buyer.example');
    const delayed = await post(
      dsn({
        to: 'bounces@mail.fapiaoyun.example',
        messageId: d.providerMessageId!,
        recipient: 'slow@buyer.example',
        action: 'delayed',
        status: '4.4.1',
        diagnostic: 'smtp; 421 4.4.1 Connection timed out',
      }),
    );
    expect(delayed.json()).toEqual({ ok: true, receipts: 0 });
    expect((await reload(d.id)).status).toBe('accepted');
    await post(
      dsn({
        to: 'bounces@mail.fapiaoyun.example',
        messageId: d.providerMessageId!,
        recipient: 'slow@buyer.example',
        action: 'failed',
        status: '5.4.7',
        diagnostic: 'X-Postfix; delivery temporarily suspended: connect timed out',
      }),
    );
    expect(await reload(d.id)).toMatchObject({ status: 'failed', errorCode: '5.4.7' });
  });

  it('a classic bounce quoting the Message-ID, and one that only has the VERP address, fail the delivery', async () => {
    const quoted = await mailedInvoice('gone@buyer.example');
    const classic = `Return-Path: <>
Date: 3 Jun 2025 02:00:05 -0000
From: MAILER-DAEMON@mail.buyer.example
To: bounces@mail.fapiaoyun.example
Subject: failure notice

Hi. This is the qmail-send program at mail.buyer.example.
I'm afraid I wasn't able to deliver your message to the following addresses.
This is a permanent error; I've given up. Sorry it didn't work out.

<gone@buyer.example>:
10.0.0.7 does not like recipient.
Remote host said: 550 5.1.1 <gone@buyer.example>... User unknown
Giving up on 10.0.0.7.

--- Below this line is a copy of the message.

Return-Path: <bounces@mail.fapiaoyun.example>
Message-ID: ${quoted.d.providerMessageId}
From: invoice@fapiaoyun.example
To: gone@buyer.example
Subject: invoice
`;
    expect((await post(classic, { type: 'text/plain' })).json()).toEqual({ ok: true, receipts: 1 });
    expect(await reload(quoted.d.id)).toMatchObject({
      status: 'failed',
      errorCode: '5.1.1',
      errorMessage: 'Remote host said: 550 5.1.1 <gone@buyer.example>... User unknown',
    });

    const verp = await mailedInvoice('full@buyer.example');
    const sender = verp.envelope.mailFrom ? verp.envelope.mailFrom.address : '';
    const bare = `From: postmaster@buyer.example
To: ${sender}
Subject: 系统退信
Content-Type: text/plain; charset=utf-8

您发送的邮件无法投递：收件人邮箱空间已满 (552 Mailbox full)。
`;
    expect((await post(bare)).json()).toEqual({ ok: true, receipts: 1 });
    expect(await reload(verp.d.id)).toMatchObject({ status: 'failed', errorCode: '552' });
  });

  it('ignores an auto-reply, and answers an unknown account, another kind or a wrong token alike (404)', async () => {
    const { d } = await mailedInvoice('away@buyer.example');
    const reply = `From: away@buyer.example
To: bounces@mail.fapiaoyun.example
Subject: 自动回复：您收到一张电子发票
In-Reply-To: ${d.providerMessageId}

我正在休假，6月10日回来。
`;
    expect((await post(reply)).json()).toEqual({ ok: true, receipts: 0 });
    expect((await reload(d.id)).status).toBe('accepted');

    const sms = await insertProvider(app().services.db, {
      channel: 'sms',
      kind: 'sandbox',
      config: { callbackToken: TOKEN },
    });
    const bodies = await Promise.all([
      post(reply, { token: 'wrong-token' }),
      post(reply, { id: 999_999 }),
      post(reply, { id: sms.id }),
    ]);
    for (const r of bodies) {
      expect(r.statusCode).toBe(404);
      const { requestId: _, ...rest } = r.json();
      expect(rest).toEqual({ status: 404, code: 'NOT_FOUND', message: '记录不存在' });
    }
  });

  it('refuses an oversized body before reading it', async () => {
    const res = await post(`Subject: x\n\n${'a'.repeat(4 * 1024 * 1024 + 10)}`);
    expect(res.statusCode).toBe(413);
  });
});
