import { openApps, resourceChanges } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../harness.ts';
import { signedCall } from './gateway-helpers.ts';

/**
 * Issue 32 §1, lane CONSOLE — 开发者权限管理 (developerRightsManager), 接口分组, 平台接口, 企业限流: the operator
 * creates a developer and an app whose secret is answered once (never readable again, sealed at rest) and works
 * for a signed call once its groups are granted; resets it; whitelist, callback and references refused naming
 * the field; groups and APIs switched off; limits checked against their scope. Company accounts are refused.
 */
const app = useTestApp();
const BASE = '/api/admin/open-platform';
let admin: string;
let demo: string;
const unique = (s: string) => `${s}${Math.random().toString(36).slice(2, 8)}`;
const inject = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app().app.inject({ method, url, headers: bearer(token), payload });

let devId: number;

beforeAll(async () => {
  admin = await app().login('admin', 'Admin@123');
  demo = await app().login('demo', 'Demo@123');
  const dev = await inject(admin, 'POST', `${BASE}/developers`, {
    name: unique('测试服务商'),
    kind: 'isv',
    contact: '张三',
    phone: '13800001111',
    email: 'isv@example.com',
  });
  expect(dev.statusCode, dev.body).toBe(200);
  devId = dev.json().id;
});

describe('开发者与应用 (platform operator)', () => {
  it('an app’s secret is answered once, sealed at rest, and signs calls once its groups are granted', async () => {
    const made = await inject(admin, 'POST', `${BASE}/apps`, {
      developerId: devId,
      name: unique('测试应用'),
      ipWhitelist: ['203.0.113.0/24', '2001:db8::/32'],
      callbackUrl: 'https://erp.example.com/callback',
      webhookEvents: ['invoice.issued'],
    });
    expect(made.statusCode, made.body).toBe(200);
    const { id, key, secret } = made.json();
    expect(key).toMatch(/^ak_[0-9A-Za-z]{20}$/);
    expect(secret).toMatch(/^[0-9A-Za-z]{40}$/);

    // Never again: not in the row, the list, the export's source or the audit.
    const row = await inject(admin, 'GET', `${BASE}/apps/${id}`);
    expect(row.statusCode, row.body).toBe(200);
    expect(row.body).not.toContain(secret);
    expect(row.json()).toMatchObject({
      appKey: key,
      secretHint: secret.slice(-4),
      state: 'enabled',
      groups: [],
    });
    const list = await inject(admin, 'GET', `${BASE}/apps?keyword=${key}`);
    expect(list.json().rows).toHaveLength(1);
    expect(list.body).not.toContain(secret);
    const db = app().services.db;
    const [stored] = await db.select().from(openApps).where(eq(openApps.id, id));
    expect(stored.secretCipher).not.toContain(secret);
    const audits = await db
      .select()
      .from(resourceChanges)
      .where(and(eq(resourceChanges.resource, 'openApps'), eq(resourceChanges.recordId, id)));
    expect(audits.map((a) => a.action)).toContain('create');
    expect(JSON.stringify(audits)).not.toContain(secret);

    const devRow = await inject(admin, 'GET', `${BASE}/developers/${devId}`);
    expect(devRow.json().appCount).toBe(1);

    // An own app (enterprise developer) calls for its company once granted the group; before, the group is refused.
    const own = await inject(admin, 'POST', `${BASE}/developers`, {
      name: unique('演示企业开发者'),
      kind: 'enterprise',
    });
    expect(own.statusCode).toBe(400);
    expect(own.json().code).toBe('OPEN_DEVELOPER_TENANT');

    const ownApp = await ownAppWithSecret();
    const call = () =>
      signedCall(app().app, { app: ownApp, url: '/openapi/v1/customers/search?q=%E4%B8%8A%E6%B5%B7' });
    expect((await call()).json().code).toBe('API_NOT_GRANTED');
    const grant = await inject(admin, 'PUT', `${BASE}/apps/${ownApp.id}/groups`, {
      groups: ['electronic-invoice', 'output-invoice'],
    });
    expect(grant.statusCode, grant.body).toBe(200);
    expect(grant.json().groups).toEqual(['electronic-invoice', 'output-invoice']);
    const ok = await call();
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().code).toBe('OK');

    // Reset: the new secret is shown once; the old one is refused at once.
    const reset = await inject(admin, 'POST', `${BASE}/apps/${ownApp.id}/reset-secret`);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().secret).not.toBe(ownApp.appSecret);
    expect((await call()).json().code).toBe('BAD_SIGNATURE');
    ownApp.appSecret = reset.json().secret;
    expect((await call()).json().code).toBe('OK');

    // Disabled: refused.
    const off = await inject(admin, 'POST', `${BASE}/apps/bulk/disable`, { ids: [ownApp.id] });
    expect(off.json().updated).toBe(1);
    expect((await call()).json().code).toBe('APP_DISABLED');
  });

  async function ownAppWithSecret() {
    const tenantId = await demoTenantId();
    const dev = await inject(admin, 'POST', `${BASE}/developers`, {
      name: unique('演示企业开发者'),
      kind: 'enterprise',
      tenantId,
    });
    expect(dev.statusCode, dev.body).toBe(200);
    const made = await inject(admin, 'POST', `${BASE}/apps`, {
      developerId: dev.json().id,
      name: unique('自建'),
    });
    expect(made.statusCode, made.body).toBe(200);
    const row = await inject(admin, 'GET', `${BASE}/apps/${made.json().id}`);
    expect(row.json().tenantName).toBeTruthy();
    return {
      id: made.json().id as number,
      appKey: made.json().key as string,
      appSecret: made.json().secret as string,
    };
  }

  it('exports the apps and licences (lists joined, options named)', async () => {
    for (const url of [
      `${BASE}/apps/export`,
      `${BASE}/licenses/export?state=active`,
      `${BASE}/developers/export`,
    ]) {
      const r = await inject(admin, 'GET', url);
      expect(r.statusCode, `${url}: ${r.body.slice(0, 200)}`).toBe(200);
      expect(r.headers['content-type']).toContain('spreadsheet');
    }
    const active = await inject(admin, 'GET', `${BASE}/licenses?state=active&limit=100`);
    expect(active.statusCode, active.body).toBe(200);
    expect(active.json().rows.every((r: { state: string }) => r.state === 'active')).toBe(true);
  });

  it('hostile input is a 400 naming the field', async () => {
    const cases: [object, string][] = [
      [{ developerId: devId, name: 'x', ipWhitelist: ['10.0.0.0/33'] }, 'ipWhitelist'],
      [{ developerId: devId, name: 'x', ipWhitelist: ['not-an-ip'] }, 'ipWhitelist'],
      [
        {
          developerId: devId,
          name: 'x',
          ipWhitelist: Array.from({ length: 21 }, (_, i) => `203.0.113.${i}`),
        },
        'ipWhitelist',
      ],
      [{ developerId: devId, name: 'x', callbackUrl: 'ftp://example.com/x' }, 'callbackUrl'],
      [{ developerId: devId, name: 'x', callbackUrl: 'http://169.254.169.254/latest' }, 'callbackUrl'],
      [{ developerId: devId, name: 'x', callbackUrl: 'http://10.1.2.3/hook' }, 'callbackUrl'],
      [{ developerId: devId, name: 'x', webhookEvents: ['invoice.nope'] }, 'webhookEvents'],
      [{ developerId: 99999999, name: 'x' }, 'developerId'],
      [{ developerId: devId, name: '' }, 'name'],
      [{ developerId: devId, name: 'a\u0000b' }, 'name'],
    ];
    for (const [body, field] of cases) {
      const r = await inject(admin, 'POST', `${BASE}/apps`, body);
      expect(r.statusCode, `${JSON.stringify(body)}: ${r.body}`).toBe(400);
      expect(JSON.stringify(r.json()), JSON.stringify(body)).toContain(field);
    }
    const groups = await inject(admin, 'PUT', `${BASE}/apps/1/groups`, { groups: ['nope'] });
    expect(groups.statusCode).toBe(400);
    expect(groups.body).toContain('groups');
  });

  it('company accounts are refused the operators’ pages', async () => {
    for (const [method, url] of [
      ['GET', `${BASE}/apps`],
      ['POST', `${BASE}/apps`],
      ['GET', `${BASE}/developers`],
      ['GET', `${BASE}/interfaces`],
      ['GET', `${BASE}/rate-limits`],
      ['GET', `${BASE}/licenses`],
    ] as const) {
      const r = await inject(
        demo,
        method,
        url,
        method === 'POST' ? { developerId: devId, name: 'x' } : undefined,
      );
      expect(r.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('接口分组、平台接口、企业限流', () => {
  it('lists the groups and APIs synced from the declarations; an API switched off is refused to callers', async () => {
    const groups = await inject(admin, 'GET', `${BASE}/interface-groups?limit=50`);
    expect(groups.statusCode, groups.body).toBe(200);
    const codes = groups.json().rows.map((r: { code: string }) => r.code);
    expect(codes).toContain('output-invoice');
    const out = groups.json().rows.find((r: { code: string }) => r.code === 'output-invoice');
    expect(out.interfaceCount).toBeGreaterThan(0);
    const edit = await inject(admin, 'PUT', `${BASE}/interface-groups/${out.id}`, { nameZh: '销项发票接口' });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().nameZh).toBe('销项发票接口');

    const apis = await inject(admin, 'GET', `${BASE}/interfaces?groupCode=electronic-invoice&limit=100`);
    expect(apis.statusCode, apis.body).toBe(200);
    const search = apis.json().rows.find((r: { path: string }) => r.path.includes('customers/search'));
    expect(search).toBeTruthy();
    const off = await inject(admin, 'POST', `${BASE}/interfaces/bulk/disable`, { ids: [search.id] });
    expect(off.statusCode, off.body).toBe(200);
    const { DEMO_OPEN_APPS } = await import('./gateway-helpers.ts');
    const call = () =>
      signedCall(app().app, { app: DEMO_OPEN_APPS.own, url: '/openapi/v1/customers/search?q=a' });
    expect((await call()).json().code).toBe('API_DISABLED');
    await inject(admin, 'POST', `${BASE}/interfaces/bulk/enable`, { ids: [search.id] });
    expect((await call()).json().code).toBe('OK');
  });

  it('a limit fits its scope (400 naming the field) and takes effect at once', async () => {
    const bad: [object, string][] = [
      [{ scope: 'api', points: 5, windowSeconds: 1 }, 'operation'],
      [{ scope: 'api', operation: 'no.such.api', points: 5, windowSeconds: 1 }, 'operation'],
      [{ scope: 'app', tenantId: 1, points: 5, windowSeconds: 1 }, 'tenantId'],
      [{ scope: 'enterprise', appId: 1, points: 5, windowSeconds: 1 }, 'appId'],
      [{ scope: 'app', points: 0, windowSeconds: 1 }, 'points'],
      [{ scope: 'app', points: 5, windowSeconds: 90000 }, 'windowSeconds'],
      [{ scope: 'weird', points: 5, windowSeconds: 1 }, 'scope'],
    ];
    for (const [body, field] of bad) {
      const r = await inject(admin, 'POST', `${BASE}/rate-limits`, body);
      expect(r.statusCode, `${JSON.stringify(body)}: ${r.body}`).toBe(400);
      expect(JSON.stringify(r.json())).toContain(field);
    }
    const { DEMO_OPEN_APPS } = await import('./gateway-helpers.ts');
    const [own] = await app()
      .services.db.select()
      .from(openApps)
      .where(eq(openApps.appKey, DEMO_OPEN_APPS.own.appKey));
    const made = await inject(admin, 'POST', `${BASE}/rate-limits`, {
      scope: 'api',
      appId: own.id,
      operation: 'customer.search',
      points: 1,
      windowSeconds: 60,
      remark: '测试',
    });
    expect(made.statusCode, made.body).toBe(200);
    const call = () =>
      signedCall(app().app, { app: DEMO_OPEN_APPS.own, url: '/openapi/v1/customers/search?q=b' });
    const first = await call();
    const second = await call();
    expect([first.statusCode, second.statusCode]).toContain(429);
    const del = await inject(admin, 'DELETE', `${BASE}/rate-limits/${made.json().id}`);
    expect(del.statusCode, del.body).toBe(200);
  });
});

async function demoTenantId() {
  const me = await inject(demo, 'GET', '/api/admin/user/front/info');
  return me.json().tenantId as number;
}
