import { DELIVERY_STATUS_NAMES } from '@fpy/domain';
import { smsBalances, users } from '@fpy/db';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoDeliveries } from '../../src/modules/delivery/dispatch/index.ts';
import { seedInvoiceDemo } from '../../src/seed/invoice-demo.ts';
import { sheets } from './delivery-admin-fixtures.ts';
import { bearer, useTestApp } from '../harness.ts';

/**
 * Issue 28 §11: on a fresh start the delivery pages are not empty — the demo company's seeded invoices come with
 * deliveries in every state a record rests in, their receipts and their statistics (API tests seed no demo
 * invoices by default, so this file runs the seed itself, as invoice-stats.test.ts does for the invoices).
 */
const app = useTestApp();
const B = '/api/admin/delivery';
let demo: string;
const get = (url: string) => app().app.inject({ url, headers: bearer(demo) });

beforeAll(async () => {
  const db = app().services.db;
  expect(await seedDemoDeliveries(db)).toBe(0); // no demo invoices yet: nothing, and no marker
  await seedInvoiceDemo(db, 'demo');
  demo = await app().login('demo', 'Demo@123');
}, 240_000);

describe('demo deliveries on a fresh start', () => {
  it('records, statistics and state reports show every state a record rests in, once', async () => {
    const db = app().services.db;
    expect(await seedDemoDeliveries(db)).toBeGreaterThan(0);
    expect(await seedDemoDeliveries(db)).toBe(0);
    const resting = ['retrying', 'accepted', 'delivered', 'failed', 'dead', 'skipped'] as const;
    for (const channel of ['sms', 'email'] as const) {
      const list = (await get(`${B}/records/${channel}?limit=100`)).json();
      const states = new Set(list.rows.map((r: { status: string }) => r.status));
      for (const s of resting.filter((x) => channel === 'sms' || x !== 'skipped'))
        expect(states, `${channel} ${s}`).toContain(s);
      // A sent record names its sender; a failure has a classified kind; a retrying one its next attempt.
      for (const r of list.rows) {
        if (r.status !== 'skipped') expect(r.providerName).toBeTruthy();
        if (r.status === 'retrying') expect(r.nextAttemptAt).toBeTruthy();
      }
      const dead = list.rows.find((r: { status: string }) => r.status === 'dead');
      expect(dead.failureKind).not.toBeNull();
      expect(dead.triedAccounts).toBeTruthy();
      const stats = (await get(`${B}/stats/${channel === 'sms' ? 'sms-providers' : 'email'}`)).json();
      expect(stats.totals.total).toBe(list.total);
      expect(stats.totals.delivered).toBeGreaterThan(0);
      expect(stats.totals.failed).toBeGreaterThan(0);
      const receipts = (await get(`${B}/receipts/${channel}`)).json();
      expect(receipts.total).toBeGreaterThanOrEqual(2);
    }
    const email = (await get(`${B}/records/email?limit=100`)).json();
    expect(email.rows.find((r: { status: string }) => r.status === 'dead').failureKind).toBe('tls');
    // Billed units came out of the demo balance: 累计使用 equals the statistics' units.
    const [demoUser] = await db.select().from(users).where(eq(users.username, 'demo'));
    const [balance] = await db.select().from(smsBalances).where(eq(smsBalances.tenantId, demoUser.tenantId!));
    const sms = (await get(`${B}/stats/sms-providers`)).json();
    expect(balance.used).toBe(sms.totals.units);
    expect(balance.used).toBeGreaterThan(0);
    // The export words states as the pages do.
    const exported = await get(`${B}/records/sms/export?status=dead`);
    expect(exported.statusCode).toBe(200);
    const [rows] = Object.values(await sheets(exported.rawPayload));
    expect(rows[1]).toContain(DELIVERY_STATUS_NAMES.dead.zh);
    expect(rows[0]).toContain('失败原因');
  }, 120_000);
});
