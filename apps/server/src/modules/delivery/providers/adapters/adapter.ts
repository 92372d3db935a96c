import type { MessageChannel, ProviderKind } from '@fpy/contracts';
import type { GatewayAccount } from '../../../../gateways/kit/index.ts';
import type { OutboundEmail, OutboundSms, Receipt } from '../../../../gateways/messaging/gateway.ts';

/** One message_providers row as the gateway uses it (config parsed by its kind's schema): a kit account. */
export interface ProviderAccount extends GatewayAccount<ProviderKind> {
  channel: MessageChannel;
}

export interface SendResult {
  providerMessageId: string;
  units: number;
}

export interface CallOptions {
  /** Give up on this account after this long (a timeout fails over like any transient error). */
  timeoutMs: number;
  /** The tenant the message is sent for (the sandbox stores it with the message); null for the platform. */
  tenantId: number | null;
}

/** A message accepted earlier and still waiting for its receipt (see receipts/registry.ts, pending source). */
export interface PendingMessage {
  providerMessageId: string;
  recipient: string;
  acceptedAt: Date;
}

/**
 * One provider protocol. Adapters throw GatewayRefusal (gateways/kit/refusal.ts) with the provider's own code and the
 * scope that decides failover; anything else they throw counts as transient.
 */
export interface Adapter {
  sendEmail?(msg: OutboundEmail, opts: CallOptions): Promise<SendResult>;
  sendSms?(msg: OutboundSms, opts: CallOptions): Promise<SendResult>;
  /** Receipts the provider has now; `pending` lists what this account still waits for (needed by 阿里云). */
  pollReceipts?(pending: PendingMessage[]): Promise<Receipt[]>;
  /** Whether pollReceipts needs the pending list (otherwise it is not fetched). */
  readonly needsPending?: boolean;
  close?(): Promise<void> | void;
}
