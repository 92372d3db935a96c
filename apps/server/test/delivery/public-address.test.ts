import { tenantParameters } from '@fpy/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isLoopbackUrl } from '../../src/lib/public-address.ts';
import { bearer, useTestApp } from '../harness.ts';

/**
 * Issue 28 §9: links in mail and SMS are built on PUBLIC_BASE_URL, or on http://localhost:PORT when it is not set,
 * and nothing said so. The delivery settings reply names the address and whether it is a loopback one, and the
 * settings page (/invoicePlat/zzsdzfp) warns while it is.
 */
const DELIVERY = '/api/admin/v1/plat/delivery-settings';
const local = useTestApp();
const published = useTestApp({ PUBLIC_BASE_URL: 'https://fapiao.example.com/' });

const settings = {
  autoEmail: true,
  autoSms: false,
  attachXml: true,
  deliverRed: true,
  linkTtlDays: 30,
  attachMaxKb: 2048,
};

describe('the public address on the delivery settings', () => {
  it('is flagged as loopback while PUBLIC_BASE_URL is not set, on reading and on saving', async () => {
    const t = local();
    const demo = await t.login('demo', 'Demo@123');
    const got = await t.app.inject({ method: 'GET', url: DELIVERY, headers: bearer(demo) });
    expect(got.statusCode, got.body).toBe(200);
    expect(got.json()).toMatchObject({
      publicBaseUrl: `http://localhost:${t.services.config.PORT}`,
      publicBaseUrlIsLoopback: true,
    });
    const saved = await t.app.inject({
      method: 'PUT',
      url: DELIVERY,
      headers: bearer(demo),
      payload: settings,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ ...settings, publicBaseUrlIsLoopback: true });
    // The address is not a setting: a client cannot store it with the others.
    const [row] = await t.services.db
      .select()
      .from(tenantParameters)
      .where(eq(tenantParameters.key, 'delivery'));
    expect(row.value).toEqual(settings);
  });

  it('is not flagged once PUBLIC_BASE_URL names a real address', async () => {
    const t = published();
    const demo = await t.login('demo', 'Demo@123');
    const got = await t.app.inject({ method: 'GET', url: DELIVERY, headers: bearer(demo) });
    expect(got.json()).toMatchObject({
      publicBaseUrl: 'https://fapiao.example.com',
      publicBaseUrlIsLoopback: false,
    });
  });

  it('knows the loopback address in every spelling, and nothing else', () => {
    for (const url of [
      'http://localhost:9527',
      'http://LOCALHOST./',
      'http://app.localhost',
      'http://127.0.0.1:9527',
      'http://127.1.2.3',
      'http://2130706433/',
      'http://0x7f.1/',
      'http://[::1]:9527',
      'http://[::ffff:127.0.0.1]/',
      'http://0.0.0.0:9527',
      'http://[::]/',
    ])
      expect(isLoopbackUrl(url), url).toBe(true);
    for (const url of [
      'https://fapiao.example.com',
      'http://192.168.1.5:9527',
      'http://10.0.0.1',
      'http://localhost.example.com',
      'http://[2001:db8::1]/',
      'not a url',
    ])
      expect(isLoopbackUrl(url), url).toBe(false);
  });
});
