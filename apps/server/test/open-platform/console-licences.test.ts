import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../harness.ts';
import { DEMO_OPEN_APPS, signedCall } from './gateway-helpers.ts';

/**
 * Issue 32 §1, lane CONSOLE — 企业授权 / 软件接口授权, OAuth 客户端, 授权码, 设备绑定: a company authorises an
 * ISV app (scopes + expiry) and revokes it, and sees only its own licences; the operators see all; OAuth client
 * secrets are answered once and a disabled client is refused at the token endpoint; authorisation codes are the
 * server's; a device is bound to one company at a time. Hostile input is a 400 naming the field.
 */
const app = useTestApp();
const OP = '/api/admin/open-platform';
const AUTH = '/api/admin/auth';
let admin: string;
let demo: string;
let brand: string;
let isvApp: number;
let demoTenant: number;
let brandTenant: number;
const unique = (s: string) => `${s}${Math.random().toString(36).slice(2, 8)}`;
const inject = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app().app.inject({ method, url, headers: bearer(token), payload });
const later = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

beforeAll(async () => {
  admin = await app().login('admin', 'Admin@123');
  demo = await app().login('demo', 'Demo@123');
  brand = await app().login('brand', 'Brand@123');
  demoTenant = (await inject(demo, 'GET', '/api/admin/user/front/info')).json().tenantId;
  brandTenant = (await inject(brand, 'GET', '/api/admin/user/front/info')).json().tenantId;
  // A fresh ISV app with the output group, for the licences below.
  const dev = await inject(admin, 'POST', `${OP}/developers`, {
    name: unique('授权测试服务商'),
    kind: 'isv',
  });
  expect(dev.statusCode, dev.body).toBe(200);
  const made = await inject(admin, 'POST', `${OP}/apps`, {
    developerId: dev.json().id,
    name: unique('授权测试应用'),
  });
  expect(made.statusCode, made.body).toBe(200);
  isvApp = made.json().id;
  await inject(admin, 'PUT', `${OP}/apps/${isvApp}/groups`, {
    groups: ['output-invoice', 'electronic-invoice'],
  });
});

