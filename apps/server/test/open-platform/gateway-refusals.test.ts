import { randomUUID } from 'node:crypto';
import { OPEN_SIGNING_EXAMPLES, openErrorCatalogue } from '@fpy/contracts';
import {
  openAccessTokens,
  openAppGroups,
  openApps,
  openCallLogs,
  openInterfaces,
  openLicenses,
  openRateLimits,
  tenants,
} from '@fpy/db';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  boxFor,
  openGatewayOf,
  OPEN_PLATFORM_TOPIC,
  sha256Hex,
  sign,
  stringToSign,
} from '../../src/modules/open-platform/gateway/index.ts';
import { type TestApp, useTestApp } from '../harness.ts';
import { DEMO_OPEN_APPS, DEMO_TAX_NO, issueBody, isv, signedCall } from './gateway-helpers.ts';

let made = 0;
/** A fresh app of the demo company (or an ISV app) with its own budgets. */
async function newApp(
  t: TestApp,
  o: { isv?: boolean; groups?: string[]; whitelist?: string[]; state?: string } = {},
) {
  made += 1;
  const appKey = `ak_T${String(process.pid).padStart(7, '0')}${String(made).padStart(12, '0')}`.slice(0, 23);
  const appSecret = `S${randomUUID().replace(/-/g, '')}`.slice(0, 40);
  const [demo] = await t.services.db.select().from(tenants).where(eq(tenants.creditCode, DEMO_TAX_NO));
  const [row] = await t.services.db
    .insert(openApps)
    .values({
      developerId: 1,
      name: `test app ${made}`,
      appKey,
      secretCipher: boxFor(t.services.config.OPEN_SECRET_KEY).seal(appSecret),
      secretHint: appSecret.slice(-4),
      ipWhitelist: o.whitelist ?? [],
      state: o.state ?? 'enabled',
      tenantId: o.isv ? null : demo.id,
    })
    .returning();
  const groups = o.groups ?? ['output-invoice', 'electronic-invoice', 'input-invoice'];
  if (groups.length)
    await t.services.db
      .insert(openAppGroups)
      .values(groups.map((groupCode) => ({ appId: row.id, groupCode })));
  t.services.bus.publish(OPEN_PLATFORM_TOPIC);
  return { id: row.id, appKey, appSecret, tenantId: demo.id };
}

const codeOf = (res: { json(): any }) => res.json().code as string;

