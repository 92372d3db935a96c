// Issue 32 §5 (`npm run bench -- --only webhooks`): webhook deliveries per second. A receiver in this process
// (plain node:http on loopback, allowed by OUTBOUND_ALLOW_HOSTS as the tests allow their stand-ins) checks every
// signature; the demo company's own app calls back there for invoice.issued; N invoices are issued through the
// console API, and the figure is deliveries received from the first to the last, with issued → received p50/p99
// (each event's createdAt against its arrival) and the server's CPU per delivery beside the same issuing with
// nobody subscribed (the difference is what the webhooks cost).
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_OPEN_APPS } from '../../apps/server/src/modules/open-platform/gateway/seed.ts';
import { fiveLineInvoice } from './issuing.ts';
import { type BenchServer, serverCpuMs, startServer, untilQuiet } from './server-process.ts';

type Line = (name: string, value: string, target?: string) => void;

const N = Number(process.env.BENCH_WEBHOOKS_N ?? 400);
const PORT = Number(process.env.BENCH_WEBHOOKS_PORT ?? 9797);

async function api(server: BenchServer, token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

interface Received {
  at: number;
  lagMs: number;
  ok: boolean;
}

/** Issues `n` invoices in batches of 50 and returns when every one is 已开具 (the outbox may still be sending). */
async function issueMany(server: BenchServer, token: string, n: number, tag: string) {
  for (let i = 0; i < n; i += 50)
    await Promise.all(
      Array.from({ length: Math.min(50, n - i) }, (_, k) =>
        api(
          server,
          token,
          'POST',
          '/api/billing/v1/invoices',
          fiveLineInvoice(`WH-${tag}-${Date.now()}-${i + k}`),
        ),
      ),
    );
}

async function waitFor(cond: () => boolean, idleMs: number, progress: () => number) {
  let last = Date.now();
  let seen = progress();
  while (!cond() && Date.now() - last < idleMs) {
    await new Promise((r) => setTimeout(r, 50));
    if (progress() !== seen) {
      seen = progress();
      last = Date.now();
    }
  }
}

export async function benchWebhooks() {
  const received: Received[] = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const ts = String(req.headers['x-fpy-timestamp'] ?? '');
      const want = createHmac('sha256', DEMO_OPEN_APPS.own.appSecret).update(`${ts}.${body}`).digest('hex');
      let lagMs = 0;
      try {
        lagMs = Date.now() - Date.parse((JSON.parse(body) as { createdAt: string }).createdAt);
      } catch {}
      received.push({ at: Date.now(), lagMs, ok: req.headers['x-fpy-signature'] === want });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/fapiao/callback`;
  const server = await startServer(PORT, { OUTBOUND_ALLOW_HOSTS: '127.0.0.1,::1' });
  try {
    const demo = await server.login('demo', 'Demo@123');
    const admin = await server.login('admin', 'Admin@123');
    const apps = await api(
      server,
      admin,
      'GET',
      `/api/admin/open-platform/apps?appKey=${DEMO_OPEN_APPS.own.appKey}&limit=1`,
    );
    const app = apps.rows[0] as { id: number; webhookEvents: string[]; callbackUrl: string | null };
    // Nobody subscribed first: the same issuing's CPU without webhooks.
    await api(server, admin, 'PUT', `/api/admin/open-platform/apps/${app.id}`, { webhookEvents: [] });
    await untilQuiet(server.proc.pid);
    let cpu = serverCpuMs(server.proc.pid);
    await issueMany(server, demo, N, 'off');
    await untilQuiet(server.proc.pid);
    const cpuWithout = serverCpuMs(server.proc.pid) - cpu;

    await api(server, admin, 'PUT', `/api/admin/open-platform/apps/${app.id}`, {
      callbackUrl: hookUrl,
      webhookEvents: ['invoice.issued'],
    });
    cpu = serverCpuMs(server.proc.pid);
    const started = Date.now();
    await issueMany(server, demo, N, 'on');
    await waitFor(
      () => received.length >= N,
      20_000,
      () => received.length,
    );
    await untilQuiet(server.proc.pid);
    const cpuWith = serverCpuMs(server.proc.pid) - cpu;
    const first = received[0]?.at ?? started;
    const last = received.at(-1)?.at ?? started;
    const lags = received.map((r) => r.lagMs).sort((a, b) => a - b);
    const q = (p: number) => lags[Math.min(lags.length - 1, Math.floor(p * lags.length))] ?? 0;
    return {
      delivered: received.length,
      perSecond: Math.round((received.length / Math.max(1, last - first)) * 1000),
      wholeSeconds: (last - started) / 1000,
      badSignatures: received.filter((r) => !r.ok).length,
      p50Ms: q(0.5),
      p99Ms: q(0.99),
      cpuMsPerDelivery: Math.round(((cpuWith - cpuWithout) / Math.max(1, received.length)) * 10) / 10,
      cpuMsPerInvoice: Math.round((cpuWithout / N) * 10) / 10,
    };
  } finally {
    await server.stop();
    await new Promise<void>((r) => receiver.close(() => r()));
  }
}

export async function printWebhooks(line: Line) {
  const w = await benchWebhooks();
  line(
    'Webhook deliveries (invoice.issued, signed)',
    `${w.perSecond} deliveries/s, ${w.delivered} of ${N}`,
    `(first to last; all issued and delivered in ${w.wholeSeconds.toFixed(1)} s)`,
  );
  line('  event created → received', `p50 ${w.p50Ms} ms, p99 ${w.p99Ms} ms`);
  line(
    '  server CPU per delivery',
    `${w.cpuMsPerDelivery} ms`,
    `(beyond issuing's own ${w.cpuMsPerInvoice} ms per invoice, measured without a subscriber)`,
  );
  line(
    '  capacity by CPU (one core, webhooks alone)',
    `≈ ${Math.round(1000 / Math.max(0.1, w.cpuMsPerDelivery))} deliveries/s`,
    '(the first figure is bounded by issuing: events exist only as invoices are issued)',
  );
  if (w.badSignatures) line('  signatures that did not verify', String(w.badSignatures));
}
