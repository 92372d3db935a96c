import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { openApps, openDevelopers, users } from '@fpy/db';
import { eq } from 'drizzle-orm';
import { SecretBox } from '../../src/lib/secret-box.ts';
import type { TestApp } from '../harness.ts';

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver on 127.0.0.1 (the harness allows loopback through OUTBOUND_ALLOW_HOSTS): records every
 * request and answers from a script of statuses (200 once the script is empty).
 */
export async function startReceiver() {
  const received: Received[] = [];
  const script: number[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      const status = script.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(status === 200 ? '{"received":true}' : `{"error":"status ${status}"}`);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/fpy`,
    received,
    script,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** What a receiver does with a request: recompute the signature over `${timestamp}.${body}` with the secret. */
export function verify(secret: string, r: Received): boolean {
  const ts = String(r.headers['x-fpy-timestamp']);
  const expected = createHmac('sha256', secret).update(`${ts}.${r.body}`).digest('hex');
  return expected === r.headers['x-fpy-signature'];
}

/** An enterprise's own app of the demo company, subscribed to `events`, its secret sealed as the server keeps it. */
export async function createApp(
  t: TestApp,
  opts: { url: string; events: string[]; secret: string; name?: string; tenantId?: number },
) {
  const db = t.services.db;
  const [demo] = await db.select().from(users).where(eq(users.username, 'demo'));
  const tenantId = opts.tenantId ?? (demo.tenantId as number);
  const [dev] = await db
    .insert(openDevelopers)
    .values({ name: `dev-${opts.name ?? 'hooks'}`, kind: 'enterprise', tenantId })
    .returning();
  const box = new SecretBox(t.services.config.OPEN_SECRET_KEY);
  const key = `ak_${Math.random().toString(36).slice(2, 12).padEnd(10, '0')}hooks${Date.now() % 100000}`;
  const [app] = await db
    .insert(openApps)
    .values({
      developerId: dev.id,
      name: opts.name ?? 'Webhook test app',
      appKey: key,
      secretCipher: box.seal(opts.secret),
      secretHint: opts.secret.slice(-4),
      callbackUrl: opts.url,
      webhookEvents: opts.events,
      tenantId,
    })
    .returning();
  return app;
}
