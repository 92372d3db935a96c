// Issue 30 §4: buyer submissions per second through the whole flow to an issued invoice. The real product runs as
// its own process on a fresh embedded database (the demo tenants seeded). The seller's buyer form approves every
// ask automatically; N scan-to-invoice orders are created through the console's API; then N buyers submit their
// titles on the public calls (CONCURRENCY in flight), and each buyer's page polls its request until the invoice is
// issued. Figures: accepted asks per second (the submit calls alone), issued invoices per second (first submit →
// last issued), and the p50/p99 of submit → issued per buyer (which includes up to one 2 s poll interval).
// Standalone: node --import tsx scripts/bench/buyer.ts
import { pathToFileURL } from 'node:url';
import { benchBuyerPages, printBuyerPages } from './buyer-pages.ts';
import { type BenchServer, startServer } from './server-process.ts';

export interface BuyerFlowBench {
  orders: number;
  acceptedPerSecond: number;
  issuedPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  failed: number;
  /** One order whose invoice was issued (its result pages are weighed next). */
  issuedCode: string;
}

const N = Number(process.env.BENCH_BUYER_N ?? 200);
const CONCURRENCY = Number(process.env.BENCH_BUYER_CONCURRENCY ?? 20);
const POLL_MS = 2_000;

async function call(server: BenchServer, token: string | null, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;

/** Runs `work` over `items` with at most `limit` in flight. */
async function pool<T>(items: T[], limit: number, work: (item: T, i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await work(items[i], i);
      }
    }),
  );
}

export async function benchBuyerFlow(server: BenchServer): Promise<BuyerFlowBench> {
  const token = await server.login('demo', 'Demo@123');
  // Every ask approved at once: the figure is the pipeline, not a reviewer.
  const form = await call(server, token, 'GET', '/api/self-service/titles/scan-title');
  const { updatedAt: _stamp, ...settings } = form;
  await call(server, token, 'PUT', '/api/self-service/titles/scan-title', {
    ...settings,
    approval: { mode: 'auto' },
  });

  const codes: string[] = [];
  await pool(
    Array.from({ length: N }, (_, i) => i),
    8,
    async (i) => {
      const order = await call(server, token, 'POST', '/api/self-service/orders', {
        externalNo: `BENCH-${i}`,
        origin: 'pos',
        lines: [
          { name: '餐饮服务', amountFen: 8_800 + i, rate: 'rate_6' },
          { name: '停车服务', amountFen: 1_000, rate: 'rate_9' },
        ],
      });
      codes[i] = order.code;
    },
  );

  // The asks, CONCURRENCY in flight; then each buyer's page polls its request as the phone page does (every
  // 2 s, apps/web/src/phone/apply/order/use-order.ts) — polling faster would make the API look busy and slow the
  // background issuing on purpose (jobs/queue.ts), which real phones do not.
  const asked: { token: string; at: number; code: string }[] = [];
  let failed = 0;
  const started = performance.now();
  await pool(codes, CONCURRENCY, async (code, i) => {
    const at = performance.now();
    try {
      const request = await call(server, null, 'POST', `/api/public/self-service/orders/${code}/requests`, {
        invoiceType: settings.defaultInvoiceType,
        title: { kind: 'company', name: `压测买方${i}有限公司`, taxNumber: '91110108MA01C8QX20' },
      });
      asked.push({ token: request.token, at, code });
    } catch (err) {
      failed++;
      if (failed === 1) console.error(`  buyer submit failed: ${(err as Error).message}`);
    }
  });
  const allAsked = performance.now();
  const latencies: number[] = [];
  let lastIssued = 0;
  let issuedCode = '';
  await Promise.all(
    asked.map(async ({ token: requestToken, at, code }) => {
      // Phones do not poll in step: the first look comes at a random point of the interval.
      await new Promise((r) => setTimeout(r, Math.random() * POLL_MS));
      for (;;) {
        const request = await call(server, null, 'GET', `/api/public/self-service/requests/${requestToken}`);
        if (request.state === 'issued') break;
        if (request.state === 'failed' || request.state === 'rejected' || performance.now() - at > 180_000) {
          failed++;
          return;
        }
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
      const done = performance.now();
      latencies.push(done - at);
      lastIssued = Math.max(lastIssued, done);
      if (!issuedCode) issuedCode = code;
    }),
  );
  latencies.sort((a, b) => a - b);
  const ok = latencies.length;
  return {
    orders: N,
    acceptedPerSecond: Math.round(asked.length / ((allAsked - started) / 1000)),
    issuedPerSecond: ok ? Math.round((ok / ((lastIssued - started) / 1000)) * 10) / 10 : 0,
    p50Ms: Math.round(percentile(latencies, 50)),
    p99Ms: Math.round(percentile(latencies, 99)),
    failed,
    issuedCode,
  };
}

export function printBuyerFlow(r: BuyerFlowBench, line: (label: string, value: string) => void) {
  line(
    'Buyer scan-to-invoice, whole flow',
    `${r.issuedPerSecond} issued/s (${r.orders} orders, ${r.acceptedPerSecond} asks accepted/s, ` +
      `submit → issued p50 ${r.p50Ms} ms / p99 ${r.p99Ms} ms${r.failed ? `, ${r.failed} FAILED` : ''})`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const server = await startServer(Number(process.env.BENCH_PORT ?? 19640));
  try {
    const line = (l: string, v: string, t = '') => console.log(`${l.padEnd(44)} ${v.padEnd(34)} ${t}`);
    const flow = await benchBuyerFlow(server);
    printBuyerFlow(flow, line);
    if (flow.issuedCode) printBuyerPages(await benchBuyerPages(server, flow.issuedCode), line);
  } finally {
    await server.stop();
  }
}
