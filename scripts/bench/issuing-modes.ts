// Issue 22 §2: the same issuing load on PostgreSQL with the in-process queue and with REDIS_URL (BullMQ,
// Redis limiter and bus), alternating in one run, and two instances on one database and Redis behind one client.
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import pg from 'pg';
import { fiveLineInvoice } from './issuing.ts';
import { freshDatabase, pgReachable } from './pg-admin.ts';
import { type BenchServer, startServer } from './server-process.ts';

const CONNECTIONS = Number(process.env.BENCH_ISSUE_CONNECTIONS ?? 32);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

export type Mode = 'memory' | 'redis' | 'redis×2';

export interface ModeFigures {
  mode: Mode;
  /** Invoices accepted per second (201) over the measured run. */
  accepted: number;
  p50: number;
  p99: number;
  /** Invoices issued per second from the start of the measured run until nothing waits for the bureau. */
  issued: number;
  /** Invoices still waiting for the bureau when the load stopped, and the seconds until none was left. */
  backlog: number;
  drainSeconds: number;
  non2xx: number;
  errors: number;
}

let seq = 0;

async function issuedCount(c: pg.Client): Promise<number> {
  return Number((await c.query("select count(*) n from invoices where status = 'issued'")).rows[0].n);
}

async function waitingCount(c: pg.Client): Promise<number> {
  return Number(
    (await c.query("select count(*) n from invoices where status in ('ready', 'issuing')")).rows[0].n,
  );
}

function redisReachable(): Promise<boolean> {
  const r = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  r.on('error', () => {});
  return r.connect().then(
    () => r.quit().then(() => true),
    () => false,
  );
}

/** Deletes every key under the given prefixes (the run's limiter, bus and job keys). */
async function dropRedisKeys(prefixes: string[]) {
  const r = new Redis(REDIS_URL);
  try {
    for (const p of prefixes) {
      let cursor = '0';
      do {
        const [next, keys] = await r.scan(cursor, 'MATCH', `${p}*`, 'COUNT', 1000);
        cursor = next;
        if (keys.length) await r.unlink(...keys);
      } while (cursor !== '0');
    }
  } finally {
    await r.quit();
  }
}

function hammer(url: string, token: string, connections: number, duration: number) {
  return autocannon({
    url,
    connections,
    duration,
    requests: [
      {
        method: 'POST',
        path: '/api/billing/v1/invoices',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify(fiveLineInvoice(`MODES-${process.pid}-${++seq}`)),
        }),
      },
    ],
  });
}

