import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedInvoiceDemo } from '../../src/seed/invoice-demo.ts';
import { useTestApp } from '../harness.ts';
import { type Accounts, accounts } from './accounts.ts';
import type { GenContext, Operation } from './arbitraries.ts';
import { type Case, smuggledCase } from './cases.ts';
import { type Collected, collectIds, contextOf, longestListPrefix } from './ids.ts';
import { leaksIn, type Secrets, secretsOf, spreadsheetText } from './leaks.ts';
import { type Snapshot, snapshot } from './snapshot.ts';
import { cpuSeconds, routeName, SAMPLES, SEED, SKIPPED, WALK_TIMEOUT, Walk } from './walk.ts';

/**
 * Issue 12 §7, other tenant: one company's administrator (brand) walks every tenant route with the other
 * company's (demo's) ids taken from demo's own list replies, demo's tenant id smuggled into bodies and
 * queries, and fuzzed input. Nothing answers 5xx, nothing of demo's changes (a fingerprint of every
 * tenant-owned table before and after), and no reply shows demo's text or demo's row ids.
 */
const app = useTestApp();
/** Demo's ids aimed at each route with a path id: first, middle and last of its list. */
const AIMED = 3;

let walk: Walk;
let who: Accounts;
let demoIds: Collected;
let secrets: Secrets;
let ctx: GenContext;
let before: Snapshot;
const leaks: string[] = [];
const sheets: Array<{ route: string; data: Buffer }> = [];
const started = Date.now();
const cpu = process.cpuUsage();

/**
 * The gate log is written in batches every 0.5 s: before a fingerprint, wait until the log of every request
 * made so far has landed (its row count holds still for 0.7 s; at most 10 s on a slow machine).
 */
async function settle() {
  const count = async () => {
    const r = (await app().services.db.execute(sql`SELECT count(*)::int AS n FROM gate_logs`)) as unknown as
      | { rows: Array<{ n: number }> }
      | Array<{ n: number }>;
    return (Array.isArray(r) ? r : r.rows)[0].n;
  };
  const until = Date.now() + 10_000;
  let last = await count();
  while (Date.now() < until) {
    await new Promise((r) => setTimeout(r, 700));
    const now = await count();
    if (now === last) return;
    last = now;
  }
}

beforeAll(async () => {
  const t = app();
  await seedInvoiceDemo(t.services.db, 'demo');
  walk = await Walk.open(t);
  who = await accounts(t);
  demoIds = await collectIds(walk, who.demo);
  const brandOwn = await collectIds(walk, who.brand);
  secrets = secretsOf(demoIds, brandOwn);
  const demoTenant = who.tenantOf.demo;
  const smuggle = { tenantId: demoTenant, tenant_id: demoTenant, isSuperAdmin: 1, userId: 1, createdBy: 1 };
  // Demo's ids, brand's own text: a reply that shows demo's text is then a leak, never an echo.
  ctx = contextOf(demoIds, who.protectedIds, smuggle, t.encrypt, brandOwn);
  await settle();
  before = await snapshot(t.services.db, demoTenant);
  console.log(
    `attack walk (tenants) seed ${SEED}: ${secrets.strings.size} texts and ${[...secrets.ids.values()].reduce((n, s) => n + s.size, 0)} ids only demo holds`,
  );
});

afterAll(() => {
  if (!walk) return;
  console.log(
    `${walk.summary()} [tenants, ${((Date.now() - started) / 1000).toFixed(1)} s, ${cpuSeconds(cpu)} s CPU]`,
  );
  if (walk.findings.length) console.log(walk.report());
  if (process.env.ATTACK_DUMP) console.log(`slowest: ${walk.slowest()}`);
  walk.dump('tenants');
});

const ORDER = { GET: 0, POST: 1, PUT: 1, PATCH: 1, DELETE: 2 } as const;

/** The base request aimed at a few of demo's ids of the route's own list. */
function aimed(op: Operation, base: Case['req']): Case[] {
  const names = Object.keys(op.pathParams);
  if (!names.includes('id')) return [];
  const list = longestListPrefix(demoIds.byList.keys(), op.path);
  const ids = list ? [...(secrets.ids.get(list) ?? [])] : [];
  const picks = [...new Set([ids[0], ids[Math.floor(ids.length / 2)], ids[ids.length - 1]])].filter(
    (x) => x !== undefined,
  );
  return picks
    .slice(0, AIMED)
    .map((id) => ({ label: `demo's id ${id}`, req: { ...base, params: { ...base.params, id } } }));
}

