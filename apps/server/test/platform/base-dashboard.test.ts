import { trackingEvents, verificationCodes } from '@fpy/db';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, eventually } from './base-helpers.ts';
import { useTestApp } from '../harness.ts';

const app = useTestApp();

describe('dashboard', () => {
  it('counts real logins and requests, scoped to the tenant', async () => {
    const demo = await app().login('demo', 'Demo@123');
    const read = async (token: string) => (await api(app(), token, 'GET', '/api/admin/dashboard')).json();
    const before = await read(demo);
    expect(before.users).toBe(2); // demo + clerk
    expect(before.requestsByHour).toHaveLength(24);
    expect(before.requestsByHour[23].hour).toMatch(/^\d{2}$/);

    await app().login('clerk', 'Clerk@123');
    await app().login('clerk', 'Clerk@123');
    await api(app(), demo, 'GET', '/api/does-not-exist-for-errors');
    await api(app(), demo, 'PUT', '/api/admin/company', { name: '' });
    const after = await eventually(
      () => read(demo),
      (d) => d.errorsToday > before.errorsToday && d.requestsToday > before.requestsToday + 1,
    );
    expect(after.loginsToday).toBe(before.loginsToday + 2);
    expect(after.activeUsers).toBe(2);
    expect(after.errorsToday).toBeGreaterThan(before.errorsToday);
    expect(after.recentActivity.length).toBeGreaterThan(0);
    expect(after.recentActivity.length).toBeLessThanOrEqual(10);
    expect(after.recentActivity[0]).toMatchObject({
      time: expect.any(String),
      method: expect.any(String),
      status: expect.any(Number),
    });
    expect(after.requestsByHour[23].count).toBeGreaterThan(0);

    // Another company's logins do not show in demo's figures; the platform sees them all.
    const brand = await app().login('brand', 'Brand@123');
    const brandView = await read(brand);
    expect(brandView.users).toBe(1);
    expect(
      brandView.recentActivity.every(
        (r: { username: string | null }) => r.username === 'brand' || r.username === null,
      ),
    ).toBe(true);
    expect((await read(demo)).loginsToday).toBe(after.loginsToday);
    const platform = await read(await app().login('admin', 'Admin@123'));
    expect(platform.users).toBeGreaterThanOrEqual(5);
    expect(platform.loginsToday).toBeGreaterThanOrEqual(after.loginsToday + 2);
  });
});

describe('tracking', () => {
  const event = {
    businessCode: 'dataBuriedPoint',
    sessionId: 's-1',
    operationDate: '20250101120000',
    deviceContent: { os_name: 'Windows', screen_height: 1080, browser_name: 'Chrome', ip: '', junk: 'x' },
    businessContent: {
      product: 9,
      user_id: 'track-abc',
      eventType: 2,
      event: 'pageView',
      url_path: '/dashboard',
      view_dur: 1200,
      extra: 1,
    },
  };

  it('stores events with the actor when a token is present, strips unknown keys', async () => {
    const anon = await api(app(), null, 'POST', '/v1/userEventTrans', event);
    expect(anon.json()).toEqual({ ok: true });
    const demo = await app().login('demo', 'Demo@123');
    await api(app(), demo, 'POST', '/v1/userEventTrans', { ...event, sessionId: 's-2' });
    const rows = await app()
      .services.db.select()
      .from(trackingEvents)
      .orderBy(desc(trackingEvents.id))
      .limit(2);
    expect(rows[0]).toMatchObject({
      sessionId: 's-2',
      userId: expect.any(Number),
      tenantId: 1,
      operationDate: '20250101120000',
    });
    expect(rows[1]).toMatchObject({ sessionId: 's-1', userId: null, tenantId: null });
    expect(rows[0].deviceContent).not.toHaveProperty('junk');
    expect((rows[0].deviceContent as { ip: string }).ip).toBeTruthy();
    expect(rows[0].businessContent).toMatchObject({ product: 9, event: 'pageView' });
    expect(rows[0].businessContent).not.toHaveProperty('extra');
  });

  it('bounds sizes and the business code', async () => {
    expect(
      (await api(app(), null, 'POST', '/v1/userEventTrans', { ...event, businessCode: 'other' })).statusCode,
    ).toBe(400);
    const long = { ...event, businessContent: { ...event.businessContent, event: 'x'.repeat(256) } };
    expect((await api(app(), null, 'POST', '/v1/userEventTrans', long)).statusCode).toBe(400);
    expect(
      (await api(app(), null, 'POST', '/v1/userEventTrans', { ...event, operationDate: '2025-01-01' }))
        .statusCode,
    ).toBe(400);
  });
});

describe('self service', () => {
  it('shows the account and its recent logins', async () => {
    const token = await app().login('clerk', 'Clerk@123');
    const self = (await api(app(), token, 'GET', '/api/admin/user/self')).json();
    expect(self).toMatchObject({ username: 'clerk', name: '开票员小李', phone: '13900000002' });
    expect(self.recentLogins.length).toBeGreaterThan(0);
    expect(self.recentLogins.length).toBeLessThanOrEqual(10);
    expect(self.recentLogins[0]).toMatchObject({ time: expect.any(String), ip: expect.any(String) });
  });

  it('changes the name freely but the phone only with a code', async () => {
    const token = await app().login('clerk', 'Clerk@123');
    const renamed = await api(app(), token, 'PUT', '/api/admin/user/self', { name: '开票员老李' });
    expect(renamed.json()).toMatchObject({ name: '开票员老李', phone: '13900000002' });
    expect((await api(app(), token, 'GET', '/api/admin/user/front/info')).json().name).toBe('开票员老李');

    const noCode = await api(app(), token, 'PUT', '/api/admin/user/self', {
      name: '开票员老李',
      phone: '13911112222',
    });
    expect(noCode.json()).toMatchObject({ status: 400, code: 'CODE_REQUIRED' });
    expect(
      (await api(app(), token, 'GET', '/api/admin/client/getModifyPasswordCode?channel=sms')).statusCode,
    ).toBe(200);
    const wrong = await api(app(), token, 'PUT', '/api/admin/user/self', {
      name: '开票员老李',
      phone: '13911112222',
      code: '000000',
    });
    expect(['CODE_WRONG', 'CODE_EXPIRED']).toContain(wrong.json().code);

    // Read the real code from the outbox body the notifier stored.
    const { sandboxMessages } = await import('@fpy/db');
    const [msg] = await app()
      .services.db.select()
      .from(sandboxMessages)
      .where(eq(sandboxMessages.recipient, '13900000002'))
      .orderBy(desc(sandboxMessages.id))
      .limit(1);
    const code = /(\d{6})/.exec(msg.body)?.[1];
    const ok = await api(app(), token, 'PUT', '/api/admin/user/self', {
      name: '开票员老李',
      phone: '13911112222',
      email: 'LAO@example.com',
      code,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ phone: '13911112222', email: 'lao@example.com' });
    const used = await app()
      .services.db.select()
      .from(verificationCodes)
      .orderBy(desc(verificationCodes.id))
      .limit(1);
    expect(used[0].usedAt).not.toBeNull();
    expect(
      (await api(app(), token, 'PUT', '/api/admin/user/self', { name: '开票员老李', phone: 'abc' }))
        .statusCode,
    ).toBe(400);
  });
});
