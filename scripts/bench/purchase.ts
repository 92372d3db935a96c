// Issue 31 §6, the purchase side (lane PSTATS):
//  (a) 归集 of 10,000 received invoices: the sandbox bureau's supplier stream → received_invoices through syncTenant,
//      on a fresh PostgreSQL database; time and invoices/s, then a second run (with the cursor) and a replay from
//      scratch (cursor lost: every invoice seen again) — both must change nothing.
//  (b) 发票查询 (received) first page p50/p95 over 1,000,000 received invoices, through HTTP on a server using the
//      database, beside a bare `SELECT … LIMIT 20` on the same table in the same run, with the plans' indexes.
// `npm run bench -- --only purchase` runs both on their own databases (bench_purchase_sync, bench_received);
// `npm run bench:seed` adds (b) to the sales database. BENCH_PURCHASE_SYNC (10000) and BENCH_RECEIVED (1000000)
// scale them down while developing; BENCH_SEED_KEEP=1 reuses a database that already holds the rows.
import { openDb, receivedInvoices, receivedSyncCursors } from '@fpy/db';
import { count, eq } from 'drizzle-orm';
import pg from 'pg';
import { sandboxGatewayAt } from '../../apps/server/src/modules/platform/tax-gateway/index.ts';
import { syncTenant } from '../../apps/server/src/modules/purchase/received-invoices/index.ts';
import { databaseExists, databaseUrl, freshDatabase, pgReachable } from './pg-admin.ts';
import { startServer } from './server-process.ts';

type Line = (name: string, value: string, target?: string) => void;

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 50);
const CHUNK = 100_000;
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(s.length * p) - 1))];
};
const ms = (v: number) => `${v.toFixed(1)} ms`;

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

// ---------------------------------------------------------------------------------------------------------
// (a) sync

export async function benchReceivedSync(
  line: Line,
  total = Number(process.env.BENCH_PURCHASE_SYNC ?? 10_000),
) {
  const { url, drop } = await freshDatabase('bench_purchase_sync');
  const h = await openDb({ databaseUrl: url });
  try {
    await h.migrate();
    const db = h.db;
    const taxNumber = '91310000BENCH0SYNC';
    const tenantId = await withClient(
      url,
      async (c) =>
        (
          await c.query<{ id: number }>(
            `INSERT INTO tenants (name, credit_code, tenant_code) VALUES ('压测收票有限公司', $1, 'BENCHSYNC') RETURNING id`,
            [taxNumber],
          )
        ).rows[0].id,
    );
    const now = new Date();
    const gw = sandboxGatewayAt(db, () => now);
    // Every seventh blue invoice is later reversed by a red one: 7/8 of the total are blue.
    const t0 = performance.now();
    const issued = await gw.seedSupplierStream(
      { name: '压测收票有限公司', taxNumber },
      Math.round((total * 7) / 8),
      180,
    );
    console.log(
      `  sandbox bureau: ${issued.toLocaleString('en')} invoices issued to the buyer (${secs(performance.now() - t0)})`,
    );

    const t1 = performance.now();
    const first = await syncTenant(db, gw, tenantId);
    const took = performance.now() - t1;
    const rows = async () =>
      (
        await db.select({ n: count() }).from(receivedInvoices).where(eq(receivedInvoices.tenantId, tenantId))
      )[0].n;
    const after = await rows();
    line(
      `归集 of ${issued.toLocaleString('en')} received invoices (sync)`,
      `${secs(took)}, ${Math.round(first.seen / (took / 1000))} invoices/s`,
      `created ${first.created.toLocaleString('en')}, rows ${after.toLocaleString('en')}`,
    );
    const t2 = performance.now();
    const again = await syncTenant(db, gw, tenantId);
    line(
      '  second run (cursor kept)',
      `${secs(performance.now() - t2)}, seen ${again.seen}`,
      `created ${again.created}, changed ${again.changed}, rows ${(await rows()).toLocaleString('en')}`,
    );
    // Replay from scratch: the cursor lost, the bureau answers everything again; nothing may change.
    await db.delete(receivedSyncCursors).where(eq(receivedSyncCursors.tenantId, tenantId));
    const t3 = performance.now();
    const replay = await syncTenant(db, gw, tenantId);
    const took3 = performance.now() - t3;
    line(
      '  replay from scratch (cursor lost)',
      `${secs(took3)}, seen ${replay.seen.toLocaleString('en')} (${Math.round(replay.seen / (took3 / 1000))}/s)`,
      `created ${replay.created}, changed ${replay.changed}, rows ${(await rows()).toLocaleString('en')}`,
    );
  } finally {
    await h.close();
    await drop();
  }
}

