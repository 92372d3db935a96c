// Issue 14 §6: delivery jobs per second end to end through an SMTP server. A real SMTP server (smtp-server)
// runs in this process; the real product runs as its own process with the demo company's 企业邮箱 pointed at
// that server. N invoices with a buyer e-mail are issued with automatic delivery off, then handed to 批量交付
// at once; the figure is messages received by the SMTP server (PDF + XML attached) per second, from the first
// bulk request to the last message, and the p99 of request → received per message.
// Standalone: node --import tsx scripts/bench/delivery.ts
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { fiveLineInvoice } from './issuing.ts';
import { type BenchServer, clearOfSlowTick, serverCpuMs, startServer, untilQuiet } from './server-process.ts';

export interface DeliveryBench {
  messages: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  avgKB: number;
  failed: number;
  /** Server CPU (all its threads, user + system) from the first bulk request to the last message, per message. */
  cpuMsPerMessage: number;
}

const N = Number(process.env.BENCH_DELIVERY_N ?? 400);
const BULK = 200;
const SETTINGS = '/api/admin/v1/plat/delivery-settings';

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

export async function benchDelivery(
  port: number,
  // Another checkout of the product (bench/baseline.ts) to measure an older commit the same way.
  where: { cwd?: string; label?: string } = {},
): Promise<DeliveryBench> {
  // Message id (the invoice number in the subject is not needed: every message counts once) → received at.
  const received: { at: number; bytes: number; to: string }[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 30 * 1024 * 1024,
    onData(stream, session, callback) {
      let bytes = 0;
      stream.on('data', (c: Buffer) => {
        bytes += c.length;
      });
      stream.on('end', () => {
        for (const r of session.envelope.rcptTo) received.push({ at: Date.now(), bytes, to: r.address });
        callback();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  // The stand-in listens on loopback, which the outbound guard refuses unless the installation allows it
  // (issue 28 §1): allowed here as the tests allow their own stand-ins.
  const server = await startServer(port, { OUTBOUND_ALLOW_HOSTS: '127.0.0.1,::1' }, undefined, where);
  try {
    const token = await server.login('demo', 'Demo@123');
    await api(server, token, 'POST', '/api/admin/v1/parameterSetting/enterpriseMail', {
      host: '127.0.0.1',
      port: smtpPort,
      secure: false,
      rejectUnauthorized: false,
      user: '',
      pass: '',
      from: 'invoice@demo.example.cn',
      fromName: '演示科技',
      enabled: true,
    });
    const settings = await api(server, token, 'GET', SETTINGS);
    const { updatedAt: _, ...current } = settings;
    await api(server, token, 'PUT', SETTINGS, { ...current, autoEmail: false, autoSms: false });

    // Issue N invoices with a buyer e-mail and wait until every one is 已开具.
    const ids: number[] = [];
    for (let i = 0; i < N; i += 50) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(50, N - i) }, (_, k) => {
          const body = fiveLineInvoice(`DLV-${Date.now()}-${i + k}`);
          return api(server, token, 'POST', '/api/billing/v1/invoices', {
            ...body,
            buyer: { ...body.buyer, email: `buyer${i + k}@example.cn` },
          });
        }),
      );
      ids.push(...batch.map((b: { id: number }) => b.id));
    }
    const deadline = Date.now() + 120_000;
    for (;;) {
      const page = await api(server, token, 'GET', `/api/billing/v1/invoices?status=issued&limit=1`);
      if (page.total >= N) break;
      if (Date.now() > deadline) throw new Error(`only ${page.total} of ${N} invoices issued`);
      await new Promise((r) => setTimeout(r, 250));
    }

    // The layout files of the invoices just issued are issuing's work, still rendering for tens of seconds
    // after the last 已开具; 400 messages take 20–40 s here, so the 10-minute 归集 tick stays out of the window.
    await untilQuiet(server.proc.pid);
    await clearOfSlowTick(90_000);
    const started = Date.now();
    const cpuStart = serverCpuMs(server.proc.pid);
    const tasks: string[] = [];
    for (let i = 0; i < ids.length; i += BULK) {
      const { taskId } = await api(server, token, 'POST', '/api/delivery/v1/deliveries/bulk', {
        ids: ids.slice(i, i + BULK),
        channels: ['email'],
      });
      tasks.push(taskId);
    }
    // Stop waiting when nothing arrives for 20 s (a broken pipeline reports, it does not hang the bench).
    let last = Date.now();
    let seen = 0;
    while (received.length < N && Date.now() - last < 20_000) {
      await new Promise((r) => setTimeout(r, 50));
      if (received.length !== seen) {
        seen = received.length;
        last = Date.now();
      }
    }
    if (received.length < N && process.env.BENCH_DEBUG) {
      for (const t of tasks)
        console.error(await api(server, token, 'GET', `/api/delivery/v1/deliveries/bulk/${t}`));
      console.error(await api(server, token, 'GET', `/api/delivery/v1/invoices/${ids[0]}/deliveries`));
    }
    const ended = received.length ? received[received.length - 1].at : Date.now();
    const cpuMs = serverCpuMs(server.proc.pid) - cpuStart;
    const lat = received.map((r) => r.at - started).sort((a, b) => a - b);
    const q = (p: number) => lat[Math.min(lat.length - 1, Math.floor(p * lat.length))] ?? 0;
    return {
      messages: received.length,
      perSecond: Math.round((received.length / Math.max(1, ended - started)) * 1000),
      p50Ms: q(0.5),
      p99Ms: q(0.99),
      avgKB: Math.round(received.reduce((s, r) => s + r.bytes, 0) / Math.max(1, received.length) / 1024),
      failed: N - received.length,
      cpuMsPerMessage: Math.round((cpuMs / Math.max(1, received.length)) * 10) / 10,
    };
  } finally {
    await server.stop();
    await new Promise<void>((r) => smtp.close(() => r()));
  }
}

export function printDelivery(
  d: DeliveryBench,
  line: (name: string, value: string, target?: string) => void,
) {
  line(
    'Delivery by e-mail through SMTP (end to end)',
    `${d.perSecond} messages/s, ${d.messages} sent`,
    `(${d.avgKB} KB each with PDF + XML)`,
  );
  line('  bulk request → message received', `p50 ${d.p50Ms} ms, p99 ${d.p99Ms} ms`);
  line('  server CPU per message', `${d.cpuMsPerMessage} ms`, '(user + system, all threads)');
  if (d.failed) line('  not received', String(d.failed));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const line = (name: string, value: string, target = '') =>
    console.log(`${name.padEnd(44)} ${value.padEnd(34)} ${target}`);
  printDelivery(await benchDelivery(9795), line);
}
