import type { MessagingGateway } from './messaging/gateway.ts';
import type { WalletGateway } from './wallet/gateway.ts';

/**
 * Every outside service a module may call, by name: `services.gateways.<name>`. app.ts registers the chosen
 * implementation of each (the configured accounts on the gateway kit, or its sandbox); modules read it at call
 * time, never capture it at register (a test swaps in a stand-in on a running app). A new gateway — a wallet, an
 * ERP source, a signing service, a tax device — adds one line here, not a field of Services (kit/README.md).
 */
export interface Gateways {
  /** SMS and e-mail (modules/delivery/providers): failover over the configured accounts, else the sandbox. */
  messaging: MessagingGateway;
  /** WeChat Pay and Alipay fapiao card bags (modules/self-service/wallets): the tenant's accounts, else the sandbox. */
  wallet: WalletGateway;
}
