import type { CardStatus, InsertCardRequest } from '../../../../gateways/wallet/gateway.ts';
import { hostOf, refuse } from '../../../../gateways/kit/index.ts';
import type { OutboundGuard } from '../../../../lib/outbound/index.ts';
import type { WalletAccount } from '../accounts.ts';
import type { WalletAdapter } from './adapter.ts';

const NAMES = { wechat: '微信支付', alipay: '支付宝' } as const;

/**
 * A live account (test channel off). The platforms cannot be reached from this installation and their SDKs are
 * not installed, so the call refuses as the account's (scope account: the next account, e.g. one on the test
 * channel, may serve) after the outbound guard has checked the endpoint as every connection would. The duties of
 * the real client — endpoints, request signing, certificates — are in README.md "Live adapters".
 */
export class LiveWalletAdapter implements WalletAdapter {
  constructor(private readonly outbound: OutboundGuard) {}

  /** Nothing to release: no connection is held. */
  close() {}

  private async refuse(account: WalletAccount): Promise<never> {
    const endpoint = String(account.config.endpoint ?? '');
    const blocked = endpoint ? await this.outbound.vet(hostOf(endpoint)) : null;
    if (blocked) throw blocked;
    throw refuse('WALLET_LIVE_UNAVAILABLE', { platform: NAMES[account.kind] }, 'account');
  }

  insert(account: WalletAccount, _req: InsertCardRequest): Promise<never> {
    return this.refuse(account);
  }

  query(account: WalletAccount, _ref: string): Promise<CardStatus> {
    return this.refuse(account);
  }
}
