// Issue 32 §5 (`npm run bench -- --only openapi`): signed open-API issue calls per second with the limiter on
// Redis against the same calls on the console API (one server, alternating rounds), and the limiter's and the
// call log's overhead per call.
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { openDb } from '@fpy/db';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import { limiterFactory } from '../../apps/server/src/lib/limiter.ts';
import { CallLogWriter } from '../../apps/server/src/modules/open-platform/gateway/call-log.ts';
import { DEMO_OPEN_APPS } from '../../apps/server/src/modules/open-platform/gateway/seed.ts';
import { consumeLimits, limitsFor } from '../../apps/server/src/modules/open-platform/gateway/limits.ts';
import { fiveLineInvoice } from './issuing.ts';
import { serverCpuMs, startServer } from './server-process.ts';

type Line = (name: string, value: string, target?: string) => void;

const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PORT = Number(process.env.BENCH_OPENAPI_PORT ?? 9601);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_OPENAPI_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_OPENAPI_CONNECTIONS ?? 32);
const MICRO_N = Number(process.env.BENCH_OPENAPI_MICRO ?? 5000);

let seq = 0;
const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)] ?? 0;

/** The signed headers of one call (the signing guide). */
function signed(path: string, body: string) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomUUID();
  const sts = ['POST', path, '', createHash('sha256').update(body).digest('hex'), timestamp, nonce].join(
    '\n',
  );
  return {
    'x-fpy-appkey': DEMO_OPEN_APPS.own.appKey,
    'x-fpy-timestamp': timestamp,
    'x-fpy-nonce': nonce,
    'x-fpy-signature': createHmac('sha256', DEMO_OPEN_APPS.own.appSecret).update(sts).digest('hex'),
    'content-type': 'application/json',
  };
}

async function run(url: string, kind: 'console' | 'open', token: string, seconds: number) {
  const path = kind === 'open' ? '/openapi/v1/invoices' : '/api/billing/v1/invoices';
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path,
        setupRequest: (req) => {
          const body = JSON.stringify(fiveLineInvoice(`BENCH-OPEN-${process.pid}-${++seq}`));
          return {
            ...req,
            body,
            headers:
              kind === 'open'
                ? signed(path, body)
                : { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          };
        },
      },
    ],
  });
}

/** The three budgets of a call taken on Redis, N calls 32 at a time: wall time per call. */
async function limiterOverhead(n: number): Promise<{ usPerCall: number; memoryUsPerCall: number }> {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 2 });
  const prefix = `fpy-bench-open-${randomBytes(4).toString('hex')}:`;
  const time = async (f: ReturnType<typeof limiterFactory>) => {
    const specs = limitsFor([], 1, 1, 'invoice.issue', {
      app: { points: 1e9, windowSeconds: 60 },
      enterprise: { points: 1e9, windowSeconds: 60 },
      api: { points: 1e9, windowSeconds: 60 },
    });
    for (let i = 0; i < 200; i++) await consumeLimits(f, specs);
    const started = process.hrtime.bigint();
    let left = n;
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        while (left-- > 0) await consumeLimits(f, specs);
      }),
    );
    return Number(process.hrtime.bigint() - started) / 1000 / n;
  };
  try {
    const usPerCall = await time(limiterFactory({ redis, prefix }));
    const memoryUsPerCall = await time(limiterFactory({}));
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    return { usPerCall, memoryUsPerCall };
  } finally {
    redis.disconnect();
  }
}

/** The call log: the request path's share (push) and the batched write behind it, per row, on PGlite. */
async function callLogOverhead(n: number): Promise<{ pushUs: number; writeUsPerRow: number }> {
  const h = await openDb({ dataDir: 'memory://' });
  try {
    await h.migrate();
    const w = new CallLogWriter(h.db, (err) => console.error(err), 1000, 200);
    const row = () => ({
      at: new Date(),
      appId: 1,
      appKey: DEMO_OPEN_APPS.own.appKey,
      tenantId: 1,
      operation: 'invoice.issue',
      method: 'POST',
      path: '/openapi/v1/invoices',
      httpStatus: 201,
      code: 'OK',
      latencyMs: 3,
      requestId: randomUUID(),
      ip: '127.0.0.1',
      authMode: 'hmac',
    });
    const rows = Array.from({ length: n }, row);
    const started = process.hrtime.bigint();
    for (const r of rows) w.push(r);
    const pushNs = Number(process.hrtime.bigint() - started);
    await w.close();
    const total = Number(process.hrtime.bigint() - started);
    return { pushUs: pushNs / 1000 / n, writeUsPerRow: total / 1000 / n };
  } finally {
    await h.close();
  }
}

