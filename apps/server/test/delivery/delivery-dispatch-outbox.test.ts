import { deliveries, outboxAttempts, outboxTasks } from '@fpy/db';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adoptOpenDeliveries } from '../../src/modules/delivery/dispatch/adopt.ts';
import { DELIVERY_RETRY_SWEEP, DELIVERY_SEND_JOB } from '../../src/modules/delivery/dispatch/jobs.ts';
import { ProviderError } from '../../src/gateways/messaging/gateway.ts';
import { type FakeGateway, dispatchApi, issueInvoice, useFakeGateway } from './delivery-dispatch-helpers.ts';
import { bearer, useTestApp } from '../harness.ts';

const app = useTestApp();
const db = () => app().services.db;
const drain = () => app().services.jobs.drain();
let gw: FakeGateway;
let token: string;

const taskOf = async (deliveryId: number) =>
  (
    await db()
      .select()
      .from(outboxTasks)
      .where(and(eq(outboxTasks.kind, DELIVERY_SEND_JOB), eq(outboxTasks.ref, String(deliveryId))))
  )[0];
const rowOf = async (id: number) => (await db().select().from(deliveries).where(eq(deliveries.id, id)))[0];
const sentTo = (to: string) => gw.emails.filter((e) => e.msg.to === to).length;

beforeAll(async () => {
  gw = useFakeGateway(app());
  token = await app().login('demo', 'Demo@123');
});

