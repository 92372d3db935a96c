import { Redis } from 'ioredis';

/**
 * Counters and small caches. In-process by default; on Redis when REDIS_URL is set so several
 * server processes share rate limits and one-minute send windows.
 */
export interface Kv {
  /** Increments key and returns the new count; the key expires ttlSeconds after its first increment. */
  incr(key: string, ttlSeconds: number): Promise<number>;
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  del(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryKv implements Kv {
  private map = new Map<string, { v: string; exp: number }>();
  private live(key: string) {
    const e = this.map.get(key);
    if (e && e.exp <= Date.now()) {
      this.map.delete(key);
      return undefined;
    }
    return e;
  }
  async incr(key: string, ttlSeconds: number) {
    const e = this.live(key);
    const n = (e ? Number(e.v) : 0) + 1;
    this.map.set(key, { v: String(n), exp: e?.exp ?? Date.now() + ttlSeconds * 1000 });
    if (this.map.size > 100_000) this.sweep();
    return n;
  }
  async get(key: string) {
    return this.live(key)?.v ?? null;
  }
  async set(key: string, value: string, ttlSeconds: number) {
    this.map.set(key, { v: value, exp: Date.now() + ttlSeconds * 1000 });
  }
  async del(key: string) {
    this.map.delete(key);
  }
  async close() {}
  private sweep() {
    const now = Date.now();
    for (const [k, e] of this.map) if (e.exp <= now) this.map.delete(k);
  }
}

export class RedisKv implements Kv {
  constructor(private redis: Redis) {}
  static async connect(url: string, prefix = 'fpy:') {
    const redis = new Redis(url, { keyPrefix: prefix, maxRetriesPerRequest: 2, lazyConnect: true });
    await redis.connect();
    return new RedisKv(redis);
  }
  async incr(key: string, ttlSeconds: number) {
    const [[, n]] = (await this.redis.multi().incr(key).expire(key, ttlSeconds, 'NX').exec()) as [
      [null, number],
    ];
    return n;
  }
  get(key: string) {
    return this.redis.get(key);
  }
  async set(key: string, value: string, ttlSeconds: number) {
    await this.redis.set(key, value, 'EX', ttlSeconds);
  }
  async del(key: string) {
    await this.redis.del(key);
  }
  async close() {
    await this.redis.quit();
  }
}
