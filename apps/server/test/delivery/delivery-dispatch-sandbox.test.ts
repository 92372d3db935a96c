import { deliveries, sandboxMessages } from '@fpy/db';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sendPolicy } from '../../src/modules/delivery/dispatch/jobs.ts';
import { RECEIPT_POLL_TASK } from '../../src/modules/delivery/providers/index.ts';
import { deliveriesOf, dispatchApi, eventsOf, issueInvoice } from './delivery-dispatch-helpers.ts';
import { useTestApp } from '../harness.ts';
import { smsLimits } from '@fpy/db';

/**
 * The pipeline through the real gateway with no provider configured: the embedded sandbox stores what would
 * have been sent (outbox) and reports receipts on the next poll; its documented test recipients refuse, fail
 * later or stay busy as providers do (modules/delivery/providers README "Sandbox").
 */
const app = useTestApp();
let token: string;
const drain = () => app().services.jobs.drain();
const row = async (id: number) =>
  (await app().services.db.select().from(deliveries).where(eq(deliveries.id, id)))[0];

beforeAll(async () => {
  sendPolicy.baseMs = 1;
  sendPolicy.maxAttempts = 5;
  token = await app().login('demo', 'Demo@123');
  const inv = await issueInvoice(app(), token);
  await app()
    .services.db.insert(smsLimits)
    .values({ tenantId: inv.tenantId, perNumberPerMinute: 0, perNumberPerHour: 0, perNumberPerDay: 0 });
});

describe('delivery through the embedded sandbox', () => {
  it('auto-delivery lands in the outbox, and the next receipt poll marks it delivered', async () => {
    const inv = await issueInvoice(app(), token, { email: 'sandbox@example.com', phone: '13800138000' });
    await drain();
    const rows = await deliveriesOf(app(), inv.id);
    expect(rows.map((r) => r.status)).toEqual(['accepted', 'accepted']);
    for (const r of rows) expect(r.providerMessageId).toMatch(/^sbx-\d+$/);
    const mail = rows.find((r) => r.channel === 'email')!;
    const [stored] = await app()
      .services.db.select()
      .from(sandboxMessages)
      .where(eq(sandboxMessages.id, Number(mail.providerMessageId!.slice(4))));
    expect(stored).toMatchObject({ channel: 'email', recipient: 'sandbox@example.com' });
    expect(stored.body).toContain(`${inv.number}.pdf`);

    await app().services.scheduler.runNow(RECEIPT_POLL_TASK);
    for (const r of rows) {
      expect(await row(r.id)).toMatchObject({ status: 'delivered', deliveredAt: expect.any(Date) });
      expect((await eventsOf(app(), r.id)).at(-1)).toMatchObject({ kind: 'delivered', code: 'DELIVERED' });
    }
    // A second poll reports nothing new and records no second event.
    await app().services.scheduler.runNow(RECEIPT_POLL_TASK);
    expect((await eventsOf(app(), mail.id)).filter((e) => e.kind === 'delivered')).toHaveLength(1);
  });

  it("the sandbox's refusal, late failure and busy recipients end failed, failed by receipt and dead", async () => {
    const inv = await issueInvoice(app(), token);
    const d = dispatchApi(app(), token);
    const send = async (recipient: string) =>
      (await d.send(inv.id, { channel: 'sms', recipient })).json().delivery.id as number;
    const refused = await send('17000000000');
    const failsLater = await send('17000000002');
    const busy = await send('17000000003');
    const bounced = (await d.send(inv.id, { channel: 'email', recipient: 'x@bounce.invalid' })).json()
      .delivery.id as number;
    await drain();
    expect(await row(refused)).toMatchObject({ status: 'failed', errorCode: 'MOBILE_NUMBER_ILLEGAL' });
    expect(await row(busy)).toMatchObject({
      status: 'dead',
      errorCode: 'SANDBOX_BUSY',
      attempts: sendPolicy.maxAttempts,
    });
    expect(await row(failsLater)).toMatchObject({ status: 'accepted' });
    await app().services.scheduler.runNow(RECEIPT_POLL_TASK);
    expect(await row(failsLater)).toMatchObject({ status: 'failed', errorCode: 'UNDELIVERED' });
    expect(await row(bounced)).toMatchObject({ status: 'failed', errorCode: 'BOUNCED' });
  });
});
