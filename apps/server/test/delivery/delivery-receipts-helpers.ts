import { randomBytes } from 'node:crypto';
import { type Db, deliveries, deliveryEvents } from '@fpy/db';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../harness.ts';

/**
 * Receipts as each provider pushes them (issue 28 §3): a raw DSN piped to a bounce endpoint, 阿里云's SmsReport
 * and 腾讯云's callback, each naming one message id. Shared by the binding test and the attack walk.
 */
export type ReceiptKind = 'smtp' | 'aliyun' | 'tencent';
export type Outcome = 'delivered' | 'failed';

/** An RFC 3464 report for `messageId`, as an MTA pipes it to the account's bounce address. */
export function dsnFor(messageId: string, outcome: Outcome, recipient = 'buyer@example.com') {
  const failed = outcome === 'failed';
  return `Return-Path: <>
From: MAILER-DAEMON@mx.buyer.example (Mail Delivery System)
Subject: ${failed ? 'Undelivered Mail Returned to Sender' : 'Successful Mail Delivery Report'}
To: bounces@mail.example
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status; boundary="rcpt-b"

--rcpt-b
Content-Type: text/plain; charset=us-ascii

Report.

--rcpt-b
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.buyer.example
Original-Envelope-Id: ${messageId}

Final-Recipient: rfc822; ${recipient}
Action: ${outcome}
Status: ${failed ? '5.1.1' : '2.0.0'}
Diagnostic-Code: smtp; ${failed ? '550 5.1.1 User unknown' : '250 2.0.0 Ok'}

--rcpt-b--
`.replace(/\r?\n/g, '\r\n');
}

export const aliyunReport = (bizId: string, outcome: Outcome) => [
  {
    phone_number: '13800138000',
    send_time: '2026-11-25 10:00:00',
    report_time: '2026-11-25 10:00:05',
    success: outcome === 'delivered',
    err_code: outcome === 'delivered' ? 'DELIVERED' : 'IC:0001',
    err_msg: outcome === 'delivered' ? '用户接收成功' : '空号',
    sms_size: '1',
    biz_id: bizId,
    out_id: '',
  },
];

export const tencentReport = (sid: string, outcome: Outcome) => [
  {
    user_receive_time: '2026-11-25 08:03:04',
    nationcode: '86',
    mobile: '13800138000',
    report_status: outcome === 'delivered' ? 'SUCCESS' : 'FAIL',
    errmsg: outcome === 'delivered' ? 'DELIVRD' : 'MN:0001',
    description: outcome === 'delivered' ? '用户短信送达成功' : '空号',
    sid,
  },
];

/** The path of an account's receipt endpoint (what its page shows as receiptPath / bouncePath). */
export const receiptPath = (kind: ReceiptKind, id: number, token: string) =>
  kind === 'smtp'
    ? `/api/public/v1/mailBounces/${id}?token=${token}`
    : `/api/public/v1/smsReceipts/${kind}/${id}?token=${token}`;

/** Posts one receipt naming `messageId` to `path`, in the body the kind's provider sends. */
export function pushReceipt(
  t: TestApp,
  path: string,
  kind: ReceiptKind,
  messageId: string,
  outcome: Outcome,
) {
  return kind === 'smtp'
    ? t.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'message/rfc822' },
        payload: dsnFor(messageId, outcome),
      })
    : t.app.inject({
        method: 'POST',
        url: path,
        payload: kind === 'aliyun' ? aliyunReport(messageId, outcome) : tencentReport(messageId, outcome),
      });
}

/** A provider message id as each kind hands them out. */
export function messageIdFor(kind: ReceiptKind) {
  const tag = randomBytes(16).toString('hex');
  if (kind === 'smtp') return `<${tag}@fapiaoyun.example>`;
  if (kind === 'aliyun') return `${Number.parseInt(tag.slice(0, 12), 16)}^0`;
  return `2433:${tag}`;
}

/** A delivery a provider account accepted for a tenant (what send-job writes on acceptance). */
export async function acceptedDelivery(
  db: Db,
  o: {
    tenantId: number;
    providerId: number;
    kind: ReceiptKind;
    status?: 'accepted' | 'delivered' | 'failed';
  },
) {
  const [d] = await db
    .insert(deliveries)
    .values({
      tenantId: o.tenantId,
      invoiceId: 900_000 + Math.floor(Math.random() * 99_999),
      channel: o.kind === 'smtp' ? 'email' : 'sms',
      recipient: o.kind === 'smtp' ? 'buyer@example.com' : '13800138000',
      trigger: 'manual',
      status: o.status ?? 'accepted',
      attempts: 1,
      providerId: o.providerId,
      providerKind: o.kind,
      providerMessageId: messageIdFor(o.kind),
      acceptedAt: new Date(),
      ...(o.status === 'failed' ? { errorCode: 'IC:0001', failedAt: new Date() } : {}),
      ...(o.status === 'delivered' ? { deliveredAt: new Date() } : {}),
    })
    .returning();
  return d;
}

/** A delivery as stored and the number of its events: what a receipt would change. */
export async function stateOf(db: Db, id: number) {
  const [d] = await db.select().from(deliveries).where(eq(deliveries.id, id));
  const events = await db.select().from(deliveryEvents).where(eq(deliveryEvents.deliveryId, id));
  return { status: d.status, errorCode: d.errorCode, events: events.length };
}
