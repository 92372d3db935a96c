import { classifyDeliveryFailure, type DeliveryStatusName } from '@fpy/domain';
import { type Db, deliveries, deliveryEvents, invoices, tenants } from '@fpy/db';
import { openSmsBalances, recordSmsUse } from '../sms-admin/index.ts';
import { and, desc, eq, inArray, like } from 'drizzle-orm';
import { SANDBOX_PROVIDER_ID } from '../providers/index.ts';
import { FAILURE_EVENTS } from './records.ts';
import { withTransaction } from '../../../lib/write/index.ts';
import { getSetting, putSettingOnce } from '../../platform/base/index.ts';

/** The demo companies of seed/demo-data.ts, by credit code. */
const DEMO_CREDIT_CODES = ['91310115MA1K4GDM05', '91440300MA5FPX7Q2H', '91110108MA01R2YK6D'];
/** A demo company starts with this many messages, so `npm start` sends SMS out of the box. */
export const DEMO_SMS_BALANCE = 1000;
const MARKER = 'seed.delivery.sms';

/**
 * SMS balances of the demo companies, once (a marker, so a balance an admin later changes or a row deleted stays
 * as they left it). Every other company has no balance row until a platform admin records a recharge: no row
 * means a balance of 0, and its SMS fail with SMS_QUOTA_EXHAUSTED. Only on a database the demo seed filled.
 */
export async function seedSmsBalances(db: Db): Promise<void> {
  if ((await getSetting(db, 'seed.demo')) === undefined) return;
  if ((await getSetting(db, MARKER)) !== undefined) return;
  await withTransaction({ db }, async (tx) => {
    const demoTenants = await tx
      .select({ id: tenants.id })
      .from(tenants)
      .where(inArray(tenants.creditCode, DEMO_CREDIT_CODES));
    // The balance rows are sms-admin's (one writer per table): opened through its face.
    await openSmsBalances(
      tx,
      demoTenants.map((t) => t.id),
      DEMO_SMS_BALANCE,
    );
    await putSettingOnce(tx, MARKER, { at: new Date().toISOString() });
  });
}

const RECORDS_MARKER = 'seed.delivery.records';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

interface SeedEvent {
  kind: string;
  code?: string;
  message?: string;
  /** Hours after the request. */
  after: number;
}
interface SeedDelivery {
  channel: 'email' | 'sms';
  recipient: string;
  status: DeliveryStatusName;
  /** Days before now the request was made (a negative `nextInHours` for retrying). */
  daysAgo: number;
  units?: number;
  attempts?: number;
  errorCode?: string;
  errorMessage?: string;
  nextInHours?: number;
  tried?: { code: string; message: string }[];
  events: SeedEvent[];
}

/**
 * What the demo company's buyers were sent: every state a record can rest in, on both channels, with the
 * receipts the state reports show and reasons of every common kind (TLS, timeout, unknown mailbox, invalid
 * number, blacklist). queued and sending are moments of a live send, not states a record rests in: on a fresh
 * start the demo sends its own (发票交付, auto-delivery) and they pass through them.
 */
