import type { AliyunConfig, SmtpConfig, TencentConfig } from '@fpy/contracts';
import type { Db } from '@fpy/db';
import { LiveClients } from '../../../../gateways/kit/index.ts';
import type { OutboundGuard } from '../../../../lib/outbound/index.ts';
import type { Adapter, ProviderAccount } from './adapter.ts';
import { AliyunAdapter } from './aliyun.ts';
import { SandboxAdapter } from './sandbox.ts';
import { SmtpAdapter } from './smtp.ts';
import { TencentAdapter } from './tencent.ts';

/**
 * Each kind's adapter, kept live per account by the kit (LiveClients: SMTP pools stay open between messages, SDK
 * clients keep their sockets; a saved row gets a new client on its next message).
 */
export function adapterClients(db: Db, timeoutMs: number, outbound: OutboundGuard) {
  return new LiveClients<ProviderAccount, Adapter>((a) => {
    switch (a.kind) {
      case 'smtp':
        return new SmtpAdapter(a.config as SmtpConfig, timeoutMs, outbound);
      case 'aliyun':
        return new AliyunAdapter(a.id, a.config as AliyunConfig, timeoutMs, outbound);
      case 'tencent':
        return new TencentAdapter(a.id, a.config as TencentConfig, timeoutMs, outbound);
      case 'sandbox':
        return new SandboxAdapter(db);
    }
  });
}
