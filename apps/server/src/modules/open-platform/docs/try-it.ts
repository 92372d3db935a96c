import { randomBytes } from 'node:crypto';
import { OPEN_HEADERS, openContracts, openPathOf, type TryReply } from '@fpy/contracts';
import { openApps } from '@fpy/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AuthedCtx } from '../../../http/context.ts';
import { businessError, forbidden, notFound } from '../../../lib/errors.ts';
import type { SecretBox } from '../../../lib/secret-box.ts';
import { sha256Hex, sign, stringToSign } from '../gateway/index.ts';
import { mayCall } from './catalogue.ts';

export interface TryInput {
  appId: number;
  operation: string;
  params?: Record<string, string | number | boolean>;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
}

/** Response headers worth showing (the limits, the request id, the content type). */
const SHOWN = /^(x-ratelimit-|retry-after$|x-request-id$|content-type$)/i;
/** The most of a reply the page shows. */
const REPLY_KEEP = 64 * 1024;

/**
 * 在线调试: signs the call with an app of the caller's own company — exactly as an outside system would (the
 * gateway's own `sign`) — and sends it through the real open route in-process (app.inject: the same gateway,
 * checks, limits and call log as a call from outside; every installation's bureau is the sandbox). The caller
 * must hold the console route's own code too: the docs pages never become a way round a missing grant. The
 * secret is decrypted here and never answered.
 */
export async function tryOpenCall(
  app: FastifyInstance,
  ctx: AuthedCtx,
  box: SecretBox,
  input: TryInput,
): Promise<TryReply> {
  const contract = openContracts().find((c) => c.open.operation === input.operation);
  if (!contract) throw notFound('NOT_FOUND.open_operation');
  const [row] = await ctx.db.select().from(openApps).where(eq(openApps.id, input.appId));
  if (!row || row.tenantId === null || row.tenantId !== ctx.actor.tenantId)
    throw notFound('NOT_FOUND.open_app');
  if (row.state !== 'enabled') throw businessError('OPEN_TRY_APP_DISABLED');
  if (!mayCall(contract, ctx.actor)) throw forbidden();
  const path = openPathOf(contract).replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(input.params?.[name] ?? '')),
  );
  const qs = new URLSearchParams(
    Object.entries(input.query ?? {}).map(([k, v]) => [k, String(v)] as [string, string]),
  ).toString();
  const url = qs ? `${path}?${qs}` : path;
  const method = contract.method;
  const body =
    method === 'GET' || method === 'DELETE' || input.body === undefined ? '' : JSON.stringify(input.body);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(12).toString('hex');
  const bodySha256 = sha256Hex(body);
  const signInput = { method, url, bodySha256, timestamp, nonce };
  const signature = sign(box.open(row.secretCipher), signInput);
  const headers: Record<string, string> = {
    [OPEN_HEADERS.appKey]: row.appKey,
    [OPEN_HEADERS.timestamp]: timestamp,
    [OPEN_HEADERS.nonce]: nonce,
    [OPEN_HEADERS.signature]: signature,
    ...(body ? { 'content-type': 'application/json' } : {}),
  };
  const started = Date.now();
  const res = await app.inject({ method, url, headers, ...(body ? { payload: body } : {}) });
  const latencyMs = Date.now() - started;
  let replyBody: unknown = res.body.slice(0, REPLY_KEEP);
  if (String(res.headers['content-type'] ?? '').includes('json')) {
    try {
      replyBody = JSON.parse(res.body);
    } catch {
      // shown as text
    }
  }
  const shown: Record<string, string> = {};
  for (const [k, v] of Object.entries(res.headers))
    if (SHOWN.test(k) && v !== undefined) shown[k] = String(v);
  return {
    request: { method, url, headers, body },
    bodySha256,
    stringToSign: stringToSign(signInput),
    signature,
    response: { status: res.statusCode, headers: shown, body: replyBody },
    latencyMs,
  };
}
