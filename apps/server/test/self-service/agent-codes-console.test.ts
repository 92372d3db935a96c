import { resourceChanges, tenants, users } from '@fpy/db';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../harness.ts';

/**
 * Issue 30 §2.3, 代理商入口管理 (platform console, menu agentCodeManage): the platform administrator lists,
 * creates, edits and disables agent codes; the code is the server's (20 base62) and works on the buyer's public
 * call at once; served companies must exist; every write is audited; company accounts are refused everything.
 */
const app = useTestApp();
const BASE = '/api/admin/self-service/agent-codes';
const PUB = '/api/public/self-service/agents';

let admin: string;
let demo: string;
let demoTenant: { id: number; name: string };
let nextIp = 1;
const SEEDED = `服务大厅${Math.random().toString(36).slice(2, 8)}`;

const inject = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  app().app.inject({ method, url, headers: bearer(token), payload });
const open = (code: string) =>
  app().app.inject({ url: `${PUB}/${code}`, remoteAddress: `203.0.113.${nextIp++}` });
const unique = (s: string) => `${s}${Math.random().toString(36).slice(2, 8)}`;

beforeAll(async () => {
  admin = await app().login('admin', 'Admin@123');
  demo = await app().login('demo', 'Demo@123');
  const db = app().services.db;
  const [u] = await db.select().from(users).where(eq(users.username, 'demo'));
  const [t] = await db
    .select()
    .from(tenants)
    .where(eq(tenants.id, u.tenantId as number));
  demoTenant = { id: t.id, name: t.name };
  // A working board, so the company is listed on the buyer's page (boards on and 扫码开票 open by default).
  const goods = await inject(demo, 'POST', '/api/billing/v1/userCommodityCode', {
    name: '代理入口管理测试服务费',
    taxCode: '3070401000000000000',
    rate: 'rate_6',
  });
  expect(goods.statusCode, goods.body).toBe(200);
  const board = await inject(demo, 'POST', '/api/self-service/v1/code-boards', {
    name: unique('代理入口管理码牌'),
    kind: 'counter',
    invoiceKind: 'allEle',
    categoryIds: `${goods.json().id}`,
    capFen: 50_000,
    approval: 'auto',
    enabled: true,
  });
  expect(board.statusCode, board.body).toBe(200);
  const made = await inject(admin, 'POST', BASE, { name: SEEDED, tenantIds: `${demoTenant.id}` });
  expect(made.statusCode, made.body).toBe(200);
});

describe('代理商入口管理 (platform administrator)', () => {
  it('lists the codes with their companies’ names', async () => {
    const res = await inject(admin, 'GET', `${BASE}?keyword=${encodeURIComponent(SEEDED)}`);
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json().rows[0];
    expect(row).toMatchObject({ name: SEEDED, enabled: true });
    expect(row.code).toMatch(/^[0-9A-Za-z]{20}$/);
    expect(row.tenantNames).toContain(demoTenant.name);
  });

  it('the form’s picker finds companies by name', async () => {
    const res = await inject(
      admin,
      'GET',
      `${BASE}/tenant-options?keyword=${encodeURIComponent(demoTenant.name)}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toContainEqual({ id: demoTenant.id, name: demoTenant.name });
  });

  it('creates a code (server-made, audited) that the buyer can open at once; edits and disables it', async () => {
    const name = unique('测试代理商');
    const res = await inject(admin, 'POST', BASE, { name, tenantIds: `${demoTenant.id}` });
    expect(res.statusCode, res.body).toBe(200);
    const made = res.json();
    expect(made).toMatchObject({ name, enabled: true, tenantIds: `${demoTenant.id}` });
    expect(made.code).toMatch(/^[0-9A-Za-z]{20}$/);

    const pub = await open(made.code);
    expect(pub.statusCode, pub.body).toBe(200);
    expect(pub.json().name).toBe(name);
    expect(pub.json().tenants.map((t: { name: string }) => t.name)).toContain(demoTenant.name);

    const [audit] = await app()
      .services.db.select()
      .from(resourceChanges)
      .where(and(eq(resourceChanges.resource, 'agentCodes'), eq(resourceChanges.recordId, made.id)));
    expect(audit).toMatchObject({ action: 'create', tenantId: null });

    // The code never changes on edit, even when one is sent.
    const renamed = `${name}改`;
    const edit = await inject(admin, 'PUT', `${BASE}/${made.id}`, { name: renamed, code: 'A'.repeat(20) });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ name: renamed, code: made.code });
    expect((await open(made.code)).json().name).toBe(renamed);

    const off = await inject(admin, 'POST', `${BASE}/bulk/disable`, { ids: [made.id] });
    expect(off.statusCode, off.body).toBe(200);
    const gone = await open(made.code);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('AGENT_CODE_UNAVAILABLE');
    expect((await inject(admin, 'POST', `${BASE}/bulk/enable`, { ids: [made.id] })).statusCode).toBe(200);
    expect((await open(made.code)).statusCode).toBe(200);
  });

  it('bad input is a 400 naming the field: unknown company, malformed ids, no company, a taken name', async () => {
    const unknown = await inject(admin, 'POST', BASE, { name: unique('未知企业'), tenantIds: '99999999' });
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(unknown.json().code).toBe('AGENT_TENANT_UNKNOWN');
    expect(unknown.body).toContain('99999999');
    for (const tenantIds of ['abc', '', '1,,2', `${'9'.repeat(11)}`]) {
      const r = await inject(admin, 'POST', BASE, { name: unique('坏企业'), tenantIds });
      expect(r.statusCode, `${tenantIds}: ${r.body}`).toBe(400);
      expect(r.body).toContain('tenantIds');
    }
    const noName = await inject(admin, 'POST', BASE, { name: '', tenantIds: `${demoTenant.id}` });
    expect(noName.statusCode).toBe(400);
    expect(noName.body).toContain('代理商名称');
    const taken = await inject(admin, 'POST', BASE, {
      name: SEEDED,
      tenantIds: `${demoTenant.id}`,
    });
    expect(taken.statusCode, taken.body).toBe(400);
    expect(taken.body).toContain('name');
  });
});

describe('a company account', () => {
  it('is refused every agent-code route', async () => {
    const list = await inject(demo, 'GET', BASE);
    expect(list.statusCode).toBe(403);
    expect((await inject(demo, 'GET', `${BASE}/tenant-options`)).statusCode).toBe(403);
    const create = await inject(demo, 'POST', BASE, {
      name: unique('企业伪造'),
      tenantIds: `${demoTenant.id}`,
    });
    expect(create.statusCode).toBe(403);
    const [row] = (await inject(admin, 'GET', `${BASE}?keyword=${encodeURIComponent(SEEDED)}`)).json().rows;
    expect((await inject(demo, 'PUT', `${BASE}/${row.id}`, { name: '改名' })).statusCode).toBe(403);
    expect((await inject(demo, 'POST', `${BASE}/bulk/disable`, { ids: [row.id] })).statusCode).toBe(403);
    expect((await open(row.code)).statusCode).toBe(200);
  });
});
