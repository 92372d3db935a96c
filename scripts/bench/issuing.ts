// Invoices accepted per second through POST /api/billing/v1/invoices (5 lines, sandbox latency 0) against a
// bare script writing the same rows (invoice + 5 lines + creation event) with the same driver, in the same run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Db, invoiceEvents, invoiceLines, invoices, openDb } from '@fpy/db';
import autocannon from 'autocannon';
import { runMode } from './issuing-modes.ts';
import { freshDatabase, pgReachable } from './pg-admin.ts';
import { serverCpuMs, startServer } from './server-process.ts';

export interface IssuingResult {
  database: 'PGlite' | 'PostgreSQL';
  apiPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  barePerSecond: number;
  /** PostgreSQL: invoices still waiting for the bureau when the load stopped, and how fast they were issued. */
  backlog?: { waiting: number; seconds: number; perSecond: number };
}

const CONNECTIONS = Number(process.env.BENCH_ISSUE_CONNECTIONS ?? 32);
const RATES = ['rate_13', 'rate_9', 'rate_6', 'rate_3', 'rate_1'];
/**
 * Each rate under a code that allows it, levies with their flag (issue 28 §7): 输入设备 13%, 稻谷 9%, 软件开发 6%,
 * 3% 按3%简易征收 and 1% 小规模纳税人减按1%征收 on 输入设备.
 */
const CODE_OF_RATE: Record<string, { taxCode: string; policy?: string }> = {
  rate_13: { taxCode: '1090511020000000000' },
  rate_9: { taxCode: '1010101010000000000' },
  rate_6: { taxCode: '3040201010000000000' },
  rate_3: { taxCode: '1090511020000000000', policy: 'simplified_3' },
  rate_1: { taxCode: '1090511020000000000', policy: 'reduced_levy_1' },
};

/** A 5-line tax-exclusive invoice small enough that a benchmark never exhausts the demo credit line. */
export function fiveLineInvoice(clientSerial: string) {
  return {
    clientSerial,
    type: 'digital_special',
    pricingMode: 'exclusive',
    buyer: { name: '上海某某贸易有限公司', taxNumber: '91310115MA1K4GDM05' },
    lines: RATES.map((rate, i) => ({
      name: `*计算机外部设备*商品${i + 1}`,
      unit: '个',
      quantity: String(1 + i),
      unitPrice: `0.${String(11 + i * 7).padStart(2, '0')}`,
      rate,
      ...CODE_OF_RATE[rate],
    })),
  };
}

/** The rows one accepted invoice writes, built without the engine (the bare side measures the database). */
function bareRows(tenantId: number, serial: string) {
  const lines = RATES.map((rate, i) => ({
    lineNo: i + 1,
    name: `*计算机外部设备*商品${i + 1}`,
    taxCode: '1090511020000000000',
    unit: '个',
    quantity: String(1 + i),
    unitPrice: '0.11',
    unitPriceExclusive: '0.11',
    rate,
    amountFen: 11 * (1 + i),
    taxFen: 1,
    amountInclusiveFen: 11 * (1 + i) + 1,
  }));
  const amountFen = lines.reduce((s, l) => s + l.amountFen, 0);
  const invoice = {
    tenantId,
    clientSerial: serial,
    type: 'digital_special',
    colour: 'blue',
    pricingMode: 'exclusive',
    sellerName: '演示科技有限公司',
    sellerCreditCode: '91310115MA1K4GDM05',
    buyerName: '上海某某贸易有限公司',
    buyerTaxNumber: '91310115MA1K4GDM05',
    drawer: '演示管理员',
    amountFen,
    taxFen: 5,
    totalFen: amountFen + 5,
    status: 'draft',
  };
  return { invoice, lines };
}

let seq = 0;

/** CONNECTIONS writers for `seconds`, each writing one invoice per transaction as the API does. */
async function bareInserts(db: Db, seconds: number): Promise<number> {
  const until = Date.now() + seconds * 1000;
  let done = 0;
  const writer = async () => {
    while (Date.now() < until) {
      const { invoice, lines } = bareRows(1, `BARE-${process.pid}-${++seq}`);
      await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const [row] = await tx.insert(invoices).values(invoice).returning();
        await tx.insert(invoiceLines).values(lines.map((l) => ({ ...l, tenantId: 1, invoiceId: row.id })));
        await tx.insert(invoiceEvents).values({
          tenantId: 1,
          invoiceId: row.id,
          fromStatus: null,
          toStatus: 'draft',
          actorId: 1,
          actorName: '演示管理员',
          ip: '127.0.0.1',
        });
      });
      done += 1;
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, writer));
  return Math.round(done / ((Date.now() - started) / 1000));
}

