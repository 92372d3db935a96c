// npm run bench:seed: 1,000,000 invoices with 5,000,000 lines in a dedicated PostgreSQL database, then the
// p95 latency of the 销项发票查询 first page under each single filter, through HTTP on a server using it.
//   BENCH_SEED_DB (default bench_seed), BENCH_SEED_INVOICES (default 1000000), BENCH_SEED_KEEP=1 to skip
//   rebuilding when the database already holds the rows, BENCH_DATABASE_URL for another PostgreSQL.
// Then (issue 31 §6) 1,000,000 received invoices (BENCH_RECEIVED) in the same database and the p50/p95 of the
// received 发票查询 page beside a bare SELECT … LIMIT 20 (scripts/bench/purchase.ts).
import pg from 'pg';
import { databaseExists, databaseUrl, freshDatabase, pgReachable } from './pg-admin.ts';
import { buildReceived, measureReceivedList } from './purchase.ts';
import { startServer } from './server-process.ts';

const DB = process.env.BENCH_SEED_DB ?? 'bench_seed';
const TOTAL = Number(process.env.BENCH_SEED_INVOICES ?? 1_000_000);
const CHUNK = 100_000;
const REQUESTS = 50;
const OTHER_TENANTS = 9;
const DRAWERS = ['张敏', '李娜', '王伟', '刘洋', '陈静', '演示管理员'];

const secs = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Migrations and the demo data come from the server itself: one start on the empty database. */
async function prepareSchema(url: string) {
  const server = await startServer(9793, { DATABASE_URL: url });
  await server.stop();
}

async function bulkLoad(c: pg.Client) {
  await c.query('SET synchronous_commit = off');
  await c.query('SELECT setseed(0.42)');
  const demo = (
    await c.query<{ id: number; name: string; cc: string }>(
      `SELECT t.id, t.name, t.credit_code AS cc FROM tenants t JOIN users u ON u.tenant_id = t.id WHERE u.username = 'demo'`,
    )
  ).rows[0];
  const others = (
    await c.query<{ id: number }>(
      `INSERT INTO tenants (name, credit_code, tenant_code)
       SELECT '压测企业' || n || '有限公司', '91310000' || lpad(n::text, 9, '0') || 'B', 'BENCH' || n
       FROM generate_series(1, ${OTHER_TENANTS}) n RETURNING id`,
    )
  ).rows.map((r) => r.id);
  const tenantIds = `ARRAY[${others.join(',')}]::int[]`;
  const drawers = `ARRAY[${DRAWERS.map((d) => `'${d}'`).join(',')}]::text[]`;

  for (let from = 1; from <= TOTAL; from += CHUNK) {
    const to = Math.min(TOTAL, from + CHUNK - 1);
    const t0 = performance.now();
    // Four rows in five belong to the demo company, the rest spread over the others. Issue dates cover two
    // years; amounts are multiples of 15 yuan so the five 13 % lines below split them exactly.
    await c.query(`
      INSERT INTO invoices (tenant_id, client_serial, type, colour, pricing_mode, seller_name, seller_credit_code,
        buyer_name, buyer_tax_number, drawer, amount_fen, tax_fen, total_fen, status, issue_attempt, request_id,
        number, issued_at, created_at, updated_at)
      SELECT tenant_id, 'SEED-' || g, type, 'blue', 'exclusive', seller_name, seller_cc,
        '客户' || b || '号贸易有限公司', '91310000' || lpad(b::text, 9, '0') || 'X', drawer,
        amount, amount * 13 / 100, amount + amount * 13 / 100, status,
        CASE WHEN status IN ('draft', 'pending_review') THEN 0 ELSE 1 END,
        CASE WHEN numbered THEN 'SEEDREQ' || g END,
        CASE WHEN numbered THEN to_char(at, 'YY') || '312' || lpad(g::text, 15, '0') END,
        CASE WHEN numbered THEN at END,
        at - interval '3 minutes', at
      FROM (
        SELECT g, s.*, s.status IN ('issued', 'partly_red', 'red', 'void') AS numbered
        FROM generate_series(${from}, ${to}) g,
        LATERAL (
          SELECT
            CASE WHEN g % 5 <> 0 THEN ${demo.id} ELSE (${tenantIds})[1 + (g / 5) % ${others.length}] END AS tenant_id,
            CASE WHEN g % 5 <> 0 THEN '${demo.name}' ELSE '压测企业' || (1 + (g / 5) % ${others.length}) || '有限公司' END AS seller_name,
            CASE WHEN g % 5 <> 0 THEN '${demo.cc}' ELSE '91310000' || lpad((1 + (g / 5) % ${others.length})::text, 9, '0') || 'B' END AS seller_cc,
            (ARRAY['digital_special','digital_ordinary','digital_paper_special','digital_paper_ordinary'])[
              CASE WHEN r1 < 0.45 THEN 1 WHEN r1 < 0.9 THEN 2 WHEN r1 < 0.95 THEN 3 ELSE 4 END] AS type,
            CASE WHEN r2 < 0.90 THEN 'issued' WHEN r2 < 0.93 THEN 'partly_red' WHEN r2 < 0.95 THEN 'red'
                 WHEN r2 < 0.96 THEN 'void' WHEN r2 < 0.975 THEN 'failed' WHEN r2 < 0.99 THEN 'draft'
                 ELSE 'pending_review' END AS status,
            floor(5000 * r3 * r3)::int AS b,
            (${drawers})[1 + floor(r4 * ${DRAWERS.length})::int] AS drawer,
            1500 * (1 + floor(r5 * r5 * r5 * 20000))::bigint AS amount,
            now() - r6 * interval '730 days' AS at
          FROM (SELECT g AS gg, random() r1, random() r2, random() r3, random() r4, random() r5, random() r6) r
        ) s
      ) x`);
    await c.query(`
      INSERT INTO invoice_lines (tenant_id, invoice_id, line_no, kind, name, tax_code, unit, quantity, unit_price,
        unit_price_exclusive, rate, amount_fen, tax_fen, amount_inclusive_fen)
      SELECT i.tenant_id, i.id, k, 'normal',
        (ARRAY['*计算机外部设备*键盘','*计算机外部设备*鼠标','*信息技术服务*软件维护','*纸制品*打印纸','*运输服务*国内运费'])[k],
        '1090511020000000000', '个', k::text, ((i.amount_fen / 15)::numeric / 100)::text,
        ((i.amount_fen / 15)::numeric / 100)::text, 'rate_13',
        i.amount_fen / 15 * k, i.amount_fen / 15 * k * 13 / 100, i.amount_fen / 15 * k * 113 / 100
      FROM invoices i CROSS JOIN generate_series(1, 5) k
      WHERE i.client_serial LIKE 'SEED-%' AND i.id > (SELECT coalesce(max(invoice_id), 0) FROM invoice_lines)`);
    console.log(`  rows ${to.toLocaleString('en')} / ${TOTAL.toLocaleString('en')} (+${secs(t0)})`);
  }
  const t0 = performance.now();
  // Index-only scans (counts) need the visibility map; the planner needs statistics.
  await c.query('VACUUM ANALYZE invoices');
  await c.query('VACUUM ANALYZE invoice_lines');
  console.log(`  vacuum analyze (+${secs(t0)})`);
  return demo.id;
}