// ---------------------------------------------------------------------------------------------------------
// (b) the list page over a million received invoices

const SELLERS = 2000;

/**
 * `total` received invoices by generate_series, 100,000 a statement: nine in ten to the demo company, the rest to
 * another tenant (so every query is really tenant-scoped); two years of issue dates; 专票/普票, 数电 and legacy;
 * rates 13/9/6/3/1 %; states 90 % normal, 5 % red-lettered, 1 % voided, 4 % abnormal; 2 % red (negative).
 */
export async function buildReceived(c: pg.Client, demoTenant: number, total: number) {
  await c.query('SET synchronous_commit = off');
  await c.query('SELECT setseed(0.31)');
  const { id: other, name: _n } =
    (
      await c.query<{ id: number; name: string }>(
        `INSERT INTO tenants (name, credit_code, tenant_code) VALUES ('压测收票他方有限公司', '91310000BENCH0RECV', 'BENCHRECV')
       ON CONFLICT DO NOTHING RETURNING id, name`,
      )
    ).rows[0] ?? (await c.query(`SELECT id, name FROM tenants WHERE tenant_code = 'BENCHRECV'`)).rows[0];
  const demo = (await c.query(`SELECT name, credit_code FROM tenants WHERE id = $1`, [demoTenant])).rows[0];
  const start = performance.now();
  for (let from = 1; from <= total; from += CHUNK) {
    const to = Math.min(total, from + CHUNK - 1);
    const t0 = performance.now();
    await c.query(
      `
      INSERT INTO received_invoices (tenant_id, invoice_key, code, number, buyer_tax_number, buyer_name, seller_name,
        seller_tax_number, invoice_type, colour, issue_date, period, amount_fen, tax_fen, total_fen, rates, lines,
        state, state_changed_at, sources, first_source, created_at, updated_at)
      SELECT tenant_id, CASE WHEN legacy THEN code || '-' || num ELSE num END, CASE WHEN legacy THEN code END, num,
        buyer_cc, buyer_name, '供应商' || s || '号有限公司', '91320000' || lpad(s::text, 9, '0') || 'S', type,
        CASE WHEN red THEN 'red' ELSE 'blue' END, to_char(at, 'YYYY-MM-DD'), to_char(at, 'YYYYMM'),
        sgn * amount, sgn * (amount * pct / 100), sgn * (amount + amount * pct / 100),
        jsonb_build_array(rate),
        jsonb_build_array(jsonb_build_object('name', '*办公用品*' || s || '号商品', 'amountFen', sgn * amount,
          'taxFen', sgn * (amount * pct / 100), 'rate', rate)),
        state, CASE WHEN state <> 'normal' THEN at + interval '5 days' END, '["sync"]'::jsonb, 'sync', at, at
      FROM (
        SELECT g, r.*,
          CASE WHEN g % 10 <> 0 THEN $1::int ELSE $2::int END AS tenant_id,
          CASE WHEN g % 10 <> 0 THEN $3 ELSE '91310000BENCH0RECV' END AS buyer_cc,
          CASE WHEN g % 10 <> 0 THEN $4 ELSE '压测收票他方有限公司' END AS buyer_name,
          floor(${SELLERS} * r2 * r2)::int AS s,
          (ARRAY['digital_special','digital_ordinary','special_paper','electronic_special','electronic_ordinary'])[
            CASE WHEN r1 < 0.5 THEN 1 WHEN r1 < 0.85 THEN 2 WHEN r1 < 0.9 THEN 3 WHEN r1 < 0.95 THEN 4 ELSE 5 END] AS type,
          r1 >= 0.85 AS legacy,
          '0310' || lpad((g % 100000000)::text, 8, '0') AS code,
          -- 数电: 20 digits; legacy: an 8-digit number under a 12-digit code.
          CASE WHEN r1 >= 0.85 THEN lpad((g % 100000000)::text, 8, '0')
               ELSE to_char(now() - r3 * interval '730 days', 'YY') || '319' || lpad(g::text, 15, '0') END AS num,
          now() - r3 * interval '730 days' AS at,
          (ARRAY[13, 9, 6, 3, 1])[1 + floor(r4 * 5)::int] AS pct,
          (ARRAY['rate_13','rate_9','rate_6','rate_3','rate_1'])[1 + floor(r4 * 5)::int] AS rate,
          r5 < 0.02 AS red, CASE WHEN r5 < 0.02 THEN -1 ELSE 1 END AS sgn,
          100 * (1 + floor(r6 * r6 * r6 * 200000))::bigint AS amount,
          CASE WHEN r7 < 0.90 THEN 'normal' WHEN r7 < 0.95 THEN 'red' WHEN r7 < 0.96 THEN 'voided' ELSE 'abnormal' END AS state
        FROM generate_series(${from}, ${to}) g,
        LATERAL (SELECT g AS gg, random() r1, random() r2, random() r3, random() r4, random() r5, random() r6, random() r7) r
      ) x
      ON CONFLICT DO NOTHING`,
      [demoTenant, other, demo.credit_code, demo.name],
    );
    console.log(
      `  received rows ${to.toLocaleString('en')} / ${total.toLocaleString('en')} (+${secs(performance.now() - t0)})`,
    );
  }
  const t0 = performance.now();
  await c.query('VACUUM ANALYZE received_invoices');
  console.log(
    `  vacuum analyze (+${secs(performance.now() - t0)}); built in ${secs(performance.now() - start)}`,
  );
}

