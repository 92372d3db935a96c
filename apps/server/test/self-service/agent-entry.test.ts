import { agentCodes, tenants, users } from '@fpy/db';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../harness.ts';

/**
 * Issue 30 §2.3, 代理商入口 (/allEleAgentTenant): a buyer scans an agent code and sees the companies it serves
 * whose 扫码开票 is open and that have working boards, each with its boards' codes; unknown, disabled, malformed
 * codes answer alike; a paused company or a disabled board is not shown; guessing from one address is stopped.
 */
const app = useTestApp();
const PUB = '/api/public/self-service/agents';
const BOARDS = '/api/self-service/v1/code-boards';
const GOODS = '/api/billing/v1/userCommodityCode';
const INVOICE = '/api/self-service/titles/scan-invoice';

let nextIp = 1;
const newIp = () => `198.51.100.${nextIp++}`;
const open = (code: string, ip = newIp()) => app().app.inject({ url: `${PUB}/${code}`, remoteAddress: ip });

let demo: string;
let demoName: string;
let brandName: string;
let liveCode: string;
let offCode: string;
let board: { id: number; code: string; name: string };

const inject = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  app().app.inject({ method, url, headers: bearer(token), payload });

async function tenantOf(username: string) {
  const db = app().services.db;
  const [u] = await db.select().from(users).where(eq(users.username, username));
  const [t] = await db
    .select()
    .from(tenants)
    .where(eq(tenants.id, u.tenantId as number));
  return t;
}

beforeAll(async () => {
  demo = await app().login('demo', 'Demo@123');
  const goods = await inject(demo, 'POST', GOODS, {
    name: '代理入口服务费',
    taxCode: '3070401000000000000',
    rate: 'rate_6',
  });
  expect(goods.statusCode, goods.body).toBe(200);
  const name = `代理入口码牌${Math.random().toString(36).slice(2, 8)}`;
  const res = await inject(demo, 'POST', BOARDS, {
    name,
    kind: 'counter',
    invoiceKind: 'allEle',
    categoryIds: `${goods.json().id}`,
    capFen: 50_000,
    approval: 'auto',
    enabled: true,
  });
  expect(res.statusCode, res.body).toBe(200);
  board = { ...res.json(), name };
  const d = await tenantOf('demo');
  const b = await tenantOf('brand');
  demoName = d.name;
  brandName = b.name;
  liveCode = `AgentLive${Math.random().toString(36).slice(2, 13).padEnd(11, '0')}`.slice(0, 20);
  offCode = `AgentOff0${Math.random().toString(36).slice(2, 13).padEnd(11, '0')}`.slice(0, 20);
  await app()
    .services.db.insert(agentCodes)
    .values([
      { code: liveCode, name: '测试服务大厅', tenantIds: `${d.id},${b.id}` },
      { code: offCode, name: '停用的入口', tenantIds: `${d.id}`, enabled: false },
    ]);
});

describe('a buyer at an agent code', () => {
  it('lists the served companies that invoice by scan, each with its working boards', async () => {
    const res = await open(liveCode);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.name).toBe('测试服务大厅');
    const mine = body.tenants.find((t: { name: string }) => t.name === demoName);
    expect(mine.boards).toContainEqual({ name: board.name, invoiceKind: 'allEle', code: board.code });
    // Only names and boards: nothing else of the company.
    expect(Object.keys(mine).sort()).toEqual(['boards', 'name']);
    // A company without a working board is not listed.
    const hasBrandBoards = body.tenants.some((t: { name: string }) => t.name === brandName);
    if (hasBrandBoards)
      expect(body.tenants.find((t: { name: string }) => t.name === brandName).boards.length).toBeGreaterThan(
        0,
      );
  });

  it('unknown, disabled and malformed codes answer alike and reveal nothing', async () => {
    const unknown = await open('Z'.repeat(20));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('AGENT_CODE_UNAVAILABLE');
    const strip = (r: { body: string }) => r.body.replace(/"requestId":"[^"]*"/, '');
    for (const c of [offCode, 'short', encodeURIComponent('<script>')]) {
      const r = await open(c);
      expect(r.statusCode).toBe(404);
      expect(strip(r)).toBe(strip(unknown));
    }
  });

  it('hostile input: a code over 64 characters is 400 naming the field', async () => {
    const r = await open('A'.repeat(65));
    expect(r.statusCode).toBe(400);
    expect(r.body).toContain('代理商编码');
  });

  it('a company with scan invoicing paused, or whose board is disabled, is not shown', async () => {
    const paused = { enabled: false, titleSearch: true, titleUpload: true, rememberTitles: true };
    expect((await inject(demo, 'PUT', INVOICE, paused)).statusCode).toBe(200);
    try {
      const r = await open(liveCode);
      expect(r.statusCode).toBe(200);
      expect(r.json().tenants.map((t: { name: string }) => t.name)).not.toContain(demoName);
    } finally {
      await inject(demo, 'PUT', INVOICE, { ...paused, enabled: true });
    }
    const back = await open(liveCode);
    expect(back.json().tenants.map((t: { name: string }) => t.name)).toContain(demoName);
  });

  it('guessing codes from one address is stopped, working codes included while the window lasts', async () => {
    const ip = newIp();
    let last = 0;
    for (let i = 0; i < 25; i++) last = (await open(`${'Q'.repeat(19)}${i % 10}`, ip)).statusCode;
    expect(last).toBe(429);
    expect((await open(liveCode, ip)).statusCode).toBe(429);
    expect((await open(liveCode)).statusCode).toBe(200);
  });
});
