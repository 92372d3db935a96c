import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import {
  OPEN_BODY_LIMIT,
  OPEN_HEADERS,
  OPEN_SIGNATURE_MAX_SKEW_SECONDS,
  type OpenContract,
  openPathOf,
  permissionCodes,
} from '@fpy/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import type { Actor, Ctx, Services } from '../../../http/context.ts';
import { type RouteInvoker, toFastifyPath } from '../../../http/route.ts';
import { sha256 } from '../../../lib/hash.ts';
import type { SecretBox } from '../../../lib/secret-box.ts';
import type { CallLogWriter } from './call-log.ts';
import { OpenRefusal, okEnvelope, openErrorHandler } from './envelope.ts';
import { consumeLimits, type defaultOpenLimits, limitsFor, peekAppLimit } from './limits.ts';
import type { OpenApp, OpenRegistry } from './registry.ts';
import { NONCE_RE, sha256Hex, sign, signatureMatches } from './signing.ts';

const EMPTY_SHA = sha256Hex('');
/** How long a nonce is remembered: twice the allowed clock skew, so a replay inside the window is always seen. */
const NONCE_TTL_SECONDS = OPEN_SIGNATURE_MAX_SKEW_SECONDS * 2;

/** What the gateway learnt about a call, for the handler and the call log. */
export interface OpenCallState {
  operation: string;
  app?: OpenApp;
  tenantId?: number;
  authMode?: 'hmac' | 'token';
  bodySha256?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    openCall?: OpenCallState;
  }
}

const header = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
};

export interface GateDeps {
  services: Services;
  registry: OpenRegistry;
  box: SecretBox;
  log: CallLogWriter;
  /** The gateway's own clock in ms (tests move it). */
  now?: () => number;
  /** Budgets without an operator row (OPEN_RATE_LIMIT_PER_SECOND). */
  defaults?: ReturnType<typeof defaultOpenLimits>;
}

/** IP whitelist: CIDR ranges or single addresses (IPv4, IPv6, IPv4-mapped IPv6 compared as IPv4). */
export function ipAllowed(ip: string, whitelist: readonly string[]): boolean {
  if (!whitelist.length) return true;
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    addr = ipaddr.process(ip);
  } catch {
    return false;
  }
  for (const entry of whitelist) {
    try {
      const [range, bits] = entry.includes('/')
        ? ipaddr.parseCIDR(entry)
        : (() => {
            const a = ipaddr.process(entry);
            return [a, a.kind() === 'ipv4' ? 32 : 128] as const;
          })();
      if (range.kind() === addr.kind() && addr.match(range as never, bits)) return true;
    } catch {
      // An unparsable entry matches nothing (the console validates entries on save).
    }
  }
  return false;
}

/** Authentication: the signed headers, or a client-credentials bearer token. */
async function authenticate(req: FastifyRequest, deps: GateDeps, state: OpenCallState): Promise<OpenApp> {
  const appKey = header(req, OPEN_HEADERS.appKey);
  const auth = header(req, 'authorization');
  if (appKey) {
    state.authMode = 'hmac';
    const app = appKey.length <= 64 ? await deps.registry.appByKey(appKey) : null;
    if (!app) throw new OpenRefusal('UNKNOWN_APP');
    state.app = app;
    if (app.state !== 'enabled') throw new OpenRefusal('APP_DISABLED');
    const timestamp = header(req, OPEN_HEADERS.timestamp) ?? '';
    const nonce = header(req, OPEN_HEADERS.nonce) ?? '';
    const signature = header(req, OPEN_HEADERS.signature) ?? '';
    if (!/^\d{1,13}$/.test(timestamp) || !NONCE_RE.test(nonce)) throw new OpenRefusal('BAD_SIGNATURE');
    let secret: string;
    try {
      secret = deps.box.open(app.secretCipher);
    } catch {
      throw new OpenRefusal('BAD_SIGNATURE');
    }
    const expected = sign(secret, {
      method: req.method,
      url: req.url,
      bodySha256: state.bodySha256 ?? EMPTY_SHA,
      timestamp,
      nonce,
    });
    if (!signatureMatches(expected, signature)) throw new OpenRefusal('BAD_SIGNATURE');
    const now = (deps.now ?? Date.now)();
    if (Math.abs(now / 1000 - Number(timestamp)) > OPEN_SIGNATURE_MAX_SKEW_SECONDS)
      throw new OpenRefusal('STALE_TIMESTAMP');
    // First use wins, on every instance (Redis INCR when REDIS_URL): a second request with the nonce is a replay.
    const seen = await deps.services.kv.incr(`open:nonce:${app.id}:${nonce}`, NONCE_TTL_SECONDS);
    if (seen > 1) throw new OpenRefusal('REPLAYED_NONCE');
    return app;
  }
  if (auth?.startsWith('Bearer ')) {
    state.authMode = 'token';
    const token = auth.slice(7).trim();
    const appId = token && token.length <= 256 ? await deps.registry.token(sha256(token)) : null;
    if (!appId) throw new OpenRefusal('INVALID_TOKEN');
    const app = await deps.registry.appById(appId);
    if (!app) throw new OpenRefusal('UNKNOWN_APP');
    state.app = app;
    if (app.state !== 'enabled') throw new OpenRefusal('APP_DISABLED');
    return app;
  }
  throw new OpenRefusal('MISSING_CREDENTIALS');
}

