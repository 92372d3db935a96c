import type { WalletCardState, WalletPlatform } from '@fpy/contracts';
import type { CallRecord } from '../kit/index.ts';

/**
 * 电子发票卡包 (issue 30, lane WALLETS): WeChat Pay's and Alipay's fapiao card bags, in our names. Implemented by
 * modules/self-service/wallets (accounts per tenant on the gateway kit, the embedded sandbox as the default);
 * registered as `services.gateways.wallet`. Errors are the kit's `GatewayRefusal` (scope message | account |
 * transient). No database work happens inside a call; callers run it outside their transactions.
 */

/** The invoice as a card shows it (money in fen). */
export interface WalletInvoice {
  invoiceId: number;
  number: string;
  issuedAt: Date;
  type: string;
  sellerName: string;
  buyerName: string;
  totalFen: number;
  taxFen: number;
}

export interface InsertCardRequest {
  platform: WalletPlatform;
  /** Our unguessable reference for this insertion (the platform's out-trade number); callbacks name it. */
  ref: string;
  invoice: WalletInvoice;
  /** The buyer's id at the platform (openid, Alipay user id). */
  buyerRef: string;
}

export interface InsertCardAnswer {
  /** pending: accepted, the outcome comes by callback; inserted: in the bag at once. */
  state: 'pending' | 'inserted';
  cardId: string | null;
  /** The account that accepted it (0 = the embedded sandbox default) and its kind. */
  providerId: number;
  providerKind: string;
  /** The kit's per-call log: accounts tried before, with the reason each did not serve. */
  tried: CallRecord[];
}

export interface CardStatus {
  state: WalletCardState;
  cardId: string | null;
}

/** A verified callback: what happened to which insertion, said by which account. */
export interface WalletNotice {
  platform: WalletPlatform;
  providerId: number;
  /** The platform's own id of this notice (the same notice pushed twice carries the same id). */
  noticeId: string;
  ref: string;
  event: 'inserted' | 'refused' | 'deleted';
  cardId: string | null;
  /** The platform's reason code for a refusal. */
  code: string | null;
}

export interface WalletGateway {
  /** Puts an issued invoice into the buyer's card bag through the tenant's accounts (failover), else the sandbox. */
  insertCard(tenantId: number, req: InsertCardRequest): Promise<InsertCardAnswer>;
  /** Asks the account that took `ref` where it stands. */
  queryCard(tenantId: number, platform: WalletPlatform, providerId: number, ref: string): Promise<CardStatus>;
  /**
   * A callback as the platform sent it (headers, raw body): verified by signature with the account's platform key
   * (RSA-SHA256), then handed to the registered handlers. A bad signature is a refusal WALLET_SIGNATURE_INVALID.
   */
  acceptCallback(
    platform: WalletPlatform,
    providerId: number,
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
  ): Promise<WalletNotice>;
}