const p95 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)];
};

/** yyyy-MM-dd in Asia/Shanghai, `days` ago. */
const shanghaiDay = (days: number) =>
  new Date(Date.now() + 8 * 3600_000 - days * 86_400_000).toISOString().slice(0, 10);

async function measure(url: string, demoTenant: number) {
  const samples = await withClient(url, async (c) => {
    const pick = async (sql: string) => (await c.query(sql)).rows.map((r) => String(Object.values(r)[0]));
    return {
      numbers: await pick(
        `SELECT number FROM invoices TABLESAMPLE SYSTEM (1) WHERE tenant_id = ${demoTenant} AND number IS NOT NULL LIMIT ${REQUESTS}`,
      ),
      taxNumbers: await pick(
        `SELECT buyer_tax_number FROM invoices TABLESAMPLE SYSTEM (1) WHERE tenant_id = ${demoTenant} LIMIT ${REQUESTS}`,
      ),
    };
  });
  const server = await startServer(9794, { DATABASE_URL: url }, 900_000);
  try {
    const token = await server.login('demo', 'Demo@123');
    const get = async (qs: string) => {
      const t0 = performance.now();
      const res = await fetch(`${server.url}/api/billing/v1/invoice-query?page=1&limit=20&${qs}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await res.json()) as { total?: number; message?: string };
      if (res.status !== 200) throw new Error(`${qs}: ${res.status} ${body.message}`);
      return { ms: performance.now() - t0, total: body.total ?? 0 };
    };
    const filters: [string, (i: number) => string][] = [
      ['none (first page)', () => ''],
      ['date: last 7 days', () => `dateFrom=${shanghaiDay(7)}&dateTo=${shanghaiDay(0)}`],
      ['date: last 30 days', () => `dateFrom=${shanghaiDay(30)}&dateTo=${shanghaiDay(0)}`],
      ['date: last 90 days', () => `dateFrom=${shanghaiDay(90)}&dateTo=${shanghaiDay(0)}`],
      ['number (exact, 20 digits)', (i) => `number=${samples.numbers[i % samples.numbers.length]}`],
      [
        'number (prefix, 16 digits)',
        (i) => `number=${samples.numbers[i % samples.numbers.length].slice(0, 16)}`,
      ],
      ['buyer (tax number)', (i) => `buyer=${samples.taxNumbers[i % samples.taxNumbers.length]}`],
      ['buyer (part of the name)', (i) => `buyer=${encodeURIComponent(`客户${(i * 97) % 5000}号`)}`],
      [
        'type',
        (i) =>
          `type=${['digital_special', 'digital_ordinary', 'digital_paper_special', 'digital_paper_ordinary'][i % 4]}`,
      ],
      ['status', (i) => `status=${['issued', 'failed', 'draft', 'partly_red', 'red', 'void'][i % 6]}`],
      ['amount range', (i) => `amountMin=${100 + (i % 10) * 500}&amountMax=${600 + (i % 10) * 800}`],
      ['drawer', (i) => `drawer=${encodeURIComponent(DRAWERS[i % DRAWERS.length])}`],
    ];
    // Warm the server and the database caches the way a working day does.
    for (const [, qs] of filters) for (let i = 0; i < 3; i++) await get(qs(i));
    console.log(
      `\n销项发票查询 first page (limit 20, with total), ${REQUESTS} requests per filter, demo tenant`,
    );
    console.log(
      `${'filter'.padEnd(30)} ${'p50'.padStart(9)} ${'p95'.padStart(9)} ${'rows matched'.padStart(14)}   target p95 ≤ 100 ms`,
    );
    for (const [name, qs] of filters) {
      const ms: number[] = [];
      let total = 0;
      for (let i = 0; i < REQUESTS; i++) {
        const r = await get(qs(i));
        ms.push(r.ms);
        total += r.total;
      }
      const s = [...ms].sort((a, b) => a - b);
      const verdict = p95(ms) <= 100 ? 'ok' : 'SLOW';
      console.log(
        `${name.padEnd(30)} ${`${s[Math.floor(s.length / 2)].toFixed(1)} ms`.padStart(9)} ${`${p95(ms).toFixed(1)} ms`.padStart(9)} ${Math.round(
          total / REQUESTS,
        )
          .toLocaleString('en')
          .padStart(14)}   ${verdict}`,
      );
    }
  } finally {
    await server.stop();
  }
}

if (!(await pgReachable())) {
  console.error('bench:seed needs PostgreSQL (BENCH_DATABASE_URL, default 127.0.0.1:5432)');
  process.exit(1);
}
const url = databaseUrl(DB);
let demoTenant: number;
const keep =
  process.env.BENCH_SEED_KEEP === '1' &&
  (await databaseExists(DB)) &&
  (await withClient(url, async (c) =>
    Number((await c.query(`SELECT count(*) n FROM invoices WHERE client_serial LIKE 'SEED-%'`)).rows[0].n),
  )) >= TOTAL;
if (keep) {
  console.log(`reusing ${DB} (BENCH_SEED_KEEP=1)`);
  demoTenant = await withClient(
    url,
    async (c) => (await c.query(`SELECT tenant_id FROM users WHERE username = 'demo'`)).rows[0].tenant_id,
  );
  // New migrations (indexes) since the last build are applied by the server at start.
} else {
  const started = performance.now();
  console.log(
    `building ${DB}: ${TOTAL.toLocaleString('en')} invoices, ${(TOTAL * 5).toLocaleString('en')} lines`,
  );
  await freshDatabase(DB);
  await prepareSchema(url);
  demoTenant = await withClient(url, bulkLoad);
  console.log(`built in ${secs(started)} (target < 600 s)`);
}
await measure(url, demoTenant);

const RECEIVED = Number(process.env.BENCH_RECEIVED ?? 1_000_000);
const received = await withClient(url, async (c) =>
  Number((await c.query('SELECT count(*) n FROM received_invoices')).rows[0].n),
);
if (received < RECEIVED) {
  console.log(`\nadding ${RECEIVED.toLocaleString('en')} received invoices to ${DB}`);
  await withClient(url, (c) => buildReceived(c, demoTenant, RECEIVED));
}
await measureReceivedList(url, demoTenant, (name, value, target = '') =>
  console.log(`${name.padEnd(52)} ${value.padEnd(40)} ${target}`),
);
