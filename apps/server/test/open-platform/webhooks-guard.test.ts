import { openWebhookAttempts, openWebhookDeliveries } from '@fpy/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useTestApp } from '../harness.ts';
import { api, invoiceBody } from '../sales/invoicing-helpers.ts';
import { createApp, startReceiver } from './webhook-helpers.ts';

// An installation that allows no internal address (the default): a receiver on loopback is refused.
const app = useTestApp({ OUTBOUND_ALLOW_HOSTS: '' });
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
});

it('a callback on loopback (in any spelling) is refused for good and never connected to', async () => {
  const port = new URL(receiver.url).port;
  const urls = [
    receiver.url,
    `http://localhost:${port}/x`,
    `http://2130706433:${port}/x`,
    `http://[::1]:${port}/x`,
  ];
  const apps = [];
  for (const [i, url] of urls.entries())
    apps.push(
      await createApp(app(), { url, events: ['invoice.issued'], secret: 'g'.repeat(40), name: `loop${i}` }),
    );
  const token = await app().login('demo', 'Demo@123');
  const c = api(app(), token);
  expect((await c.create(invoiceBody({ totals: undefined }))).statusCode).toBe(201);
  await c.settled();
  await app().services.jobs.drain();
  for (const a of apps) {
    const [d] = await app()
      .services.db.select()
      .from(openWebhookDeliveries)
      .where(eq(openWebhookDeliveries.appId, a.id));
    expect(d, a.callbackUrl ?? '').toMatchObject({ state: 'failed', lastCode: 'OUTBOUND_BLOCKED' });
    const [attempt] = await app()
      .services.db.select()
      .from(openWebhookAttempts)
      .where(eq(openWebhookAttempts.deliveryId, d.id));
    expect(attempt).toMatchObject({ errorCode: 'OUTBOUND_BLOCKED', responseStatus: null });
  }
  expect(receiver.received).toHaveLength(0);
});
