import type { FastifyInstance } from 'fastify';
import type { Kv } from '../lib/kv.ts';
import { tooManyRequests } from '../lib/errors.ts';

export interface RateLimits {
  perIpPerMinute: number;
  perAccountPerMinute: number;
}

/**
 * Login and code endpoints (contracts with rateLimited) are limited per client IP and per account name,
 * so neither one address nor a botnet against one account can guess freely. Counters live in the Kv
 * (Redis when configured).
 */
export function installRateLimit(app: FastifyInstance, kv: Kv, limits: RateLimits) {
  app.addHook('preHandler', async (req) => {
    const contract = req.routeOptions.config?.contract;
    if (!contract?.rateLimited) return;
    const bucket = `${contract.method}:${contract.path}:${Math.floor(Date.now() / 60000)}`;
    if ((await kv.incr(`rl:ip:${req.ip}:${bucket}`, 61)) > limits.perIpPerMinute) throw tooManyRequests();
    const body = req.body as Record<string, unknown> | undefined;
    const account =
      typeof body?.username === 'string' ? body.username.trim().toLowerCase() : req.ctx.actor?.username;
    if (account && (await kv.incr(`rl:acct:${account}:${bucket}`, 61)) > limits.perAccountPerMinute)
      throw tooManyRequests();
  });
}