async function apiLoad(
  port: number,
  env: Record<string, string>,
  seconds: number,
  // Another checkout (bench/baseline.ts) measured the same way.
  where: { cwd?: string; label?: string } = {},
) {
  const server = await startServer(port, env, undefined, where);
  try {
    const token = await server.login('demo', 'Demo@123');
    const run = (duration: number) =>
      autocannon({
        url: server.url,
        connections: CONNECTIONS,
        duration,
        requests: [
          {
            method: 'POST',
            path: '/api/billing/v1/invoices',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            setupRequest: (req) => ({
              ...req,
              body: JSON.stringify(fiveLineInvoice(`BENCH-${process.pid}-${++seq}`)),
            }),
          },
        ],
      });
    // Warm the JIT and the caches first; the figures measure steady state.
    await run(3);
    const cpuStart = serverCpuMs(server.proc.pid);
    const r = await run(seconds);
    const cpuMs = serverCpuMs(server.proc.pid) - cpuStart;
    return {
      apiPerSecond: Math.round(r.requests.average),
      // Server CPU per accepted invoice (the acceptance and the issuing behind it that ran meanwhile).
      cpuMsPerInvoice: Math.round((cpuMs / Math.max(1, r.requests.total)) * 100) / 100,
      p50: r.latency.p50,
      p99: r.latency.p99,
      non2xx: r.non2xx,
      errors: r.errors,
    };
  } finally {
    await server.stop();
  }
}

/** The API figure alone on the embedded database, of this checkout or of `where.cwd` (no bare insert). */
export function benchIssuingApi(port: number, where: { cwd?: string; label?: string } = {}, seconds = 10) {
  return apiLoad(port, {}, seconds, where);
}

export async function benchIssuingPglite(port: number, seconds = 10): Promise<IssuingResult> {
  const dir = mkdtempSync(join(tmpdir(), 'fpy-bench-bare-'));
  let barePerSecond = 0;
  try {
    const h = await openDb({ dataDir: join(dir, 'pg') });
    await h.migrate();
    await bareInserts(h.db, 1);
    barePerSecond = await bareInserts(h.db, Math.min(seconds, 5));
    await h.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { database: 'PGlite', barePerSecond, ...(await apiLoad(port, {}, seconds)) };
}

export async function benchIssuingPostgres(port: number, seconds = 10): Promise<IssuingResult | null> {
  if (!(await pgReachable())) return null;
  const bare = await freshDatabase(`bench_${process.pid}_bare`);
  let barePerSecond = 0;
  try {
    // The server's own pool size (openDb default), so both sides have the same connections.
    const h = await openDb({ databaseUrl: bare.url });
    await h.migrate();
    await bareInserts(h.db, 1);
    barePerSecond = await bareInserts(h.db, Math.min(seconds, 5));
    await h.close();
  } finally {
    await bare.drop();
  }
  // The in-process run of issuing-modes.ts (run.ts compares the modes in rounds of their own afterwards).
  const m = await runMode('memory', port, seconds);
  return {
    database: 'PostgreSQL',
    barePerSecond,
    apiPerSecond: m.accepted,
    p50: m.p50,
    p99: m.p99,
    non2xx: m.non2xx,
    errors: m.errors,
    backlog: {
      waiting: m.backlog,
      seconds: m.drainSeconds,
      perSecond: Math.round(m.backlog / Math.max(m.drainSeconds, 0.001)),
    },
  };
}

/** Standalone: `node --import tsx scripts/bench/issuing.ts` prints just these figures. */
export function printIssuing(r: IssuingResult, line: (n: string, v: string, t?: string) => void) {
  line(
    `POST /api/billing/v1/invoices (${r.database})`,
    `${r.apiPerSecond} inv/s, p50 ${r.p50} ms, p99 ${r.p99} ms`,
    r.database === 'PostgreSQL' ? 'target ≥ 1000 inv/s, p99 < 50 ms' : '',
  );
  line(
    `  bare insert, same rows (${r.database})`,
    `${r.barePerSecond} inv/s → API/bare ${(r.apiPerSecond / Math.max(1, r.barePerSecond)).toFixed(2)}`,
    'target ratio ≥ 0.50',
  );
  if (r.backlog)
    line(
      `  then issued, backlog of the run (${r.database})`,
      `${r.backlog.waiting} in ${r.backlog.seconds.toFixed(1)} s → ${r.backlog.perSecond} inv/s`,
      'accepted ≠ issued: jobs yield to a saturated API',
    );
  if (r.non2xx || r.errors) line('  non-2xx / errors', `${r.non2xx} / ${r.errors}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const line = (name: string, value: string, target = '') =>
    console.log(`${name.padEnd(44)} ${value.padEnd(34)} ${target}`);
  const which = process.argv[2] ?? 'both';
  if (which !== 'pg') printIssuing(await benchIssuingPglite(9791), line);
  if (which !== 'pglite') {
    const r = await benchIssuingPostgres(9792);
    if (r) printIssuing(r, line);
    else line('POST /api/billing/v1/invoices (PostgreSQL)', 'skipped: 127.0.0.1:5432 unreachable');
  }
}