const DEMO_DELIVERIES: SeedDelivery[] = [
  {
    channel: 'email',
    recipient: 'finance@yunfan-demo.cn',
    status: 'delivered',
    daysAgo: 12,
    events: [
      { kind: 'accepted', code: 'sandbox', after: 0.01 },
      { kind: 'delivered', code: '2.0.0', message: '250 2.0.0 OK: queued', after: 0.05 },
    ],
  },
  {
    channel: 'email',
    recipient: 'ap@hengtong-demo.cn',
    status: 'accepted',
    daysAgo: 2,
    events: [{ kind: 'accepted', code: 'sandbox', after: 0.01 }],
  },
  {
    channel: 'email',
    recipient: 'nobody@hengtong-demo.cn',
    status: 'failed',
    daysAgo: 9,
    errorCode: '5.1.1',
    errorMessage:
      '550 5.1.1 <nobody@hengtong-demo.cn>: Recipient address rejected: User unknown in virtual mailbox table',
    events: [
      { kind: 'accepted', code: 'sandbox', after: 0.01 },
      {
        kind: 'bounced',
        code: '5.1.1',
        message:
          '550 5.1.1 <nobody@hengtong-demo.cn>: Recipient address rejected: User unknown in virtual mailbox table',
        after: 0.2,
      },
    ],
  },
  {
    channel: 'email',
    recipient: 'caiwu@xinghe-demo.cn',
    status: 'dead',
    daysAgo: 6,
    attempts: 19,
    errorCode: 'ESOCKET',
    errorMessage:
      '重试19次后仍未发送成功：ESOCKET 40A8C5E6F87F0000:error:0A00010B:SSL routines:ssl3_get_record:wrong version number',
    tried: [
      {
        code: 'ESOCKET',
        message: '40A8C5E6F87F0000:error:0A00010B:SSL routines:ssl3_get_record:wrong version number',
      },
    ],
    events: [
      { kind: 'retry', code: 'ESOCKET', message: 'ssl3_get_record:wrong version number', after: 0.01 },
      {
        kind: 'dead',
        code: 'ESOCKET',
        message:
          '重试19次后仍未发送成功：ESOCKET 40A8C5E6F87F0000:error:0A00010B:SSL routines:ssl3_get_record:wrong version number',
        after: 5.9,
      },
    ],
  },
  {
    channel: 'email',
    recipient: 'invoice@lanshan-demo.cn',
    status: 'retrying',
    daysAgo: 0,
    attempts: 4,
    nextInHours: 2,
    errorCode: 'SMTP_451',
    errorMessage: '451 4.7.1 Service unavailable - try again later',
    events: [
      {
        kind: 'retry',
        code: 'SMTP_451',
        message: '451 4.7.1 Service unavailable - try again later',
        after: 0.5,
      },
    ],
  },
  {
    channel: 'sms',
    recipient: '13800138001',
    status: 'delivered',
    daysAgo: 10,
    units: 1,
    events: [
      { kind: 'accepted', code: 'sandbox', after: 0.01 },
      { kind: 'delivered', code: 'DELIVRD', message: '用户接收成功', after: 0.02 },
    ],
  },
  {
    channel: 'sms',
    recipient: '13800138002',
    status: 'accepted',
    daysAgo: 1,
    units: 1,
    events: [{ kind: 'accepted', code: 'sandbox', after: 0.01 }],
  },
  {
    channel: 'sms',
    recipient: '13800138003',
    status: 'failed',
    daysAgo: 8,
    units: 1,
    errorCode: 'MK:0001',
    errorMessage: '空号',
    events: [
      { kind: 'accepted', code: 'sandbox', after: 0.01 },
      { kind: 'failed', code: 'MOBILE_NUMBER_ILLEGAL', message: '空号', after: 0.03 },
    ],
  },
  {
    channel: 'sms',
    recipient: '13800138004',
    status: 'dead',
    daysAgo: 4,
    attempts: 18,
    errorCode: 'TIMEOUT',
    errorMessage: '重试18次后仍未发送成功：TIMEOUT 服务商在10000毫秒内没有应答',
    tried: [{ code: 'TIMEOUT', message: '服务商在10000毫秒内没有应答' }],
    events: [
      { kind: 'retry', code: 'TIMEOUT', message: '服务商在10000毫秒内没有应答', after: 0.01 },
      {
        kind: 'dead',
        code: 'TIMEOUT',
        message: '重试18次后仍未发送成功：TIMEOUT 服务商在10000毫秒内没有应答',
        after: 5.8,
      },
    ],
  },
  {
    channel: 'sms',
    recipient: '13800138005',
    status: 'skipped',
    daysAgo: 3,
    attempts: 1,
    errorCode: 'SMS_BLACKLISTED',
    errorMessage: '该手机号在短信黑名单中，未发送',
    events: [
      { kind: 'skipped', code: 'SMS_BLACKLISTED', message: '该手机号在短信黑名单中，未发送', after: 0 },
    ],
  },
  {
    channel: 'sms',
    recipient: '13800138006',
    status: 'retrying',
    daysAgo: 0,
    attempts: 3,
    nextInHours: 1,
    errorCode: 'Throttling',
    errorMessage: '服务商繁忙，请稍后再试',
    events: [{ kind: 'retry', code: 'Throttling', message: '服务商繁忙，请稍后再试', after: 0.3 }],
  },
];

