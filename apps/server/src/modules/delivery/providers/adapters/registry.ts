import type { AliyunConfig, SmtpConfig, TencentConfig } from '@fpy/contracts';
import type { Db } from '@fpy/db';
import type { OutboundGuard } from '../../../../lib/outbound/index.ts';
import type { Adapter, ProviderAccount } from './adapter.ts';
import { AliyunAdapter } from './aliyun.ts';
import { SandboxAdapter } from './sandbox.ts';
import { SmtpAdapter } from './smtp.ts';
import { TencentAdapter } from './tencent.ts';

/**
 * The live client of each account, built on first use and kept while the row stays the same (`version`): SMTP
 * pools stay open between messages, SDK clients keep their sockets. A saved row gets a new client on its next
 * message; the old one is closed then.
 */
export class AdapterRegistry {
  private readonly live = new Map<number, { version: string; adapter: Adapter }>();

  constructor(
    private readonly db: Db,
    private readonly timeoutMs: number,
    private readonly outbound: OutboundGuard,
  ) {}

  get(account: ProviderAccount): Adapter {
    const cached = this.live.get(account.id);
    if (cached?.version === account.version) return cached.adapter;
    if (cached) void Promise.resolve(cached.adapter.close?.()).catch(() => {});
    const adapter = this.build(account);
    this.live.set(account.id, { version: account.version, adapter });
    return adapter;
  }

  private build(a: ProviderAccount): Adapter {
    switch (a.kind) {
      case 'smtp':
        return new SmtpAdapter(a.config as SmtpConfig, this.timeoutMs, this.outbound);
      case 'aliyun':
        return new AliyunAdapter(a.id, a.config as AliyunConfig, this.timeoutMs, this.outbound);
      case 'tencent':
        return new TencentAdapter(a.id, a.config as TencentConfig, this.timeoutMs, this.outbound);
      case 'sandbox':
        return new SandboxAdapter(this.db);
    }
  }

  /** Forget an account's client (row deleted). */
  drop(id: number) {
    const cached = this.live.get(id);
    this.live.delete(id);
    if (cached) void Promise.resolve(cached.adapter.close?.()).catch(() => {});
  }

  async close() {
    const all = [...this.live.values()];
    this.live.clear();
    await Promise.allSettled(all.map((c) => c.adapter.close?.()));
  }
}
