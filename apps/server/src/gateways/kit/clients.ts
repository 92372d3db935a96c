import type { GatewayAccount } from './accounts.ts';

/** What a live vendor client may need to release (pools, sockets). */
export interface Closable {
  close?(): Promise<void> | void;
}

/**
 * The live client of each account, built on first use and kept while the account stays the same (`version`):
 * SMTP pools stay open between messages, SDK clients keep their sockets. A saved account gets a new client on
 * its next call; the old one is closed then.
 */
export class LiveClients<A extends GatewayAccount, C extends Closable> {
  private readonly live = new Map<number, { version: string; client: C }>();

  constructor(private readonly build: (account: A) => C) {}

  get(account: A): C {
    const cached = this.live.get(account.id);
    if (cached?.version === account.version) return cached.client;
    if (cached) void Promise.resolve(cached.client.close?.()).catch(() => {});
    const client = this.build(account);
    this.live.set(account.id, { version: account.version, client });
    return client;
  }

  /** Forget an account's client (row deleted or changed). */
  drop(id: number) {
    const cached = this.live.get(id);
    this.live.delete(id);
    if (cached) void Promise.resolve(cached.client.close?.()).catch(() => {});
  }

  async close() {
    const all = [...this.live.values()];
    this.live.clear();
    await Promise.allSettled(all.map((c) => c.client.close?.()));
  }
}
