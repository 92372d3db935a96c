import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { guardedAgent, OutboundBlocked, type OutboundGuard } from '../../../lib/outbound/index.ts';
import { WEBHOOK_HEADERS } from './types.ts';

/** hex(HMAC-SHA256(appSecret, `${timestamp}.${body}`)) — what X-Fpy-Signature carries. */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The headers of one attempt (the signature, never the secret). */
export function signedHeaders(
  secret: string,
  e: { eventId: string; eventType: string; deliveryId: number; body: string },
  now: Date,
): Record<string, string> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return {
    'content-type': 'application/json; charset=utf-8',
    'user-agent': 'fpy-webhooks/1',
    [WEBHOOK_HEADERS.eventId]: e.eventId,
    [WEBHOOK_HEADERS.eventType]: e.eventType,
    [WEBHOOK_HEADERS.deliveryId]: String(e.deliveryId),
    [WEBHOOK_HEADERS.timestamp]: timestamp,
    [WEBHOOK_HEADERS.signature]: webhookSignature(secret, timestamp, e.body),
  };
}

/** What a receiver answered, or why there was no answer. */
export type PostResult =
  | { ok: true; status: number; body: string; latencyMs: number }
  | {
      ok: false;
      status: number | null;
      body: string | null;
      code: string;
      message: string;
      latencyMs: number;
    };

/** The first characters of an answer kept in the log. */
export const RESPONSE_KEEP = 2000;
/** A receiver has this long to answer. */
export const POST_TIMEOUT_MS = 10_000;

const agents = new WeakMap<OutboundGuard, { http: http.Agent; https: http.Agent }>();
function agentsOf(guard: OutboundGuard) {
  let a = agents.get(guard);
  if (!a) {
    a = { http: guardedAgent(guard, 'http'), https: guardedAgent(guard, 'https') };
    agents.set(guard, a);
  }
  return a;
}

/**
 * One POST to a callback URL through the outbound guard (services.outbound): every socket goes to a checked
 * address, so a callback on loopback, the private network or the metadata address is refused unless
 * OUTBOUND_ALLOW_HOSTS allows it. 2xx is delivered; anything else (or no answer) is not.
 */
export async function postWebhook(
  guard: OutboundGuard,
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs = POST_TIMEOUT_MS,
): Promise<PostResult> {
  const started = Date.now();
  const elapsed = () => Date.now() - started;
  let target: URL;
  try {
    target = new URL(url);
    if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error('protocol');
  } catch {
    return { ok: false, status: null, body: null, code: 'WEBHOOK_BAD_URL', message: url, latencyMs: 0 };
  }
  const secure = target.protocol === 'https:';
  const agent = secure ? agentsOf(guard).https : agentsOf(guard).http;
  return new Promise<PostResult>((resolve) => {
    const req = (secure ? https : http).request(
      target,
      {
        method: 'POST',
        agent,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        timeout: timeoutMs,
      },
      (res) => {
        let kept = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (kept.length < RESPONSE_KEEP) kept += chunk;
        });
        res.on('error', () => undefined);
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          const text = kept.slice(0, RESPONSE_KEEP);
          if (status >= 200 && status < 300) resolve({ ok: true, status, body: text, latencyMs: elapsed() });
          else
            resolve({
              ok: false,
              status,
              body: text,
              code: `HTTP_${status}`,
              message: `HTTP ${status}`,
              latencyMs: elapsed(),
            });
        });
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })));
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err instanceof OutboundBlocked)
        resolve({
          ok: false,
          status: null,
          body: null,
          code: err.code,
          message: err.message,
          latencyMs: elapsed(),
        });
      else
        resolve({
          ok: false,
          status: null,
          body: null,
          code: err.code ?? 'WEBHOOK_NETWORK',
          message: err.message.slice(0, 500),
          latencyMs: elapsed(),
        });
    });
    req.end(body);
  });
}
