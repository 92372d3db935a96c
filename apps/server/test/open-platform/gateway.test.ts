import { invoices } from '@fpy/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../harness.ts';
import { DEMO_OPEN_APPS, issueBody, isv, signedCall } from './gateway-helpers.ts';

describe('open API: signed calls reach the console handlers', () => {
  const app = useTestApp();

  it('issues an invoice with an HMAC-signed call, idempotent by clientSerial', async () => {
    const t = app();
    const body = issueBody();
    const first = await signedCall(t.app, { url: '/openapi/v1/invoices', body });
    expect(first.statusCode, first.body).toBe(201);
    const env = first.json();
    expect(env.code).toBe('OK');
    expect(env.requestId).toBeTruthy();
    expect(env.data.clientSerial).toBe(body.clientSerial);
    expect(first.headers['x-ratelimit-limit']).toBeDefined();
    const again = await signedCall(t.app, { url: '/openapi/v1/invoices', body });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(env.data.id);
    // One invoice for the serial, written by the demo company (the console route's own handler).
    const rows = await t.services.db
      .select()
      .from(invoices)
      .where(eq(invoices.clientSerial, body.clientSerial));
    expect(rows).toHaveLength(1);
  });

  it('an ISV acts for a licensed enterprise', async () => {
    const t = app();
    const res = await signedCall(t.app, { ...isv, url: '/openapi/v1/customers/search?q=%E4%B8%8A%E6%B5%B7' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().code).toBe('OK');
  });

  it('refuses a bad signature before the service: no invoice is written', async () => {
    const t = app();
    const body = issueBody();
    const res = await signedCall(t.app, { url: '/openapi/v1/invoices', body, tamper: true });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'BAD_SIGNATURE', data: null });
    const none = await t.services.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.clientSerial, body.clientSerial));
    expect(none).toEqual([]);
    expect(DEMO_OPEN_APPS.own.appKey).toMatch(/^ak_[0-9A-Za-z]{20}$/);
  });
});