describe('软件接口授权 (the company) and 企业授权 (the operators)', () => {
  it('a company authorises an ISV app, sees only its own licences, revokes and restores', async () => {
    const options = await inject(demo, 'GET', `${OP}/licensable-apps?all=1`);
    expect(options.statusCode, options.body).toBe(200);
    // A company never picks another company's own app, even asking for all.
    const ids = options.json().map((o: { id: number }) => o.id);
    expect(ids).toContain(isvApp);

    const made = await inject(demo, 'POST', `${OP}/software-licenses`, {
      appId: isvApp,
      scopes: ['output-invoice'],
      expiresAt: later(30),
      remark: '测试授权',
    });
    expect(made.statusCode, made.body).toBe(200);
    const lic = made.json();
    expect(lic).toMatchObject({
      appId: isvApp,
      tenantId: demoTenant,
      scopes: ['output-invoice'],
      state: 'active',
    });

    const again = await inject(demo, 'POST', `${OP}/software-licenses`, {
      appId: isvApp,
      scopes: ['output-invoice'],
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('OPEN_LICENSE_EXISTS');

    // brand sees none of demo's licences, cannot read, edit or revoke them.
    const theirs = await inject(brand, 'GET', `${OP}/software-licenses?limit=100`);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().rows.every((r: { tenantId: number }) => r.tenantId === brandTenant)).toBe(true);
    expect((await inject(brand, 'GET', `${OP}/software-licenses/${lic.id}`)).statusCode).toBe(404);
    expect(
      (await inject(brand, 'PUT', `${OP}/software-licenses/${lic.id}`, { remark: 'x' })).statusCode,
    ).toBe(404);
    const sneak = await inject(brand, 'POST', `${OP}/software-licenses/bulk/revoke`, { ids: [lic.id] });
    expect(sneak.json().updated).toBe(0);

    // The operators see every company's licences and are the only ones on enterpriseLicense.
    const all = await inject(admin, 'GET', `${OP}/licenses?appId=${isvApp}`);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().rows.map((r: { id: number }) => r.id)).toContain(lic.id);
    expect((await inject(demo, 'GET', `${OP}/licenses`)).statusCode).toBe(403);

    const revoke = await inject(demo, 'POST', `${OP}/software-licenses/bulk/revoke`, { ids: [lic.id] });
    expect(revoke.json().updated).toBe(1);
    const after = await inject(demo, 'GET', `${OP}/software-licenses/${lic.id}`);
    expect(after.json()).toMatchObject({ state: 'revoked' });
    expect(after.json().revokedAt).toBeTruthy();
    const restore = await inject(demo, 'POST', `${OP}/software-licenses/bulk/restore`, { ids: [lic.id] });
    expect(restore.json().updated).toBe(1);
  });

  it('the operators authorise for a company; an expired licence reads expired', async () => {
    const made = await inject(admin, 'POST', `${OP}/licenses`, {
      appId: isvApp,
      tenantId: brandTenant,
      scopes: ['electronic-invoice'],
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().tenantName).toBeTruthy();
    const mine = await inject(brand, 'GET', `${OP}/software-licenses?appId=${isvApp}`);
    expect(mine.json().rows).toHaveLength(1);
  });

  it('an ISV acting for a company that revoked it is refused by the gateway', async () => {
    const all = await inject(admin, 'GET', `${OP}/licenses?keyword=${DEMO_OPEN_APPS.isv.appKey}`);
    const demoLic = all.json().rows.find((r: { tenantId: number }) => r.tenantId === demoTenant);
    expect(demoLic).toBeTruthy();
    const call = () =>
      signedCall(app().app, {
        app: DEMO_OPEN_APPS.isv,
        url: '/openapi/v1/customers/search?q=a',
        headers: { 'x-enterprise-id': String(demoTenant) },
      });
    expect((await call()).json().code).toBe('OK');
    await inject(demo, 'POST', `${OP}/software-licenses/bulk/revoke`, { ids: [demoLic.id] });
    const refused = await call();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).not.toBe('OK');
    await inject(demo, 'POST', `${OP}/software-licenses/bulk/restore`, { ids: [demoLic.id] });
    expect((await call()).json().code).toBe('OK');
  });

  it('hostile licence input is a 400 naming the field', async () => {
    const own = await inject(admin, 'GET', `${OP}/apps?keyword=${DEMO_OPEN_APPS.own.appKey}`);
    const cases: [object, string][] = [
      [{ appId: isvApp, scopes: [] }, 'scopes'],
      [{ appId: isvApp, scopes: ['nope'] }, 'scopes'],
      [{ appId: isvApp, scopes: ['output-invoice'], expiresAt: '2020-01-01' }, 'expiresAt'],
      [{ appId: isvApp, scopes: ['output-invoice'], expiresAt: '2026-02-30' }, 'expiresAt'],
      [{ appId: 99999999, scopes: ['output-invoice'] }, 'appId'],
      [{ appId: own.json().rows[0].id, scopes: ['output-invoice'] }, 'appId'],
      [{ appId: 'x', scopes: ['output-invoice'] }, 'appId'],
    ];
    for (const [body, field] of cases) {
      const r = await inject(brand, 'POST', `${OP}/software-licenses`, body);
      expect(r.statusCode, `${JSON.stringify(body)}: ${r.body}`).toBe(400);
      expect(JSON.stringify(r.json()), JSON.stringify(body)).toContain(field);
    }
  });
});

