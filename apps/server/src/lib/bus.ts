import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

/**
 * Cache invalidation between server processes. `publish(topic)` runs this process's handlers at once
 * (synchronously, so the request that made the change already sees it) and, on Redis, tells every other
 * process through one pub/sub channel; they run their handlers when the message arrives (milliseconds).
 * Topics carry no data: a handler drops what it cached and reloads from the database on the next use.
 */
export interface Bus {
  publish(topic: string): void;
  on(topic: string, handler: () => void): void;
  close(): Promise<void>;
}

type Handlers = Map<string, (() => void)[]>;

function runAll(handlers: Handlers, topic: string | null) {
  const lists = topic === null ? [...handlers.values()] : [handlers.get(topic) ?? []];
  for (const list of lists) for (const h of list) h();
}

/** One process (embedded mode, tests without Redis): handlers only. */
export class LocalBus implements Bus {
  protected readonly handlers: Handlers = new Map();
  publish(topic: string) {
    runAll(this.handlers, topic);
  }
  on(topic: string, handler: () => void) {
    this.handlers.set(topic, [...(this.handlers.get(topic) ?? []), handler]);
  }
  async close() {}
}

/**
 * Redis pub/sub on `<prefix>bus`. A subscriber that lost its connection may have missed messages, so on every
 * reconnection it runs every handler (drops every cache): stale for a moment at worst, never for long.
 */
export class RedisBus extends LocalBus {
  private readonly self = randomUUID();
  private constructor(
    private readonly pub: Redis,
    private readonly sub: Redis,
    private readonly channel: string,
  ) {
    super();
  }

  static async connect(url: string, prefix: string, pub: Redis): Promise<RedisBus> {
    const sub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: null });
    const bus = new RedisBus(pub, sub, `${prefix}bus`);
    sub.on('message', (_channel: string, raw: string) => bus.receive(raw));
    // Errors are reconnected by ioredis; a listener keeps them from crashing the process.
    sub.on('error', () => {});
    let first = true;
    sub.on('ready', () => {
      if (!first) runAll(bus.handlers, null);
      first = false;
    });
    await sub.connect();
    await sub.subscribe(bus.channel);
    return bus;
  }

  override publish(topic: string) {
    super.publish(topic);
    // Fire and forget: a failed publish must not fail the request that already committed its change; the
    // other processes' entries still expire (30 s).
    this.pub.publish(this.channel, JSON.stringify({ topic, from: this.self })).catch(() => {});
  }

  private receive(raw: string) {
    try {
      const { topic, from } = JSON.parse(raw) as { topic: string; from: string };
      if (from !== this.self) runAll(this.handlers, topic);
    } catch {
      // Not ours (someone else publishing on the channel): nothing to drop.
    }
  }

  override async close() {
    await this.sub.quit().catch(() => this.sub.disconnect());
  }
}
