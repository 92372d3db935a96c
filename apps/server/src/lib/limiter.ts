import type { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';

/**
 * Budgets and lockouts (rate-limiter-flexible): a fixed window of `durationSeconds` that starts at a key's first
 * point. On Redis (REDIS_URL) every server process counts in the same keys, so N instances behind a load
 * balancer give one budget, not N; embedded, the counts live in this process.
 */
export interface Limiter {
  /** Takes `points` (1) from the key's budget; `ok` is false once the window holds more than the budget. */
  consume(key: string, points?: number): Promise<LimitResult>;
  /** Marks the key over budget for `seconds` (default: the limiter's window). */
  block(key: string, seconds?: number): Promise<void>;
  /** Milliseconds until a blocked or spent key is free again; 0 when it still has budget. */
  blockedMs(key: string): Promise<number>;
  /** Forgets the key's count and block. */
  reset(key: string): Promise<void>;
  /** The key's count in the current window without taking a point (null: nothing counted yet). */
  peek(key: string): Promise<{ consumed: number; msBeforeNext: number } | null>;
}

export interface LimitResult {
  ok: boolean;
  /** Points taken in this window, this call's included. */
  consumed: number;
  /** Milliseconds until the window ends. */
  msBeforeNext: number;
}

/** One limiter per name: `limiter('login-ip', 60, 60)`; the same (name, points, duration) is the same limiter. */
export type LimiterFactory = (name: string, points: number, durationSeconds: number) => Limiter;

class FlexibleLimiter implements Limiter {
  constructor(
    private readonly rl: RateLimiterAbstract,
    private readonly points: number,
  ) {}

  async consume(key: string, points = 1): Promise<LimitResult> {
    try {
      const r = await this.rl.consume(key, points);
      return { ok: true, consumed: r.consumedPoints, msBeforeNext: r.msBeforeNext };
    } catch (err) {
      // A refusal is a RateLimiterRes; anything else (Redis down with no insurance) is a real error.
      if (!(err instanceof RateLimiterRes)) throw err;
      return { ok: false, consumed: err.consumedPoints, msBeforeNext: err.msBeforeNext };
    }
  }

  async block(key: string, seconds?: number) {
    await this.rl.block(key, seconds ?? this.rl.duration);
  }

  async blockedMs(key: string) {
    const r = await this.rl.get(key);
    return r && r.consumedPoints > this.points ? Math.max(0, r.msBeforeNext) : 0;
  }

  async reset(key: string) {
    await this.rl.delete(key);
  }

  async peek(key: string) {
    const r = await this.rl.get(key);
    return r ? { consumed: r.consumedPoints, msBeforeNext: Math.max(0, r.msBeforeNext) } : null;
  }
}

/**
 * The limiter service. `redis` given: RateLimiterRedis under `<prefix>rl:<name>:` (a process that loses Redis
 * keeps counting in memory until it is back — the insurance limiter — rather than failing every login);
 * otherwise RateLimiterMemory. A DATABASE_URL without Redis still counts per process: several instances need Redis.
 */
export function limiterFactory(opts: { redis?: Redis; prefix?: string } = {}): LimiterFactory {
  const made = new Map<string, Limiter>();
  const prefix = opts.prefix ?? 'fpy:';
  return (name, points, durationSeconds) => {
    const id = `${name}:${points}:${durationSeconds}`;
    let l = made.get(id);
    if (!l) {
      const base = { points, duration: durationSeconds };
      const memory = new RateLimiterMemory({ ...base, keyPrefix: name });
      const rl = opts.redis
        ? new RateLimiterRedis({
            ...base,
            storeClient: opts.redis,
            keyPrefix: `${prefix}rl:${name}`,
            insuranceLimiter: memory,
          })
        : memory;
      l = new FlexibleLimiter(rl, points);
      made.set(id, l);
    }
    return l;
  };
}