describe('open API: the signing guide, refusals in order, limits, call log', () => {
  const app = useTestApp();

  it('the server signs the worked examples exactly as the guide says', () => {
    for (const ex of OPEN_SIGNING_EXAMPLES) {
      const input = {
        method: ex.method,
        url: ex.url,
        bodySha256: sha256Hex(ex.body),
        timestamp: ex.timestamp,
        nonce: ex.nonce,
      };
      expect(sha256Hex(ex.body)).toBe(ex.bodySha256);
      expect(stringToSign(input)).toBe(ex.stringToSign);
      expect(sign(ex.appSecret, input)).toBe(ex.signature);
    }
    expect(OPEN_SIGNING_EXAMPLES[0].appSecret).toBe(DEMO_OPEN_APPS.own.appSecret);
  });

  it('OAuth2 client credentials on /api/auth/oauth/token: Basic or form fields, 2 h bearer token', async () => {
    const t = app();
    const basic = Buffer.from(`${DEMO_OPEN_APPS.isv.appKey}:${DEMO_OPEN_APPS.isv.appSecret}`).toString(
      'base64',
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/oauth/token',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=client_credentials',
    });
    expect(res.statusCode, res.body).toBe(200);
    const tok = res.json();
    expect(tok).toMatchObject({ token_type: 'bearer', expires_in: 7200 });
    const call = await t.app.inject({
      url: '/openapi/v1/tax-codes/lookup?bm=1060301020100000000',
      headers: { authorization: `Bearer ${tok.access_token}`, 'x-tenant-tax-no': DEMO_TAX_NO },
    });
    expect(call.statusCode, call.body).not.toBe(401);
    expect(['OK', 'NOT_FOUND', 'INVALID_PARAMETER']).toContain(codeOf(call));
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/auth/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: DEMO_OPEN_APPS.own.appKey,
        client_secret: DEMO_OPEN_APPS.own.appSecret,
      }).toString(),
    });
    expect(form.statusCode, form.body).toBe(200);
    const calc = await t.app.inject({
      method: 'POST',
      url: '/openapi/v1/invoice/calculate',
      headers: { authorization: `Bearer ${form.json().access_token}` },
      payload: { pricingMode: 'exclusive', lines: [{ quantity: '1', unitPrice: '100', rate: 'rate_13' }] },
    });
    expect([200, 400]).toContain(calc.statusCode);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=client_credentials&client_id=${DEMO_OPEN_APPS.own.appKey}&client_secret=nope`,
    });
    expect(wrong.statusCode).toBe(401);
    // An expired or unknown token
    const bad = await t.app.inject({
      url: '/openapi/v1/invoices',
      headers: { authorization: 'Bearer ot_nothing' },
    });
    expect(bad.statusCode).toBe(401);
    expect(codeOf(bad)).toBe('INVALID_TOKEN');
    await t.services.db
      .update(openAccessTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(
        eq(
          openAccessTokens.appId,
          (
            await t.services.db.select().from(openApps).where(eq(openApps.appKey, DEMO_OPEN_APPS.own.appKey))
          )[0].id,
        ),
      );
    t.services.bus.publish(OPEN_PLATFORM_TOPIC);
    const expired = await t.app.inject({
      url: '/openapi/v1/invoices',
      headers: { authorization: `Bearer ${form.json().access_token}` },
    });
    expect(codeOf(expired)).toBe('INVALID_TOKEN');
  });

  it('refuses each §4 case with its own code, before the service and without quota', async () => {
    const t = app();
    const a = await newApp(t);
    // An app budget of 2 per minute: the refusals below must leave both calls.
    await t.services.db
      .insert(openRateLimits)
      .values({ scope: 'app', appId: a.id, points: 2, windowSeconds: 60 });
    t.services.bus.publish(OPEN_PLATFORM_TOPIC);
    const url = '/openapi/v1/invoice/calculate';
    const calc = {
      type: 'digital_special',
      pricingMode: 'exclusive',
      colour: 'blue',
      buyer: { name: '上海云帆信息技术有限公司', taxNumber: '91310104MA1FR8KX39' },
      lines: [
        {
          name: '*信息技术服务*接口服务费',
          unit: '次',
          quantity: '1',
          unitPrice: '100',
          rate: 'rate_13',
          taxCode: '1060301020100000000',
        },
      ],
    };

    const malformed = await signedCall(t.app, { app: a, url, rawBody: '{"lines": [' });
    expect([malformed.statusCode, codeOf(malformed)]).toEqual([400, 'MALFORMED_JSON']);

    const huge = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', 'x-fpy-appkey': a.appKey },
      payload: `{"x":"${'a'.repeat(10 * 1024 * 1024)}"}`,
    });
    expect([huge.statusCode, codeOf(huge)]).toEqual([413, 'BODY_TOO_LARGE']);
    expect(huge.body.length).toBeLessThan(1000);

    const none = await t.app.inject({ method: 'POST', url, payload: calc });
    expect([none.statusCode, codeOf(none)]).toEqual([401, 'MISSING_CREDENTIALS']);

    const unknown = await signedCall(t.app, {
      app: { appKey: 'ak_NoSuchApp000000000000', appSecret: 'x' },
      url,
      body: calc,
    });
    expect([unknown.statusCode, codeOf(unknown)]).toEqual([401, 'UNKNOWN_APP']);

    const disabled = await newApp(t, { state: 'disabled' });
    const dis = await signedCall(t.app, { app: disabled, url, body: calc });
    expect([dis.statusCode, codeOf(dis)]).toEqual([403, 'APP_DISABLED']);

    const badSig = await signedCall(t.app, { app: a, url, body: calc, tamper: true });
    expect([badSig.statusCode, codeOf(badSig)]).toEqual([401, 'BAD_SIGNATURE']);
    // A known app's refusal reports its budget, untouched.
    expect(badSig.headers['x-ratelimit-limit']).toBe('2');
    expect(badSig.headers['x-ratelimit-remaining']).toBe('2');

    const stale = await signedCall(t.app, {
      app: a,
      url,
      body: calc,
      timestamp: String(Math.floor(Date.now() / 1000) - 301),
    });
    expect([stale.statusCode, codeOf(stale)]).toEqual([401, 'STALE_TIMESTAMP']);
    const future = await signedCall(t.app, {
      app: a,
      url,
      body: calc,
      timestamp: String(Math.floor(Date.now() / 1000) + 400),
    });
    expect(codeOf(future)).toBe('STALE_TIMESTAMP');

    const ipApp = await newApp(t, { whitelist: ['10.1.0.0/16', '2001:db8::/32'] });
    const outside = await signedCall(t.app, { app: ipApp, url, body: calc, ip: '192.0.2.7' });
    expect([outside.statusCode, codeOf(outside)]).toEqual([403, 'IP_NOT_ALLOWED']);
    const inside = await signedCall(t.app, { app: ipApp, url, body: calc, ip: '10.1.2.3' });
    expect(codeOf(inside)).not.toBe('IP_NOT_ALLOWED');

    await t.services.db
      .update(openInterfaces)
      .set({ state: 'disabled' })
      .where(eq(openInterfaces.operation, 'invoice.calculate'));
    t.services.bus.publish(OPEN_PLATFORM_TOPIC);
    const off = await signedCall(t.app, { app: a, url, body: calc });
    expect([off.statusCode, codeOf(off)]).toEqual([403, 'API_DISABLED']);
    await t.services.db
      .update(openInterfaces)
      .set({ state: 'enabled' })
      .where(eq(openInterfaces.operation, 'invoice.calculate'));
    t.services.bus.publish(OPEN_PLATFORM_TOPIC);

    const noGroup = await newApp(t, { groups: ['input-invoice'] });
    const outGroup = await signedCall(t.app, { app: noGroup, url, body: calc });
    expect([outGroup.statusCode, codeOf(outGroup)]).toEqual([403, 'API_NOT_GRANTED']);

    // Not one of the refusals took quota: the two calls of the budget pass, the third is over it.
    const ok1 = await signedCall(t.app, { app: a, url, body: calc });
    expect(ok1.statusCode, ok1.body).toBe(200);
    expect(ok1.headers['x-ratelimit-limit']).toBe('2');
    expect(ok1.headers['x-ratelimit-remaining']).toBe('1');
    const ok2 = await signedCall(t.app, { app: a, url, body: calc });
    expect(ok2.statusCode).toBe(200);
    const over = await signedCall(t.app, { app: a, url, body: calc });
    expect([over.statusCode, codeOf(over)]).toEqual([429, 'RATE_LIMITED']);
    expect(over.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(over.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
    // Every code answered is in the catalogue, with its status; no reply carries a stack.
    for (const r of [malformed, huge, none, unknown, dis, badSig, stale, outside, off, outGroup, over]) {
      const e = openErrorCatalogue.find((x) => x.code === codeOf(r));
      expect(e?.status).toBe(r.statusCode);
      expect(r.body).not.toMatch(/at .*\.ts:\d+/);
      expect(r.json().requestId).toBeTruthy();
    }
  });

  it('a replayed nonce is refused; a fresh one passes', async () => {
    const t = app();
    const nonce = randomUUID();
    const url = '/openapi/v1/customers/search?q=abc';
    const first = await signedCall(t.app, { url, nonce });
    expect(codeOf(first)).toBe('OK');
    const replay = await signedCall(t.app, { url, nonce });
    expect([replay.statusCode, codeOf(replay)]).toEqual([401, 'REPLAYED_NONCE']);
  });

  it('an ISV: no enterprise named, not licensed, revoked, expired, out of scope', async () => {
    const t = app();
    const url = '/openapi/v1/customers/search?q=abc';
    const i = await newApp(t, { isv: true });
    const noEnt = await signedCall(t.app, { app: i, url });
    expect([noEnt.statusCode, codeOf(noEnt)]).toEqual([400, 'ENTERPRISE_REQUIRED']);
    const unknownEnt = await signedCall(t.app, {
      app: i,
      url,
      headers: { 'x-tenant-tax-no': '000000000000000000' },
    });
    expect(codeOf(unknownEnt)).toBe('ENTERPRISE_NOT_FOUND');
    const unlicensed = await signedCall(t.app, { app: i, url, headers: isv.headers });
    expect([unlicensed.statusCode, codeOf(unlicensed)]).toEqual([403, 'LICENSE_NOT_FOUND']);
    expect(unlicensed.json().message).toMatch(/未授权/);
    const en = await signedCall(t.app, {
      app: i,
      url,
      headers: { ...isv.headers, 'accept-language': 'en' },
    });
    expect(en.json().message).toMatch(/not authorised/);

    await t.services.db.insert(openLicenses).values({
      appId: i.id,
      tenantId: i.tenantId,
      scopes: ['output-invoice'],
      state: 'active',
    });
    t.services.bus.publish(OPEN_PLATFORM_TOPIC);
    const scope = await signedCall(t.app, { app: i, url, headers: isv.headers });
    expect(codeOf(scope)).toBe('LICENSE_SCOPE');
    const lic = and(eq(openLicenses.appId, i.id), eq(openLicenses.tenantId, i.tenantId));
    await t.services.db
      .update(openLicenses)
      .set({ scopes: ['electronic-invoice'] })
      .where(lic);
    t.services.bus.publish(OPEN_PLATFORM_TOPIC);
    expect(codeOf(await signedCall(t.app, { app: i, url, headers: isv.headers }))).toBe('OK');
    await t.services.db
      .update(openLicenses)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(lic);
    t.services.bus.publish(OPEN_PLATFORM_TOPIC);
    expect(codeOf(await signedCall(t.app, { app: i, url, headers: isv.headers }))).toBe('LICENSE_EXPIRED');
    await t.services.db
      .update(openLicenses)
      .set({ expiresAt: null, state: 'revoked', revokedAt: new Date() })
      .where(lic);
    t.services.bus.publish(OPEN_PLATFORM_TOPIC);
    expect(codeOf(await signedCall(t.app, { app: i, url, headers: isv.headers }))).toBe('LICENSE_REVOKED');
    // An own app naming another enterprise.
    const mismatch = await signedCall(t.app, { url, headers: { 'x-enterprise-id': '999999' } });
    expect(codeOf(mismatch)).toBe('ENTERPRISE_MISMATCH');
  });

  it('unknown open paths answer in the envelope; the call log records calls without body or secret', async () => {
    const t = app();
    const nf = await t.app.inject({ url: '/openapi/v1/nothing-here' });
    expect([nf.statusCode, codeOf(nf)]).toEqual([404, 'NOT_FOUND']);
    const body = issueBody();
    const res = await signedCall(t.app, { ...isv, url: '/openapi/v1/invoices', body });
    expect(res.statusCode, res.body).toBe(201);
    await openGatewayOf(t.app)?.log.flush();
    const rows = await t.services.db
      .select()
      .from(openCallLogs)
      .where(inArray(openCallLogs.requestId, [res.json().requestId]));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      operation: 'invoice.issue',
      httpStatus: 201,
      code: 'OK',
      authMode: 'hmac',
      appKey: DEMO_OPEN_APPS.isv.appKey,
    });
    expect(JSON.stringify(rows[0])).not.toContain(body.clientSerial);
    expect(JSON.stringify(rows[0])).not.toContain(DEMO_OPEN_APPS.isv.appSecret);
    const refused = await t.services.db
      .select()
      .from(openCallLogs)
      .where(eq(openCallLogs.code, 'BAD_SIGNATURE'));
    expect(refused.length).toBeGreaterThan(0);
  });
});
