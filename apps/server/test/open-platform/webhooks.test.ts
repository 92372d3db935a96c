import {
  openApps,
  openWebhookAttempts,
  openWebhookDeliveries,
  openWebhookEvents,
  outboxTasks,
} from '@fpy/db';
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registryOf, sweepOutbox } from '../../src/modules/platform/outbox/index.ts';
import { WEBHOOK_KIND, webhookPolicy } from '../../src/modules/open-platform/webhooks/index.ts';
import { bareUserToken, bearer, useTestApp } from '../harness.ts';
import { api, invoiceBody } from '../sales/invoicing-helpers.ts';
import { issueBlue, redApi, SERVICE } from '../sales/red-letter-helpers.ts';
import { createApp, startReceiver, verify } from './webhook-helpers.ts';

const app = useTestApp();
const db = () => app().services.db;
const SECRET = 'hooks-test-secret-0123456789ABCDEFGHIJKLMNOP';
const ALL = [
  'invoice.issued',
  'invoice.failed',
  'invoice.red_lettered',
  'invoice.voided',
  'invoice.delivered',
];
const LOG = '/api/open-platform/webhooks/deliveries';

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let appId: number;
let token: string;
const saved = { ...webhookPolicy };

beforeAll(async () => {
  receiver = await startReceiver();
  appId = (await createApp(app(), { url: receiver.url, events: ALL, secret: SECRET })).id;
  token = await app().login('demo', 'Demo@123');
});
afterAll(async () => {
  Object.assign(webhookPolicy, saved);
  await receiver?.close();
});

const deliveriesOf = (type?: string) =>
  db()
    .select()
    .from(openWebhookDeliveries)
    .where(
      and(
        eq(openWebhookDeliveries.appId, appId),
        type ? eq(openWebhookDeliveries.eventType, type) : undefined,
      ),
    )
    .orderBy(asc(openWebhookDeliveries.id));
const attemptsOf = (deliveryId: number) =>
  db()
    .select()
    .from(openWebhookAttempts)
    .where(eq(openWebhookAttempts.deliveryId, deliveryId))
    .orderBy(asc(openWebhookAttempts.id));

async function issue(over: Record<string, unknown> = {}) {
  const c = api(app(), token);
  const res = await c.create(invoiceBody({ totals: undefined, ...over }));
  expect(res.statusCode, res.body).toBe(201);
  await c.settled();
  return (await c.get(res.json().id)).json() as { id: number; status: string; number: string | null };
}

