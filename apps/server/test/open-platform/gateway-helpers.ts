import { createHash, createHmac, randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { DEMO_OPEN_APPS, DEMO_TAX_NO } from '../../src/modules/open-platform/gateway/index.ts';

export { DEMO_OPEN_APPS, DEMO_TAX_NO };

/**
 * A client's signer, written from the README's signing guide only (not the server's code), so a test signed by it
 * proves the guide and the server agree.
 */
export function clientSign(
  secret: string,
  o: { method: string; url: string; body?: string; timestamp: string; nonce: string },
): string {
  const [path, query = ''] = o.url.split('?');
  const pairs = query
    .split('&')
    .filter(Boolean)
    .map((p) => {
      const [k, v = ''] = p.split('=');
      return [decodeURIComponent(k), decodeURIComponent(v)] as [string, string];
    })
    .sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? -1 : 1));
  const canonical = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  const bodySha = createHash('sha256')
    .update(o.body ?? '')
    .digest('hex');
  const sts = [o.method.toUpperCase(), path, canonical, bodySha, o.timestamp, o.nonce].join('\n');
  return createHmac('sha256', secret).update(sts).digest('hex');
}

export interface CallOptions {
  app?: { appKey: string; appSecret: string };
  method?: 'GET' | 'POST';
  url: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  timestamp?: string;
  nonce?: string;
  /** Sign this instead of what is sent (a wrong signature). */
  tamper?: boolean;
  ip?: string;
}

/** A signed open-API call through inject. */
export function signedCall(app: FastifyInstance, o: CallOptions) {
  const who = o.app ?? DEMO_OPEN_APPS.own;
  const method = o.method ?? (o.body !== undefined || o.rawBody !== undefined ? 'POST' : 'GET');
  const payload = o.rawBody ?? (o.body !== undefined ? JSON.stringify(o.body) : undefined);
  const timestamp = o.timestamp ?? String(Math.floor(Date.now() / 1000));
  const nonce = o.nonce ?? randomUUID();
  const signature = clientSign(who.appSecret, {
    method,
    url: o.url,
    body: o.tamper ? `${payload ?? ''} ` : payload,
    timestamp,
    nonce,
  });
  const req: InjectOptions = {
    method,
    url: o.url,
    headers: {
      'x-fpy-appkey': who.appKey,
      'x-fpy-timestamp': timestamp,
      'x-fpy-nonce': nonce,
      'x-fpy-signature': signature,
      ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
      ...o.headers,
    },
    ...(payload !== undefined ? { payload } : {}),
    ...(o.ip ? { remoteAddress: o.ip } : {}),
  };
  return app.inject(req);
}

/** An ISV call for the demo company. */
export const isv = { app: DEMO_OPEN_APPS.isv, headers: { 'x-tenant-tax-no': DEMO_TAX_NO } };

let n = 0;
export const serial = () => `OPEN-${process.pid}-${Date.now()}-${++n}`;

/** 2 × 100.00 at 13%, exclusive: 价税合计 226.00. */
export function issueBody(over: Record<string, unknown> = {}) {
  return {
    clientSerial: serial(),
    type: 'digital_special',
    pricingMode: 'exclusive',
    buyer: { name: '上海云帆信息技术有限公司', taxNumber: '91310104MA1FR8KX39' },
    lines: [
      {
        name: '*信息技术服务*接口服务费',
        taxCode: '1060301020100000000',
        unit: '次',
        quantity: '2',
        unitPrice: '100',
        rate: 'rate_13',
      },
    ],
    totals: { amountFen: 20_000, taxFen: 2_600, totalFen: 22_600 },
    ...over,
  };
}
