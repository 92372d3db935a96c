/**
 * SMS and e-mail providers behind one interface (issue 14). Implementations (SMTP through nodemailer, Alibaba
 * Cloud and Tencent Cloud SMS through their official SDKs, the embedded sandbox) live in
 * modules/delivery/providers/ on the gateway kit (../kit) and are chosen there from the message_providers rows: per channel, the tenant's
 * own enabled accounts first, then the platform's, by priority, equal priorities by weight; an account that
 * errors or times out is failed over to the next. A message is reported sent only when a provider accepted it.
 */
import type { SmsScene } from '@fpy/contracts';
import type { CallRecord } from '../kit/call-log.ts';

export type Channel = 'sms' | 'email';

export interface EmailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface OutboundEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: EmailAttachment[];
}

export interface OutboundSms {
  /** 11-digit mainland mobile number. */
  mobile: string;
  /** The rendered text (what the sandbox stores and the record shows). */
  text: string;
  /** The provider's approved template code and its parameters (real providers send these, not `text`). */
  templateCode?: string;
  templateParams: Record<string, string>;
  /**
   * 签名 for a sender without its own: a real provider account sends with the 签名 it is approved for (its
   * config), since the provider refuses any other; the sandbox shows this one.
   */
  signName?: string;
  /**
   * What the message is for (invoice_delivery, verify_code, notice): without templateCode, real providers send
   * the account's template of this scene (contracts SCENE_TEMPLATE_FIELD).
   */
  scene?: SmsScene;
}

/** One account a send tried that did not take the message, and why (the kit's per-call log: failover is visible). */
export type TriedAccount = CallRecord;

/** A provider accepted the message (接收成功); delivery to the handset / mailbox is reported later by a receipt. */
export interface Accepted {
  providerId: number;
  providerKind: string;
  providerMessageId: string;
  /** SMS segments billed (70 characters per segment, 67 per part when longer); 0 for e-mail. */
  units: number;
  /** The accounts tried before this one, in order, with their reasons (failover); absent or empty when none. */
  tried?: TriedAccount[];
}

/** Delivery receipt (状态报告) or bounce: keyed by the provider's message id. */
export interface Receipt {
  providerId: number;
  providerMessageId: string;
  status: 'delivered' | 'failed';
  code: string | null;
  message: string | null;
  at: Date;
}

/**
 * A provider refused or failed: the kit's error (gateways/kit/refusal.ts) under the name delivery uses.
 * `retryable` false (bad signature, template not approved, number blacklisted, invalid number) ends the delivery
 * as failed at once with the provider's code; true (timeout, throttled, 5xx) is retried with backoff after every
 * account was tried.
 */
export { GatewayError as ProviderError } from '../kit/refusal.ts';

/** Per call: how long one account may take before the next is tried (default: the gateway's, 10 s). */
export interface SendOptions {
  timeoutMs?: number;
}

export interface MessagingGateway {
  /** Try the tenant's accounts, then the platform's, failing over on errors; throws the last ProviderError. */
  sendEmail(tenantId: number | null, msg: OutboundEmail, opts?: SendOptions): Promise<Accepted>;
  sendSms(tenantId: number | null, msg: OutboundSms, opts?: SendOptions): Promise<Accepted>;
  /** Receipts the providers have for messages sent earlier (polled by a scheduled task). */
  pollReceipts(): Promise<Receipt[]>;
}