describe('OAuth 客户端, 授权码, 设备绑定 (platform)', () => {
  it('an OAuth client’s secret is answered once; a disabled client is refused; webApp stays usable', async () => {
    const clientId = unique('erpClient');
    const made = await inject(admin, 'POST', `${AUTH}/oauth-clients`, {
      clientId,
      name: 'ERP',
      grantTypes: 'password,refresh_token',
      scopes: 'all',
      redirectUris: 'https://erp.example.com/cb',
      accessTokenTtl: 3600,
      refreshTokenTtl: 86400,
      enabled: true,
    });
    expect(made.statusCode, made.body).toBe(200);
    const { id, secret } = made.json();
    expect(secret).toMatch(/^[0-9A-Za-z]{32}$/);
    const row = await inject(admin, 'GET', `${AUTH}/oauth-clients/${id}`);
    expect(row.body).not.toContain(secret);
    expect(row.json()).not.toHaveProperty('secretHash');

    const token = (basic: string) =>
      app().app.inject({
        method: 'POST',
        url: '/api/auth/oauth/token',
        headers: {
          authorization: `Basic ${Buffer.from(basic).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: new URLSearchParams({
          username: 'demo',
          password: app().encrypt('Demo@123'),
          grant_type: 'password',
        }).toString(),
      });
    const wrong = await token(`${clientId}:nope`);
    expect(wrong.json().code).toBe('CLIENT_INVALID');
    const good = await token(`${clientId}:${secret}`);
    expect(good.statusCode, good.body).toBe(200);
    await inject(admin, 'POST', `${AUTH}/oauth-clients/bulk/disable`, { ids: [id] });
    expect((await token(`${clientId}:${secret}`)).json().code).toBe('CLIENT_INVALID');

    const dup = await inject(admin, 'POST', `${AUTH}/oauth-clients`, {
      clientId,
      name: 'x',
      grantTypes: 'password',
      scopes: 'all',
      redirectUris: '',
      accessTokenTtl: 3600,
      refreshTokenTtl: 86400,
      enabled: true,
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.body).toContain('clientId');

    const list = await inject(admin, 'GET', `${AUTH}/oauth-clients?keyword=webApp`);
    const web = list.json().rows.find((r: { clientId: string }) => r.clientId === 'webApp');
    const off = await inject(admin, 'PUT', `${AUTH}/oauth-clients/${web.id}`, { enabled: false });
    expect(off.statusCode).toBe(400);
    expect(off.json().code).toBe('OPEN_CONSOLE_CLIENT');
    const noPwd = await inject(admin, 'PUT', `${AUTH}/oauth-clients/${web.id}`, {
      grantTypes: 'client_credentials',
    });
    expect(noPwd.json().code).toBe('OPEN_CONSOLE_CLIENT');
    expect((await inject(admin, 'POST', `${AUTH}/oauth-clients/${web.id}/reset-secret`)).statusCode).toBe(
      400,
    );
    for (const [body, field] of [
      [{ grantTypes: 'password,implicit' }, 'grantTypes'],
      [{ redirectUris: 'javascript:alert(1)' }, 'redirectUris'],
      [{ accessTokenTtl: 5 }, 'accessTokenTtl'],
    ] as const) {
      const r = await inject(admin, 'PUT', `${AUTH}/oauth-clients/${id}`, body);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.body).toContain(field);
    }
  });

  it('authorisation codes are the server’s; expiry and references are checked', async () => {
    const made = await inject(admin, 'POST', `${AUTH}/auth-codes`, {
      tenantId: demoTenant,
      product: 'output-invoice',
      expiresAt: later(10),
      maxUses: 3,
      code: 'MINE',
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().code).toMatch(/^AC[0-9A-Za-z]{18}$/);
    expect(made.json()).toMatchObject({ status: 'valid', uses: 0, tenantName: expect.any(String) });
    const off = await inject(admin, 'POST', `${AUTH}/auth-codes/bulk/disable`, { ids: [made.json().id] });
    expect(off.json().updated).toBe(1);
    expect((await inject(admin, 'GET', `${AUTH}/auth-codes/${made.json().id}`)).json().status).toBe(
      'disabled',
    );
    for (const [body, field] of [
      [{ product: 'nope', expiresAt: later(1), maxUses: 1 }, 'product'],
      [{ product: 'output-invoice', expiresAt: '2001-01-01', maxUses: 1 }, 'expiresAt'],
      [{ product: 'output-invoice', expiresAt: later(1), maxUses: 0 }, 'maxUses'],
      [{ product: 'output-invoice', expiresAt: later(1), maxUses: 1, tenantId: 99999999 }, 'tenantId'],
    ] as const) {
      const r = await inject(admin, 'POST', `${AUTH}/auth-codes`, body);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.body).toContain(field);
    }
    expect((await inject(demo, 'GET', `${AUTH}/auth-codes`)).statusCode).toBe(403);
  });

  it('a device is bound to one company at a time; unbinding keeps the history', async () => {
    const serial = unique('SN').toUpperCase();
    const bind = (tenantId: number) =>
      inject(admin, 'POST', `${AUTH}/device-bindings`, {
        tenantId,
        deviceSerial: serial,
        deviceType: 'printer',
      });
    const first = await bind(demoTenant);
    expect(first.statusCode, first.body).toBe(200);
    const second = await bind(brandTenant);
    expect(second.statusCode).toBe(400);
    expect(second.body).toContain('deviceSerial');
    const un = await inject(admin, 'POST', `${AUTH}/device-bindings/bulk/unbind`, { ids: [first.json().id] });
    expect(un.json().updated).toBe(1);
    expect((await bind(brandTenant)).statusCode).toBe(200);
    const hist = await inject(admin, 'GET', `${AUTH}/device-bindings?keyword=${serial}`);
    expect(
      hist
        .json()
        .rows.map((r: { state: string }) => r.state)
        .sort(),
    ).toEqual(['bound', 'unbound']);
    const edit = await inject(admin, 'PUT', `${AUTH}/device-bindings/${first.json().id}`, {
      deviceName: 'x',
    });
    expect(edit.json().code).toBe('OPEN_DEVICE_UNBOUND');
    for (const [body, field] of [
      [{ tenantId: demoTenant, deviceSerial: 'a b', deviceType: 'printer' }, 'deviceSerial'],
      [{ tenantId: demoTenant, deviceSerial: 'SN123456', deviceType: 'toaster' }, 'deviceType'],
      [
        { tenantId: demoTenant, deviceSerial: 'SN123457', deviceType: 'pos', clientId: 'nobodyClient' },
        'clientId',
      ],
    ] as const) {
      const r = await inject(admin, 'POST', `${AUTH}/device-bindings`, body);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.body).toContain(field);
    }
  });
});