/** One mode on its own fresh database: servers started, warmed, measured, then the backlog issued. */
export async function runMode(mode: Mode, port: number, seconds: number): Promise<ModeFigures> {
  const db = await freshDatabase(
    `bench_${process.pid}_${mode === 'memory' ? 'mem' : mode === 'redis' ? 'redis' : 'two'}`,
  );
  const redisPrefix = `bench-${process.pid}-${++seq}:`;
  const env: Record<string, string> = { DATABASE_URL: db.url };
  if (mode !== 'memory') Object.assign(env, { REDIS_URL, REDIS_PREFIX: redisPrefix });
  const instances = mode === 'redis×2' ? 2 : 1;
  const servers: BenchServer[] = [];
  const c = new pg.Client({ connectionString: db.url });
  let jobsPrefix = '';
  try {
    // One after the other: the first migrates and seeds, the second finds it done.
    for (let i = 0; i < instances; i++) servers.push(await startServer(port + i, env));
    const token = await servers[0].login('demo', 'Demo@123');
    await c.connect();
    jobsPrefix =
      (await c.query("select value from system_settings where key = 'jobs.redisPrefix'")).rows[0]?.value ??
      '';
    const per = Math.max(1, Math.round(CONNECTIONS / instances));
    const all = (duration: number) => Promise.all(servers.map((s) => hammer(s.url, token, per, duration)));
    // Warm the JIT and the caches; the figures measure steady state.
    await all(3);
    const started = Date.now();
    const before = await issuedCount(c);
    const runs = await all(seconds);
    const stopped = Date.now();
    const backlog = await waitingCount(c);
    while ((await waitingCount(c)) > 0) {
      if (Date.now() - started > 600_000) throw new Error(`${mode}: backlog not issued after 10 minutes`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const issued = (await issuedCount(c)) - before;
    return {
      mode,
      accepted: Math.round(runs.reduce((s, r) => s + r.requests.average, 0)),
      // Two instances: the slower one's percentiles (histograms of two runs do not add up).
      p50: Math.max(...runs.map((r) => r.latency.p50)),
      p99: Math.max(...runs.map((r) => r.latency.p99)),
      issued: Math.round(issued / ((Date.now() - started) / 1000)),
      backlog,
      drainSeconds: Math.round((Date.now() - stopped) / 100) / 10,
      non2xx: runs.reduce((s, r) => s + r.non2xx, 0),
      errors: runs.reduce((s, r) => s + r.errors, 0),
    };
  } finally {
    await c.end().catch(() => {});
    for (const s of servers) await s.stop();
    await db.drop();
    if (mode !== 'memory') await dropRedisKeys([redisPrefix, ...(jobsPrefix ? [`${jobsPrefix}:`] : [])]);
  }
}

/**
 * Rounds of memory then Redis (then, in the first, two instances on Redis), alternating so the shared
 * machine's noise falls on both modes alike. Null when PostgreSQL or Redis is unreachable.
 */
export async function benchIssuingModes(
  port: number,
  opts: { seconds?: number; rounds?: number; two?: boolean } = {},
): Promise<ModeFigures[][] | null> {
  if (!(await pgReachable()) || !(await redisReachable())) return null;
  const rounds: ModeFigures[][] = [];
  for (let i = 0; i < (opts.rounds ?? 1); i++) {
    const round: ModeFigures[] = [];
    const order: Mode[] = i % 2 ? ['redis', 'memory'] : ['memory', 'redis'];
    // Two instances once: that figure shows what a second instance costs, not a ratio to settle.
    if ((opts.two ?? true) && i === 0) order.push('redis×2');
    for (const mode of order) round.push(await runMode(mode, port, opts.seconds ?? 10));
    rounds.push(round.sort((a, b) => order.indexOf(a.mode) - order.indexOf(b.mode)));
  }
  return rounds;
}

export function printModes(rounds: ModeFigures[][], line: (n: string, v: string, t?: string) => void) {
  const fig = (f: ModeFigures) =>
    `${f.accepted} acc/s p50 ${f.p50} p99 ${f.p99} ms, ${f.issued} iss/s (${f.backlog} left, ${f.drainSeconds} s)`;
  const ratio = (a: number, b: number) => (a / Math.max(1, b)).toFixed(2);
  for (const [i, round] of rounds.entries()) {
    const get = (m: Mode) => round.find((f) => f.mode === m);
    const mem = get('memory');
    const red = get('redis');
    const two = get('redis×2');
    const tag = rounds.length > 1 ? ` #${i + 1}` : '';
    if (mem) line(`Issuing on PostgreSQL, in-process queue${tag}`, fig(mem));
    if (red) line(`  same with REDIS_URL (BullMQ)${tag}`, fig(red));
    if (mem && red)
      line(
        '  REDIS_URL / in-process',
        `acc ${ratio(red.accepted, mem.accepted)}, p50 ${ratio(red.p50, mem.p50)}, p99 ${ratio(red.p99, mem.p99)}, iss ${ratio(red.issued, mem.issued)}`,
        'target acc, iss ≥ 0.90; p99 ≤ 1.20',
      );
    if (two && red) {
      line(`  two instances, one client${tag}`, fig(two));
      line(
        '  two instances / one (REDIS_URL)',
        `acc ${ratio(two.accepted, red.accepted)}, iss ${ratio(two.issued, red.issued)}`,
        '2 cores: what the second instance costs',
      );
    }
    for (const f of round)
      if (f.non2xx || f.errors) line(`  ${f.mode} non-2xx / errors`, `${f.non2xx} / ${f.errors}`);
  }
  // One run of each mode swings by a third on this shared 2-core machine (the same mode twice in a row differs as
  // much as the two modes do), so the verdict is the median of the rounds' ratios, each round alternating order.
  const pairs = rounds
    .map((r) => [r.find((f) => f.mode === 'memory'), r.find((f) => f.mode === 'redis')] as const)
    .filter((p): p is readonly [ModeFigures, ModeFigures] => !!p[0] && !!p[1]);
  if (pairs.length > 1) {
    const median = (xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b);
      const m = s.length >> 1;
      return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
    };
    const med = (f: (m: ModeFigures) => number) =>
      median(pairs.map(([m, r]) => f(r) / Math.max(1, f(m)))).toFixed(2);
    line(
      `  REDIS_URL / in-process, median of ${pairs.length}`,
      `acc ${med((f) => f.accepted)}, p50 ${med((f) => f.p50)}, p99 ${med((f) => f.p99)}, iss ${med((f) => f.issued)}`,
      'target acc, iss ≥ 0.90; p99 ≤ 1.20',
    );
  }
}

/** Standalone: `node --import tsx scripts/bench/issuing-modes.ts [rounds] [seconds]`. */
if (import.meta.url === `file://${process.argv[1]}`) {
  const line = (name: string, value: string, target = '') =>
    console.log(`${name.padEnd(44)} ${value.padEnd(44)} ${target}`);
  const rounds = await benchIssuingModes(9795, {
    rounds: Number(process.argv[2] ?? 1),
    seconds: Number(process.argv[3] ?? 10),
    two: process.env.BENCH_TWO !== '0',
  });
  if (rounds) printModes(rounds, line);
  else line('Issuing modes', 'skipped: PostgreSQL or Redis unreachable');
}