/** A 属期 and its days, as the list's where() bounds it. */
const monthBounds = (p: string) => [
  p,
  `${p.slice(0, 4)}-${p.slice(4)}-01`,
  `${p.slice(0, 4)}-${p.slice(4)}-31`,
];

const shanghaiDay = (days: number) =>
  new Date(Date.now() + 8 * 3600_000 - days * 86_400_000).toISOString().slice(0, 10);

/** The indexes (or sequential scans) a plan uses, in order. */
async function planOf(c: pg.Client, sql: string, params: unknown[]) {
  const rows = (await c.query(`EXPLAIN ${sql}`, params)).rows.map((r) => String(r['QUERY PLAN']));
  const used = rows
    .map((r) =>
      r.match(
        /(Index Only Scan|Index Scan|Bitmap Index Scan|Seq Scan|Parallel Seq Scan)(?: Backward)?(?: using (\S+))? on (\S+)/,
      ),
    )
    .filter((m): m is RegExpMatchArray => !!m)
    .map((m) => (m[2] ? `${m[1]} ${m[2]}` : `${m[1]} ${m[3]}`));
  return [...new Set(used)].join(', ');
}

export async function measureReceivedList(url: string, demoTenant: number, line: Line) {
  const samples = await withClient(url, async (c) => {
    // A 1 % block sample is empty on a small table: then the plain query.
    const pick = async (sql: string) => {
      let rows = (await c.query(sql)).rows;
      if (!rows.length) rows = (await c.query(sql.replace(' TABLESAMPLE SYSTEM (1)', ''))).rows;
      return rows.map((r) => String(Object.values(r)[0]));
    };
    return {
      numbers: await pick(
        `SELECT number FROM received_invoices TABLESAMPLE SYSTEM (1) WHERE tenant_id = ${demoTenant} AND code IS NULL LIMIT ${REQUESTS}`,
      ),
      sellers: await pick(
        `SELECT seller_tax_number FROM received_invoices TABLESAMPLE SYSTEM (1) WHERE tenant_id = ${demoTenant} LIMIT ${REQUESTS}`,
      ),
      periods: await pick(
        `SELECT DISTINCT period FROM received_invoices WHERE tenant_id = ${demoTenant} ORDER BY period DESC LIMIT 12`,
      ),
      rows: Number(
        (await c.query(`SELECT count(*) n FROM received_invoices WHERE tenant_id = ${demoTenant}`)).rows[0].n,
      ),
    };
  });
  // The bare baseline: the same table, the tenant's first page by date, no count, no sums, no HTTP.
  const baseline = await withClient(url, async (c) => {
    const sql =
      'SELECT * FROM received_invoices WHERE tenant_id = $1 ORDER BY issue_date DESC, id DESC LIMIT 20';
    for (let i = 0; i < 5; i++) await c.query(sql, [demoTenant]);
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const t0 = performance.now();
      await c.query(sql, [demoTenant]);
      times.push(performance.now() - t0);
    }
    return { times, plan: await planOf(c, sql, [demoTenant]) };
  });

  const server = await startServer(9795, { DATABASE_URL: url }, 900_000);
  try {
    const token = await server.login('demo', 'Demo@123');
    const get = async (qs: string) => {
      const t0 = performance.now();
      const res = await fetch(`${server.url}/api/purchase/received-invoices?page=1&limit=20&${qs}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await res.json()) as { total?: number; message?: string };
      if (res.status !== 200) throw new Error(`${qs}: ${res.status} ${body.message}`);
      return { ms: performance.now() - t0, total: body.total ?? 0 };
    };
    const pick = (xs: string[], i: number) => xs[i % xs.length];
    // [name, query string, the list's row query as SQL for the plan (the page; the count and sums share its where)]
    const T = '$1';
    const filters: [string, (i: number) => string, string, (i: number) => unknown[]][] = [
      ['none (first page)', () => '', `tenant_id = ${T}`, () => []],
      [
        '属期 (one month)',
        (i) => `period=${pick(samples.periods, i)}`,
        `tenant_id = ${T} AND period = $2 AND issue_date >= $3 AND issue_date <= $4`,
        (i) => monthBounds(pick(samples.periods, i)),
      ],
      [
        'issue date: last 30 days',
        () => `dateFrom=${shanghaiDay(30)}&dateTo=${shanghaiDay(0)}`,
        `tenant_id = ${T} AND issue_date >= $2 AND issue_date <= $3`,
        () => [shanghaiDay(30), shanghaiDay(0)],
      ],
      [
        'seller (tax number)',
        (i) => `seller=${pick(samples.sellers, i)}`,
        `tenant_id = ${T} AND seller_tax_number = $2`,
        (i) => [pick(samples.sellers, i)],
      ],
      [
        'seller (part of the name)',
        (i) => `seller=${encodeURIComponent(`供应商${(i * 37) % SELLERS}号`)}`,
        `tenant_id = ${T} AND seller_name ILIKE $2`,
        (i) => [`%供应商${(i * 37) % SELLERS}号%`],
      ],
      [
        'number (exact, 20 digits)',
        (i) => `number=${pick(samples.numbers, i)}`,
        `tenant_id = ${T} AND invoice_key = $2 AND number = $2`,
        (i) => [pick(samples.numbers, i)],
      ],
      [
        'type (专票)',
        () => 'type=digital_special',
        `tenant_id = ${T} AND invoice_type = $2`,
        () => ['digital_special'],
      ],
      ['state (abnormal)', () => 'state=abnormal', `tenant_id = ${T} AND state = $2`, () => ['abnormal']],
      ['rate (9 %)', () => 'rate=rate_9', `tenant_id = ${T} AND rates @> '["rate_9"]'::jsonb`, () => []],
      [
        '属期 + state + type',
        (i) => `period=${pick(samples.periods, i)}&state=normal&type=digital_special`,
        `tenant_id = ${T} AND period = $2 AND issue_date >= $3 AND issue_date <= $4 AND state = 'normal' AND invoice_type = 'digital_special'`,
        (i) => monthBounds(pick(samples.periods, i)),
      ],
    ];
    for (const [, qs] of filters) for (let i = 0; i < 3; i++) await get(qs(i));
    console.log(
      `\n发票查询 (received) first page (limit 20, with total and sums), ${REQUESTS} requests per filter, demo tenant (${samples.rows.toLocaleString('en')} of its rows)`,
    );
    line(
      'baseline: bare SELECT … ORDER BY issue_date LIMIT 20',
      `p50 ${ms(pct(baseline.times, 0.5))}, p95 ${ms(pct(baseline.times, 0.95))}`,
      baseline.plan,
    );
    await withClient(url, async (c) => {
      for (const [name, qs, where, params] of filters) {
        const times: number[] = [];
        let total = 0;
        for (let i = 0; i < REQUESTS; i++) {
          const r = await get(qs(i));
          times.push(r.ms);
          total += r.total;
        }
        const page = await planOf(
          c,
          `SELECT * FROM received_invoices WHERE ${where} ORDER BY issue_date DESC, id DESC LIMIT 20`,
          [demoTenant, ...params(0)],
        );
        const sums = await planOf(
          c,
          `SELECT count(*), sum(amount_fen), sum(tax_fen), sum(total_fen) FROM received_invoices WHERE ${where}`,
          [demoTenant, ...params(0)],
        );
        line(
          `  ${name}`,
          `p50 ${ms(pct(times, 0.5))}, p95 ${ms(pct(times, 0.95))}, ${Math.round(total / REQUESTS).toLocaleString('en')} rows`,
          `page: ${page}; total+sums: ${sums}`,
        );
      }
    });
  } finally {
    await server.stop();
  }
}

/** (b) on its own database: built once (BENCH_SEED_KEEP=1 reuses it), then measured. */
export async function benchReceivedList(line: Line, total = Number(process.env.BENCH_RECEIVED ?? 1_000_000)) {
  const name = process.env.BENCH_RECEIVED_DB ?? 'bench_received';
  const url = databaseUrl(name);
  const have =
    process.env.BENCH_SEED_KEEP === '1' && (await databaseExists(name))
      ? await withClient(url, async (c) =>
          Number(
            (await c.query(`SELECT count(*) n FROM received_invoices WHERE first_source = 'sync'`)).rows[0].n,
          ),
        )
      : 0;
  if (have < total) {
    console.log(`building ${name}: ${total.toLocaleString('en')} received invoices`);
    await freshDatabase(name);
    const server = await startServer(9796, { DATABASE_URL: url });
    await server.stop();
  } else console.log(`reusing ${name} (BENCH_SEED_KEEP=1)`);
  const demoTenant = await withClient(url, async (c) => {
    const id = (await c.query(`SELECT tenant_id FROM users WHERE username = 'demo'`)).rows[0]
      .tenant_id as number;
    if (have < total) await buildReceived(c, id, total);
    return id;
  });
  await measureReceivedList(url, demoTenant, line);
}

export async function printPurchase(line: Line, parts: { list?: boolean } = {}) {
  if (!(await pgReachable())) {
    line('purchase (issue 31)', 'skipped: needs PostgreSQL (BENCH_DATABASE_URL)');
    return;
  }
  // BENCH_PURCHASE=sync or list runs one part.
  const part = process.env.BENCH_PURCHASE;
  if (part !== 'list') await benchReceivedSync(line);
  if (part !== 'sync' && parts.list !== false) await benchReceivedList(line);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await printPurchase((name, value, target = '') =>
    console.log(`${name.padEnd(52)} ${value.padEnd(40)} ${target}`),
  );
}