/** The enterprise the call acts for, and whether this app may act for it on this API. */
async function enterpriseFor(req: FastifyRequest, c: OpenContract, app: OpenApp, deps: GateDeps) {
  const taxNo = header(req, OPEN_HEADERS.tenantTaxNo)?.trim();
  const idText = header(req, OPEN_HEADERS.enterpriseId)?.trim();
  const id = idText && /^\d{1,9}$/.test(idText) ? Number(idText) : undefined;
  if (idText && id === undefined) throw new OpenRefusal('ENTERPRISE_NOT_FOUND');
  const named =
    id !== undefined || taxNo
      ? await deps.registry.enterprise(id !== undefined ? { id } : { taxNo: (taxNo ?? '').slice(0, 64) })
      : undefined;
  if (app.tenantId !== null) {
    // An enterprise's own app acts for its company only.
    if (named !== undefined && named?.tenantId !== app.tenantId) throw new OpenRefusal('ENTERPRISE_MISMATCH');
    const own = named ?? (await deps.registry.enterprise({ id: app.tenantId }));
    if (!own?.active) throw new OpenRefusal('ENTERPRISE_NOT_FOUND');
    return own;
  }
  if (named === undefined) throw new OpenRefusal('ENTERPRISE_REQUIRED');
  if (!named?.active) throw new OpenRefusal('ENTERPRISE_NOT_FOUND');
  if (!c.open.isv) throw new OpenRefusal('ISV_NOT_ALLOWED');
  const lic = await deps.registry.license(app.id, named.tenantId);
  if (!lic) throw new OpenRefusal('LICENSE_NOT_FOUND');
  if (lic.state === 'revoked') throw new OpenRefusal('LICENSE_REVOKED');
  if (lic.state === 'expired' || (lic.expiresAt && lic.expiresAt.getTime() <= Date.now()))
    throw new OpenRefusal('LICENSE_EXPIRED');
  if (lic.state !== 'active') throw new OpenRefusal('LICENSE_NOT_FOUND');
  if (!lic.scopes.includes(c.open.group)) throw new OpenRefusal('LICENSE_SCOPE');
  return named;
}

/**
 * Every check of an open call, in the catalogue's order, before the service runs and before any quota is taken
 * (the body was parsed already: malformed JSON and an over-large body were refused by then): credentials and
 * signature → app state → IP whitelist → interface enabled and in the app's groups → enterprise and licence →
 * limits. Returns the actor the handler runs as.
 */