describe('delivery sends are outbox tasks (issue 29 §3)', () => {
  it('a send is a task written with the record, claimed once, logged, done', async () => {
    const inv = await issueInvoice(app(), token);
    const res = await dispatchApi(app(), token).send(inv.id, {
      channel: 'email',
      recipient: 'task@example.com',
    });
    await drain();
    const id = res.json().delivery.id;
    expect(await rowOf(id)).toMatchObject({ status: 'accepted', attempts: 1 });
    const task = await taskOf(id);
    expect(task).toMatchObject({ state: 'done', attempts: 1, tenantId: inv.tenantId, leaseToken: null });
    const log = await db().select().from(outboxAttempts).where(eq(outboxAttempts.taskId, task.id));
    expect(log.map((l) => l.outcome)).toEqual(['done']);
    expect(sentTo('task@example.com')).toBe(1);
  });

  it('a record left sending by an instance that died is sent by the sweep once its lease is past, once', async () => {
    const inv = await issueInvoice(app(), token);
    // What a crash leaves: the record moved to sending, the task claimed under a lease nobody will settle.
    const [d] = await db()
      .insert(deliveries)
      .values({ tenantId: inv.tenantId, invoiceId: inv.id, channel: 'email', recipient: 'crash@example.com' })
      .returning();
    await adoptOpenDeliveries(db());
    await db().update(deliveries).set({ status: 'sending', attempts: 1 }).where(eq(deliveries.id, d.id));
    const past = new Date(Date.now() - 1000);
    await db()
      .update(outboxTasks)
      .set({ state: 'running', attempts: 1, leaseToken: 'dead-instance', leaseUntil: past })
      .where(eq(outboxTasks.id, (await taskOf(d.id)).id));
    await app().services.scheduler.runNow(DELIVERY_RETRY_SWEEP, new Date());
    await drain();
    // A second sweep finds nothing left to do.
    await app().services.scheduler.runNow(DELIVERY_RETRY_SWEEP, new Date());
    await drain();
    expect(await rowOf(d.id)).toMatchObject({ status: 'accepted', attempts: 2 });
    expect(await taskOf(d.id)).toMatchObject({ state: 'done', attempts: 2 });
    expect(sentTo('crash@example.com')).toBe(1);
  });

  it('open records without a task (older rows, the demo seed) are adopted with their attempts and due time', async () => {
    const inv = await issueInvoice(app(), token);
    const later = new Date(Date.now() + 3_600_000);
    const [waiting] = await db()
      .insert(deliveries)
      .values({
        tenantId: inv.tenantId,
        invoiceId: inv.id,
        channel: 'email',
        recipient: 'old@example.com',
        status: 'retrying',
        attempts: 3,
        nextAttemptAt: later,
      })
      .returning();
    const [ended] = await db()
      .insert(deliveries)
      .values({
        tenantId: inv.tenantId,
        invoiceId: inv.id,
        channel: 'email',
        recipient: 'ended@example.com',
        status: 'dead',
      })
      .returning();
    await adoptOpenDeliveries(db());
    await adoptOpenDeliveries(db()); // twice (two instances starting): one task
    expect(await taskOf(waiting.id)).toMatchObject({ state: 'pending', attempts: 3, nextAt: later });
    expect(await taskOf(ended.id)).toBeUndefined();
    const all = await db()
      .select({ id: outboxTasks.id })
      .from(outboxTasks)
      // Delivery's own tasks: other kinds (the webhook demo's) number their refs from 1 too.
      .where(and(eq(outboxTasks.kind, DELIVERY_SEND_JOB), eq(outboxTasks.ref, String(waiting.id))))
      .orderBy(asc(outboxTasks.id));
    expect(all).toHaveLength(1);
    // Not due: the sweep leaves it; due: it is sent.
    await app().services.scheduler.runNow(DELIVERY_RETRY_SWEEP, new Date());
    await drain();
    expect(sentTo('old@example.com')).toBe(0);
    await db().update(outboxTasks).set({ nextAt: new Date() }).where(eq(outboxTasks.id, all[0].id));
    await db().update(deliveries).set({ nextAttemptAt: new Date() }).where(eq(deliveries.id, waiting.id));
    await app().services.scheduler.runNow(DELIVERY_RETRY_SWEEP, new Date(Date.now() + 2000));
    await drain();
    expect(await rowOf(waiting.id)).toMatchObject({ status: 'accepted', attempts: 4 });
    expect(sentTo('old@example.com')).toBe(1);
  });

  it('任务管理’s 重新投递 of a refused send reopens the record and sends it; a skipped record is refused', async () => {
    const admin = await app().login('admin', 'Admin@123');
    const redeliver = (taskId: number) =>
      app().app.inject({
        method: 'POST',
        url: `/api/admin/jobs/${taskId}/redeliver`,
        headers: bearer(admin),
      });
    const inv = await issueInvoice(app(), token);
    gw.script.push(new ProviderError('SMTP_550', '550 mailbox unavailable', false));
    const res = await dispatchApi(app(), token).send(inv.id, {
      channel: 'email',
      recipient: 'again@example.com',
    });
    await drain();
    const id = res.json().delivery.id;
    expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: 1, errorCode: 'SMTP_550' });
    const task = await taskOf(id);
    expect(task).toMatchObject({ state: 'failed', lastCode: 'SMTP_550' });

    // The mailbox is fixed; the operator redelivers: the same record goes again and is accepted.
    const again = await redeliver(task.id);
    expect(again.statusCode).toBe(200);
    await drain();
    expect(await rowOf(id)).toMatchObject({ status: 'accepted', attempts: 2, failedAt: null });
    expect(await taskOf(id)).toMatchObject({ state: 'done', attempts: 1 });
    expect(sentTo('again@example.com')).toBe(1);
    const log = await db()
      .select()
      .from(outboxAttempts)
      .where(eq(outboxAttempts.taskId, task.id))
      .orderBy(asc(outboxAttempts.id));
    expect(log.map((l) => l.outcome)).toEqual(['failed', 'redelivered', 'done']);

    // A record a control skipped stays skipped: its task is not redelivered (409), nothing moves.
    const other = await issueInvoice(app(), token);
    gw.script.push(new ProviderError('SMTP_550', '550 mailbox unavailable', false));
    const sent = await dispatchApi(app(), token).send(other.id, {
      channel: 'email',
      recipient: 'skip@example.com',
    });
    await drain();
    const skippedId = sent.json().delivery.id;
    await db().update(deliveries).set({ status: 'skipped' }).where(eq(deliveries.id, skippedId));
    const skippedTask = await taskOf(skippedId);
    const refused = await redeliver(skippedTask.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('JOB_NOT_REDELIVERABLE');
    expect(await taskOf(skippedId)).toMatchObject({ state: 'failed' });
    expect(await rowOf(skippedId)).toMatchObject({ status: 'skipped' });
    expect(sentTo('skip@example.com')).toBe(0);
  });
});