describe('attack walk: another company', () => {
  it('finds enough of demo to aim at: ids behind the record routes, invoice numbers and customer names', () => {
    expect(secrets.ids.size, [...secrets.ids.keys()].join(', ')).toBeGreaterThanOrEqual(8);
    expect(secrets.strings.size).toBeGreaterThanOrEqual(20);
    const invoices = demoIds.rows.get('/api/billing/v1/invoice-query') ?? [];
    expect(invoices.length, 'demo has issued invoices to aim at').toBeGreaterThan(0);
  });

  it(
    "brand's walk over every tenant route with demo's ids: no 5xx, no reply shows demo's data",
    async () => {
      const ops = walk.ops
        .filter((op) => op.permission !== 'public' && !op.platformOnly && !SKIPPED[routeName(op)])
        .sort((a, b) => ORDER[a.method] - ORDER[b.method]);
      for (const op of ops) {
        const list = longestListPrefix(demoIds.byList.keys(), op.path);
        await walk.attack(
          op,
          who.brand,
          ctx,
          (r, label) => {
            for (const leak of leaksIn(r.body, r.json, secrets, list))
              leaks.push(`${routeName(op)} (${label}) → ${r.status} shows ${leak}`);
            if (r.contentType.includes('spreadsheetml'))
              sheets.push({ route: `${routeName(op)} (${label})`, data: r.raw });
          },
          {
            fixed: false,
            samples: SAMPLES,
            extra: (base) => [smuggledCase(op, base, ctx), ...aimed(op, base)],
          },
        );
      }
      // Exports are files: their cells are read after the walk.
      for (const sheet of sheets)
        for (const leak of leaksIn(await spreadsheetText(sheet.data), undefined, secrets, undefined))
          leaks.push(`${sheet.route} → a spreadsheet that shows ${leak}`);
      expect(sheets.length, 'exports were read').toBeGreaterThan(0);
      expect(leaks).toEqual([]);
      expect(walk.findingsOf(who.brand)).toBe('');
    },
    WALK_TIMEOUT,
  );

  it('leaves every row demo owns as it was', async () => {
    await settle();
    expect(await snapshot(app().services.db, who.tenantOf.demo)).toEqual(before);
  });
});

describe('the walk can see what it looks for', () => {
  it("the leak check finds demo's invoice numbers, customer names and ids in demo's own replies", async () => {
    for (const list of ['/api/billing/v1/invoice-query', '/api/billing/v1/customers']) {
      const op = walk.ops.find((o) => o.method === 'GET' && o.path === list)!;
      const r = await walk.send(op, { params: {}, query: {} }, who.demo, 'self-check', true);
      const found = leaksIn(r.body, r.json, secrets, list);
      expect(
        found.some((f) => f.startsWith(`${list} id `)),
        `${list}: ${found.join(', ')}`,
      ).toBe(true);
      expect(
        found.some((f) => !f.startsWith(`${list} id `)),
        `${list}: ${found.join(', ')}`,
      ).toBe(true);
    }
  });

  it("the leak check reads spreadsheets: demo's own customer export shows demo's customers", async () => {
    const op = walk.ops.find((o) => o.method === 'GET' && o.path === '/api/billing/v1/customers/export')!;
    const r = await walk.send(op, { params: {}, query: {} }, who.demo, 'self-check', true);
    expect(r.contentType).toContain('spreadsheetml');
    expect(leaksIn(await spreadsheetText(r.raw), undefined, secrets, undefined).length).toBeGreaterThan(0);
  });

  it('the fingerprint covers tenant tables and the rows hanging off them, and changes with one field', async () => {
    const db = app().services.db;
    // A fresh baseline: the self-check above made requests as demo, which the gate log records.
    await settle();
    const base = await snapshot(db, who.tenantOf.demo);
    const keys = Object.keys(base);
    for (const table of ['invoices', 'customers', 'users', 'tenants']) expect(keys).toContain(table);
    expect(keys.some((k) => k.startsWith('group_members.'))).toBe(true);
    await db.execute(
      sql`UPDATE customers SET address = coalesce(address, '') || '.' WHERE id = (SELECT min(id) FROM customers WHERE tenant_id = ${who.tenantOf.demo})`,
    );
    const after = await snapshot(db, who.tenantOf.demo);
    expect(after.customers).not.toBe(base.customers);
    expect({ ...after, customers: base.customers }).toEqual(base);
  });
});
