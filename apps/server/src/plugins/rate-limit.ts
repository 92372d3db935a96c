import { type RateBudget, rateBudgetOf } from '@fpy/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyRequests } from '../lib/errors.ts';
import type { LimiterFactory } from '../lib/limiter.ts';

export interface RateLimits {
  /** Per IP and route: credential and code endpoints, and every other anonymous write unless a budget says more. */
  perIpPerMinute: number;
  /** Per account name and route, on credential and code endpoints only. */
  perAccountPerMinute: number;
  /** Per IP and route for telemetry ('events'); five times perIpPerMinute when unset. */
  eventsPerIpPerMinute?: number;
}

const WINDOW_SECONDS = 60;

export function ipBudget(limits: RateLimits, budget: RateBudget): number {
  return budget === 'events'
    ? (limits.eventsPerIpPerMinute ?? limits.perIpPerMinute * 5)
    : limits.perIpPerMinute;
}

const routeKey = (req: FastifyRequest) => {
  const c = req.routeOptions.config?.contract;
  return c ? `${c.method}:${c.path}` : '';
};

/**
 * Anonymous writes cost us rows, messages and hashing, so every public POST/PUT/DELETE is limited per client IP
 * without its contract asking (rateBudgetOf): a route added later is covered the day it is written. Credential
 * and code endpoints (contract rateLimited) are also limited per account name, so neither one address nor a
 * botnet against one account can guess freely. Counters are limiters (lib/limiter.ts: rate-limiter-flexible, on
 * Redis when configured, so every server process spends one budget); a window starts at a client's first
 * request and lasts a minute.
 *
 * The IP count runs before the body is parsed, so a flood is refused before it costs anything; the account
 * count needs the body and runs just before the handler.
 */
export function installRateLimit(app: FastifyInstance, limiter: LimiterFactory, limits: RateLimits) {
  const perAccount = limiter('acct', limits.perAccountPerMinute, WINDOW_SECONDS);
  // Callback-style hooks: most requests have no budget and pass without a promise or a microtask hop.
  app.addHook('onRequest', (req, _reply, done) => {
    const contract = req.routeOptions.config?.contract;
    const budget = contract && rateBudgetOf(contract);
    if (!budget) return done();
    const perIp = limiter(`ip-${budget}`, ipBudget(limits, budget), WINDOW_SECONDS);
    perIp.consume(`${req.ip}:${routeKey(req)}`).then(
      (r) => done(r.ok ? undefined : tooManyRequests()),
      (err) => done(err),
    );
  });
  app.addHook('preHandler', (req, _reply, done) => {
    const contract = req.routeOptions.config?.contract;
    if (!contract || rateBudgetOf(contract) !== 'credentials') return done();
    const body = req.body as Record<string, unknown> | undefined;
    const account =
      typeof body?.username === 'string' ? body.username.trim().toLowerCase() : req.ctx.actor?.username;
    if (!account) return done();
    perAccount.consume(`${account}:${routeKey(req)}`).then(
      (r) => done(r.ok ? undefined : tooManyRequests()),
      (err) => done(err),
    );
  });
}