export async function printOpenApi(line: Line) {
  const prefix = `fpy-bench-open-${randomBytes(4).toString('hex')}:`;
  const server = await startServer(PORT, {
    REDIS_URL,
    REDIS_PREFIX: prefix,
    // Budgets far above what one machine can send: the limiter runs on every call without refusing any.
    OPEN_RATE_LIMIT_PER_SECOND: '1000000',
  });
  const runs = {
    console: [] as { rate: number; cpu: number }[],
    open: [] as { rate: number; cpu: number }[],
  };
  try {
    const token = await server.login('demo', 'Demo@123');
    // The demo's operator limits (open_rate_limits: 20 issues/s, 3000 calls/min per enterprise) would refuse
    // most of the load: the platform operator removes them (企业限流), so only the budgets above apply.
    const admin = await server.login('admin', 'Admin@123');
    const base = `${server.url}/api/admin/open-platform/rate-limits`;
    const auth = { authorization: `Bearer ${admin}` };
    const list = (await (await fetch(`${base}?page=1&limit=100`, { headers: auth })).json()) as {
      rows?: { id: number }[];
    };
    for (const r of list.rows ?? []) await fetch(`${base}/${r.id}`, { method: 'DELETE', headers: auth });
    // Warm both paths (JIT, caches, the demo apps seeded on start).
    await run(server.url, 'console', token, Math.min(2, SECONDS));
    await run(server.url, 'open', token, Math.min(2, SECONDS));
    for (let i = 0; i < ROUNDS; i++) {
      const order = i % 2 === 0 ? (['console', 'open'] as const) : (['open', 'console'] as const);
      for (const kind of order) {
        const cpuStart = serverCpuMs(server.proc.pid);
        const r = await run(server.url, kind, token, SECONDS);
        const cpu = serverCpuMs(server.proc.pid) - cpuStart;
        const ok = r.requests.total - r.non2xx;
        runs[kind].push({
          rate: Math.round(r.requests.average),
          cpu: Math.round((cpu / Math.max(1, r.requests.total)) * 100) / 100,
        });
        line(
          `  round ${i + 1} ${kind === 'open' ? 'open API (signed, Redis limiter)' : 'console API (bearer)'}`,
          `${Math.round(r.requests.average)} inv/s, p99 ${r.latency.p99} ms, ${ok} ok, ${r.non2xx} non-2xx`,
          `server CPU ${runs[kind].at(-1)?.cpu} ms/call`,
        );
      }
    }
  } finally {
    await server.stop();
    const r = new Redis(REDIS_URL);
    const keys = await r.keys(`${prefix}*`);
    if (keys.length) await r.del(...keys);
    r.disconnect();
  }
  const rate = (k: 'console' | 'open') => median(runs[k].map((x) => x.rate));
  const cpu = (k: 'console' | 'open') => median(runs[k].map((x) => x.cpu));
  line(
    'POST /openapi/v1/invoices (signed, limiter on Redis), median',
    `${rate('open')} inv/s`,
    `CPU ${cpu('open')} ms/call`,
  );
  line(
    'POST /api/billing/v1/invoices (console), median',
    `${rate('console')} inv/s`,
    `CPU ${cpu('console')} ms/call`,
  );
  line(
    'open / console',
    `${(rate('open') / Math.max(1, rate('console'))).toFixed(2)} (rate), ${(cpu('open') / Math.max(0.01, cpu('console'))).toFixed(2)} (CPU per call)`,
    'target rate ≥ 0.9',
  );
  const lim = await limiterOverhead(MICRO_N);
  line(
    'open limiter (3 budgets per call)',
    `${lim.usPerCall.toFixed(1)} µs/call on Redis (32 in flight), ${lim.memoryUsPerCall.toFixed(1)} µs in memory`,
  );
  const log = await callLogOverhead(MICRO_N);
  line(
    'open call log',
    `${log.pushUs.toFixed(2)} µs/call on the request path (buffer), ${log.writeUsPerRow.toFixed(1)} µs/row written in batches (PGlite)`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await printOpenApi((n, v, t) => console.log(`${n.padEnd(60)} ${v}${t ? `   (${t})` : ''}`));
  process.exit(0);
}