describe('events are delivered, signed, once per subscribed app', () => {
  it('an issued invoice reaches the receiver with a verifiable signature and a unique event id', async () => {
    const before = receiver.received.length;
    const inv = await issue();
    expect(inv.status).toBe('issued');
    await app().services.jobs.drain();
    const got = receiver.received.slice(before);
    expect(got).toHaveLength(1);
    const [r] = got;
    expect(verify(SECRET, r)).toBe(true);
    expect(verify('wrong-secret', r)).toBe(false);
    const body = JSON.parse(r.body);
    expect(body).toMatchObject({
      type: 'invoice.issued',
      data: { invoiceId: inv.id, number: inv.number, status: 'issued', totalFen: 22_600 },
    });
    expect(body.id).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(r.headers['x-fpy-event-id']).toBe(body.id);
    expect(r.headers['x-fpy-event-type']).toBe('invoice.issued');
    expect(Math.abs(Number(r.headers['x-fpy-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    const [d] = await deliveriesOf('invoice.issued');
    expect(d).toMatchObject({ state: 'delivered', attempts: 1, lastStatus: 200, eventId: body.id });
    const [a] = await attemptsOf(d.id);
    expect(a).toMatchObject({
      n: 1,
      responseStatus: 200,
      responseBody: '{"received":true}',
      requestBody: r.body,
    });
    expect(a.requestHeaders['X-Fpy-Signature']).toBe(r.headers['x-fpy-signature']);
    expect(JSON.stringify(a.requestHeaders)).not.toContain(SECRET);
  });

  it('a refused invoice is invoice.failed; a voided paper invoice invoice.voided; ids never repeat', async () => {
    const failed = await issue({ buyer: { name: '【模拟失败】测试公司', taxNumber: '91310104MA1FR8KX39' } });
    expect(failed.status).toBe('failed');
    const paper = await issue({ type: 'digital_paper_ordinary' });
    const res = await app().app.inject({
      method: 'POST',
      url: `/api/billing/v1/invoices/${paper.id}/void`,
      headers: bearer(token),
      payload: { reason: '2', remark: '金额开错' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await app().services.jobs.drain();
    const types = (await deliveriesOf()).map((d) => d.eventType);
    expect(types).toEqual(expect.arrayContaining(['invoice.issued', 'invoice.failed', 'invoice.voided']));
    const failedBody = JSON.parse(
      receiver.received.find((r) => r.headers['x-fpy-event-type'] === 'invoice.failed')?.body ?? '{}',
    );
    expect(failedBody.data).toMatchObject({ invoiceId: failed.id, status: 'failed' });
    expect(failedBody.data.failureReason).toBeTruthy();
    const ids = receiver.received.map((r) => r.headers['x-fpy-event-id']);
    expect(new Set(ids).size).toBe(ids.length);
    expect((await deliveriesOf()).every((d) => d.state === 'delivered')).toBe(true);
  });

  it('a quick full red: invoice.red_lettered with the red invoice and the blue one it reverses', async () => {
    const blue = await issueBlue(app(), token, [SERVICE]);
    const quick = await redApi(app(), token).quick({ blueInvoiceId: blue.id, reason: 'service_suspension' });
    expect(quick.statusCode, quick.body).toBe(201);
    await app().services.jobs.drain();
    const red = receiver.received.find((r) => r.headers['x-fpy-event-type'] === 'invoice.red_lettered');
    expect(red && verify(SECRET, red)).toBe(true);
    const data = JSON.parse(red?.body ?? '{}').data;
    expect(data).toMatchObject({
      colour: 'red',
      blueInvoiceId: blue.id,
      blueNumber: blue.number,
      totalFen: -22_600,
    });
    // The red invoice is not announced as invoice.issued as well.
    const issuedRed = receiver.received.filter(
      (r) => r.headers['x-fpy-event-type'] === 'invoice.issued' && JSON.parse(r.body).data.colour === 'red',
    );
    expect(issuedRed).toHaveLength(0);
  });

  it('an invoice sent to its buyer (the sandbox accepts the mail): invoice.delivered, the recipient masked', async () => {
    const inv = await issue({
      buyer: {
        name: '上海云帆信息技术有限公司',
        taxNumber: '91310104MA1FR8KX39',
        email: 'finance@example.com',
      },
    });
    await app().services.jobs.drain();
    const got = receiver.received.filter((r) => r.headers['x-fpy-event-type'] === 'invoice.delivered');
    const mine = got.map((r) => JSON.parse(r.body).data).find((d) => d.invoice.invoiceId === inv.id);
    expect(mine).toMatchObject({
      channel: 'email',
      recipient: 'fi***@example.com',
      invoice: { status: 'issued' },
    });
    expect(got.every((r) => verify(SECRET, r))).toBe(true);
  });

  it('an app that did not subscribe to an event, or is disabled, gets nothing', async () => {
    const other = await createApp(app(), {
      url: receiver.url,
      events: ['invoice.voided'],
      secret: 'x'.repeat(40),
    });
    const off = await createApp(app(), {
      url: receiver.url,
      events: ALL,
      secret: 'y'.repeat(40),
      name: 'off',
    });
    await db().update(openApps).set({ state: 'disabled' }).where(eq(openApps.id, off.id));
    await issue();
    await app().services.jobs.drain();
    for (const id of [other.id, off.id])
      expect(
        await db().select().from(openWebhookDeliveries).where(eq(openWebhookDeliveries.appId, id)),
      ).toHaveLength(0);
  });
});

describe('retries with backoff for 24 h, then the dead letter; manual redelivery', () => {
  let clock = Date.now();
  let deliveryId: number;

  beforeAll(() => {
    // A little ahead of the database's clock, so the first attempt (due at the commit) is due at once.
    clock = Date.now() + 5000;
    Object.assign(webhookPolicy, {
      now: () => new Date(clock),
      random: () => 1, // no jitter: the waits are exactly 15 s, 30 s, 60 s …
      queueDelayMaxMs: -1, // every wait is the sweep's, driven by the clock here
    });
  });
  afterAll(() => {
    Object.assign(webhookPolicy, saved);
  });

  const sweep = async () => {
    const registry = registryOf(app().services);
    if (!registry) throw new Error('no outbox registry');
    await sweepOutbox(registry, new Date(clock));
    await app().services.jobs.drain();
  };

  it('a 500 is retried after 15 s, then 30 s — the same event id each time', async () => {
    receiver.script.push(500, 503, 502);
    const before = receiver.received.length;
    const inv = await issue();
    await app().services.jobs.drain();
    const [d] = (await deliveriesOf('invoice.issued')).filter((x) => x.state !== 'delivered');
    expect(d).toMatchObject({ state: 'retrying', attempts: 1, lastStatus: 500, lastCode: 'HTTP_500' });
    deliveryId = d.id;
    expect(d.nextAt!.getTime() - clock).toBe(15_000);
    clock += 15_000;
    await sweep();
    const [d2] = await db().select().from(openWebhookDeliveries).where(eq(openWebhookDeliveries.id, d.id));
    expect(d2).toMatchObject({ state: 'retrying', attempts: 2, lastStatus: 503 });
    expect(d2.nextAt!.getTime() - clock).toBe(30_000);
    const got = receiver.received.slice(before);
    expect(got).toHaveLength(2);
    expect(new Set(got.map((r) => r.headers['x-fpy-event-id'])).size).toBe(1);
    expect(got.every((r) => verify(SECRET, r))).toBe(true);
    expect(JSON.parse(got[0].body).data.invoiceId).toBe(inv.id);
  });

  it('past 24 h from the event the delivery is dead, with every attempt logged', async () => {
    receiver.script.length = 0;
    receiver.script.push(...Array(40).fill(500));
    for (let i = 0; i < 40; i++) {
      const [d] = await db()
        .select()
        .from(openWebhookDeliveries)
        .where(eq(openWebhookDeliveries.id, deliveryId));
      if (d.state === 'dead') break;
      clock = Math.max(clock, d.nextAt?.getTime() ?? clock);
      await sweep();
    }
    const [d] = await db()
      .select()
      .from(openWebhookDeliveries)
      .where(eq(openWebhookDeliveries.id, deliveryId));
    expect(d.state).toBe('dead');
    expect(d.attempts).toBeGreaterThan(10);
    expect(clock - d.createdAt.getTime()).toBeLessThanOrEqual(24 * 3_600_000 + 60_000);
    const [task] = await db()
      .select()
      .from(outboxTasks)
      .where(and(eq(outboxTasks.kind, WEBHOOK_KIND), eq(outboxTasks.ref, String(deliveryId))));
    expect(task.state).toBe('dead');
    expect(await attemptsOf(deliveryId)).toHaveLength(d.attempts);
  });

  it('the console shows it with its attempts; a redelivery delivers it; a second one is refused', async () => {
    receiver.script.length = 0;
    const list = await app().app.inject({ url: `${LOG}?state=dead&appId=${appId}`, headers: bearer(token) });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().rows.map((r: { id: number }) => r.id)).toContain(deliveryId);
    const detail = await app().app.inject({ url: `${LOG}/${deliveryId}`, headers: bearer(token) });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().attemptLog.length).toBeGreaterThan(10);
    expect(detail.json().attemptLog[0]).toMatchObject({ n: 1, responseStatus: 500 });
    const before = receiver.received.length;
    const res = await app().app.inject({
      method: 'POST',
      url: `${LOG}/${deliveryId}/redeliver`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    await app().services.jobs.drain();
    const [d] = await db()
      .select()
      .from(openWebhookDeliveries)
      .where(eq(openWebhookDeliveries.id, deliveryId));
    expect(d.state).toBe('delivered');
    const last = (await attemptsOf(deliveryId)).at(-1);
    expect(last).toMatchObject({ responseStatus: 200, manual: true });
    expect(receiver.received.slice(before)).toHaveLength(1);
    expect(receiver.received.at(-1)?.headers['x-fpy-event-id']).toBe(d.eventId);
    const again = await app().app.inject({
      method: 'POST',
      url: `${LOG}/${deliveryId}/redeliver`,
      headers: bearer(token),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('WEBHOOK_NOT_REDELIVERABLE');
  });
});

describe('the outbound guard and the destination', () => {
  it('a callback on a private address is refused for good, nothing sent', async () => {
    Object.assign(webhookPolicy, saved);
    const priv = await createApp(app(), {
      url: 'http://10.20.30.40:8080/hook',
      events: ['invoice.issued'],
      secret: 'z'.repeat(40),
      name: 'private',
    });
    const meta = await createApp(app(), {
      url: 'http://169.254.169.254/latest/meta-data',
      events: ['invoice.issued'],
      secret: 'z'.repeat(40),
      name: 'metadata',
    });
    await issue();
    await app().services.jobs.drain();
    for (const a of [priv, meta]) {
      const [d] = await db()
        .select()
        .from(openWebhookDeliveries)
        .where(eq(openWebhookDeliveries.appId, a.id));
      expect(d).toMatchObject({ state: 'failed', lastCode: 'OUTBOUND_BLOCKED', lastStatus: null });
      const [attempt] = await attemptsOf(d.id);
      expect(attempt.errorCode).toBe('OUTBOUND_BLOCKED');
    }
  });

  it('a retry never follows a changed callback URL; a redelivery goes to the new one', async () => {
    const first = await startReceiver();
    const second = await startReceiver();
    try {
      const moving = await createApp(app(), {
        url: first.url,
        events: ['invoice.issued'],
        secret: SECRET,
        name: 'moving',
      });
      first.script.push(500);
      await issue();
      await app().services.jobs.drain();
      const [d] = await db()
        .select()
        .from(openWebhookDeliveries)
        .where(eq(openWebhookDeliveries.appId, moving.id));
      expect(d.state).toBe('retrying');
      await db().update(openApps).set({ callbackUrl: second.url }).where(eq(openApps.id, moving.id));
      const registry = registryOf(app().services);
      if (!registry) throw new Error('no outbox registry');
      const later = () => new Date(Date.now() + 3_600_000);
      webhookPolicy.now = later;
      await sweepOutbox(registry, later());
      await app().services.jobs.drain();
      webhookPolicy.now = saved.now;
      const [after] = await db()
        .select()
        .from(openWebhookDeliveries)
        .where(eq(openWebhookDeliveries.id, d.id));
      expect(after).toMatchObject({ state: 'failed', lastCode: 'WEBHOOK_DESTINATION_CHANGED' });
      expect(first.received).toHaveLength(1);
      expect(second.received).toHaveLength(0);
      const res = await app().app.inject({
        method: 'POST',
        url: `${LOG}/redeliver`,
        headers: bearer(token),
        payload: { ids: [d.id, 999_999] },
      });
      expect(res.json()).toEqual({ redelivered: [d.id], skipped: [999_999] });
      await app().services.jobs.drain();
      expect(second.received).toHaveLength(1);
      expect(verify(SECRET, second.received[0])).toBe(true);
      expect(second.received[0].headers['x-fpy-event-id']).toBe(first.received[0].headers['x-fpy-event-id']);
      const [done] = await db()
        .select()
        .from(openWebhookDeliveries)
        .where(eq(openWebhookDeliveries.id, d.id));
      expect(done).toMatchObject({ state: 'delivered', url: second.url });
    } finally {
      await first.close();
      await second.close();
    }
  });
});

describe('the delivery log', () => {
  it('the demo seed: deliveries of the demo app, some delivered, one refused, one dead-lettered', async () => {
    const rows = await db()
      .select({ state: openWebhookDeliveries.state, eventId: openWebhookDeliveries.eventId })
      .from(openWebhookDeliveries)
      .where(like(openWebhookDeliveries.eventId, 'evt_de%'));
    const states = rows.map((r) => r.state);
    expect(states.filter((x) => x === 'delivered').length).toBeGreaterThan(2);
    expect(states.filter((x) => x === 'dead')).toHaveLength(1);
    expect(states).toContain('failed');
    const dead = await app().app.inject({ url: `${LOG}?state=dead`, headers: bearer(token) });
    expect(dead.json().rows.some((r: { eventId: string }) => r.eventId.startsWith('evt_de'))).toBe(true);
  });

  it('filters by event, app, state and date; refuses bad filters naming the field', async () => {
    const q = (qs: string) => app().app.inject({ url: `${LOG}?${qs}`, headers: bearer(token) });
    const byType = await q(`eventType=invoice.failed&appId=${appId}`);
    expect(byType.statusCode).toBe(200);
    expect(byType.json().rows.every((r: { eventType: string }) => r.eventType === 'invoice.failed')).toBe(
      true,
    );
    expect(byType.json().total).toBeGreaterThan(0);
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect((await q(`dateFrom=${today}&dateTo=${today}&appId=${appId}`)).json().total).toBeGreaterThan(0);
    expect((await q('dateFrom=2000-01-01&dateTo=2000-01-02')).json().total).toBe(0);
    const bad = await q('eventType=invoice.nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('eventType');
    expect((await q('state=lost')).statusCode).toBe(400);
    const [ev] = await db().select().from(openWebhookEvents).limit(1);
    expect((await q(`eventId=${ev.eventId}`)).json().rows[0].eventId).toBe(ev.eventId);
    const apps = await app().app.inject({ url: '/api/open-platform/webhooks/apps', headers: bearer(token) });
    expect(apps.json().rows.map((r: { id: number }) => r.id)).toContain(appId);
  });

  it('a user without the page is refused; another company sees none of these', async () => {
    const bare = await bareUserToken(app());
    expect((await app().app.inject({ url: LOG, headers: bearer(bare) })).statusCode).toBe(403);
    const [d] = await deliveriesOf();
    const otherTenant = await createApp(app(), {
      url: receiver.url,
      events: ALL,
      secret: SECRET,
      name: 'elsewhere',
      tenantId: 999_999,
    });
    expect(otherTenant.tenantId).toBe(999_999);
    // The platform's administrator sees every company's deliveries.
    const admin = await app().login('admin', 'Admin@123');
    const one = await app().app.inject({ url: `${LOG}/${d.id}`, headers: bearer(admin) });
    expect(one.statusCode).toBe(200);
  });
});