/**
 * Deliveries of the demo company's seeded invoices (seed/invoice-demo.ts), in every state they rest in, so the
 * records, statistics and state-report pages show real data on a fresh start, as the invoice pages do. Once (a
 * marker); nothing when there are no demo invoices (the API tests seed none). Billed SMS units are taken from
 * the demo balance, so 累计使用 and the bill agree. Answers how many records it wrote.
 */
export async function seedDemoDeliveries(db: Db, now = new Date()): Promise<number> {
  if ((await getSetting(db, RECORDS_MARKER)) !== undefined) return 0;
  const [demo] = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(eq(tenants.creditCode, DEMO_CREDIT_CODES[0]));
  if (!demo) return 0;
  const list = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.tenantId, demo.id),
        eq(invoices.status, 'issued'),
        like(invoices.clientSerial, 'demo-%'),
      ),
    )
    .orderBy(desc(invoices.issuedAt))
    .limit(DEMO_DELIVERIES.length);
  if (!list.length) return 0;
  return withTransaction({ db }, async (tx) => {
    let units = 0;
    for (const [i, s] of DEMO_DELIVERIES.entries()) {
      const requested =
        s.nextInHours !== undefined
          ? new Date(now.getTime() - HOUR_MS)
          : new Date(now.getTime() - s.daysAgo * DAY_MS - (i % 5) * HOUR_MS);
      const at = (hours: number) => new Date(requested.getTime() + hours * HOUR_MS);
      const accepted = s.events.find((e) => e.kind === 'accepted');
      const delivered = s.events.find((e) => e.kind === 'delivered');
      const ended = ['failed', 'dead', 'skipped'].includes(s.status) ? s.events.at(-1) : undefined;
      units += accepted ? (s.units ?? 0) : 0;
      const [row] = await tx
        .insert(deliveries)
        .values({
          tenantId: demo.id,
          invoiceId: list[i % list.length].id,
          channel: s.channel,
          recipient: s.recipient,
          trigger: i % 3 === 0 ? 'manual' : 'auto',
          status: s.status,
          attempts: s.attempts ?? 1,
          providerId: s.status === 'skipped' ? null : SANDBOX_PROVIDER_ID,
          providerKind: s.status === 'skipped' ? null : 'sandbox',
          providerMessageId: accepted ? `sbx-demo-${i + 1}` : null,
          errorCode: s.errorCode ?? null,
          errorMessage: s.errorMessage ?? null,
          units: accepted ? (s.units ?? 0) : 0,
          nextAttemptAt:
            s.nextInHours !== undefined ? new Date(now.getTime() + s.nextInHours * HOUR_MS) : null,
          tried:
            s.tried?.map((t) => ({ providerId: SANDBOX_PROVIDER_ID, providerKind: 'sandbox', ...t })) ?? null,
          createdAt: requested,
          updatedAt: at(s.events.at(-1)?.after ?? 0),
          acceptedAt: accepted ? at(accepted.after) : null,
          deliveredAt: delivered ? at(delivered.after) : null,
          failedAt: ended ? at(ended.after) : null,
        })
        .returning({ id: deliveries.id });
      const events = [{ kind: 'requested', code: i % 3 === 0 ? 'manual' : 'auto', after: 0 }, ...s.events];
      await tx.insert(deliveryEvents).values(
        events.map((e) => ({
          tenantId: demo.id,
          deliveryId: row.id,
          channel: s.channel,
          kind: e.kind,
          code: e.code ?? null,
          message: 'message' in e ? (e.message ?? null) : null,
          providerId: e.kind === 'requested' || e.kind === 'skipped' ? null : SANDBOX_PROVIDER_ID,
          failureKind: FAILURE_EVENTS.has(e.kind)
            ? classifyDeliveryFailure({ code: e.code, message: 'message' in e ? e.message : null })
            : null,
          createdAt: at(e.after),
        })),
      );
    }
    await recordSmsUse(tx, demo.id, units);
    await putSettingOnce(tx, RECORDS_MARKER, { at: now.toISOString() });
    return DEMO_DELIVERIES.length;
  });
}