async function admit(
  req: FastifyRequest,
  reply: FastifyReply,
  c: OpenContract,
  deps: GateDeps,
): Promise<Actor> {
  const state = req.openCall as OpenCallState;
  const app = await authenticate(req, deps, state);
  if (!ipAllowed(req.ip, app.ipWhitelist)) throw new OpenRefusal('IP_NOT_ALLOWED', { ip: req.ip });
  if ((await deps.registry.interfaceState(c.open.operation)) !== 'enabled')
    throw new OpenRefusal('API_DISABLED');
  if (!app.groups.has(c.open.group)) throw new OpenRefusal('API_NOT_GRANTED', { group: c.open.group });
  const ent = await enterpriseFor(req, c, app, deps);
  state.tenantId = ent.tenantId;
  // A company without an active account has no one to act as: refused before any quota is taken.
  if (ent.userId === null) throw new OpenRefusal('ENTERPRISE_NOT_FOUND');
  const rows = await deps.registry.limitRows();
  const outcome = await consumeLimits(
    deps.services.limiter,
    limitsFor(rows, app.id, ent.tenantId, c.open.operation, deps.defaults),
  );
  reply.header('X-RateLimit-Limit', String(outcome.limit));
  reply.header('X-RateLimit-Remaining', String(outcome.remaining));
  reply.header('X-RateLimit-Reset', String(outcome.resetSeconds));
  if (!outcome.ok) {
    reply.header('Retry-After', String(outcome.retryAfter));
    throw new OpenRefusal('RATE_LIMITED', { scope: outcome.refusedBy, retryAfter: outcome.retryAfter });
  }
  return {
    userId: ent.userId as number,
    username: `open:${app.appKey}`,
    name: `open:${app.name}`.slice(0, 64),
    tenantId: ent.tenantId,
    isSuperAdmin: ent.isSuperAdmin,
    isInsideUser: ent.isInsideUser,
    codes: new Set(permissionCodes(c.permission)),
    platform: false,
    tokenHash: '',
  };
}

/** Hashes the raw body as it streams to the JSON parser (the signature covers the bytes sent). */
function hashBody(req: FastifyRequest, _reply: FastifyReply, payload: NodeJS.ReadableStream) {
  const h = createHash('sha256');
  const state = req.openCall as OpenCallState;
  const t = new Transform({
    transform(chunk, _enc, cb) {
      h.update(chunk);
      cb(null, chunk);
    },
    flush(cb) {
      state.bodySha256 = h.digest('hex');
      cb();
    },
  });
  payload.on('error', (err) => t.destroy(err));
  return payload.pipe(t);
}

/**
 * Registers the open twin of a contract: the same handler (`invoke`, the console route's), under the open path,
 * behind the gateway's checks, answering in the envelope, logged in open_call_logs.
 */
export function registerOpenRoute(
  app: FastifyInstance,
  c: OpenContract,
  invoke: RouteInvoker,
  deps: GateDeps,
) {
  app.route({
    method: c.method,
    url: toFastifyPath(openPathOf(c)),
    bodyLimit: c.bodyLimit ? Math.min(c.bodyLimit, OPEN_BODY_LIMIT) : OPEN_BODY_LIMIT,
    config: { openContract: c },
    errorHandler: openErrorHandler,
    onRequest: (req, reply, done) => {
      req.openCall = { operation: c.open.operation };
      reply.header('X-Request-Id', req.id);
      done();
    },
    preParsing: async (req, reply, payload) => hashBody(req, reply, payload),
    handler: async (req, reply) => {
      let actor: Actor;
      try {
        actor = await admit(req, reply, c, deps);
      } catch (err) {
        // A known app's refusal before the limits still tells the app where its budget stands.
        const app = req.openCall?.app;
        if (app && !reply.hasHeader('X-RateLimit-Limit')) {
          const spec = limitsFor(
            await deps.registry.limitRows(),
            app.id,
            0,
            c.open.operation,
            deps.defaults,
          )[0];
          const p = await peekAppLimit(deps.services.limiter, spec).catch(() => null);
          if (p) {
            reply.header('X-RateLimit-Limit', String(p.limit));
            reply.header('X-RateLimit-Remaining', String(p.remaining));
            reply.header('X-RateLimit-Reset', String(p.resetSeconds));
          }
        }
        throw err;
      }
      const ctx: Ctx = { ...req.ctx, actor };
      const data = await invoke(ctx, req, reply);
      if (reply.sent) {
        req.openCode = 'OK';
        return reply;
      }
      req.openCode = 'OK';
      return okEnvelope(req, data);
    },
    onResponse: (req, reply, done) => {
      const s = req.openCall;
      deps.log.push({
        at: new Date(),
        appId: s?.app?.id ?? null,
        appKey: s?.app?.appKey ?? null,
        tenantId: s?.tenantId ?? null,
        operation: c.open.operation,
        method: req.method,
        path: req.url.split('?')[0].slice(0, 500),
        httpStatus: reply.statusCode,
        code: req.openCode ?? (reply.statusCode < 400 ? 'OK' : 'INTERNAL_ERROR'),
        latencyMs: Math.round(reply.elapsedTime),
        requestId: req.id,
        ip: req.ip,
        authMode: s?.authMode ?? null,
      });
      done();
    },
  });
}
