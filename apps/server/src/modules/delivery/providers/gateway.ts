import type { MessageChannel } from '@fpy/contracts';
import { type Db, messageProviders } from '@fpy/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  type CallObserver,
  callOne,
  DEFAULT_TIMEOUT_MS,
  failover,
  orderOrSandbox,
  refuse,
  tryOrder,
} from '../../../gateways/kit/index.ts';
import type {
  Accepted,
  MessagingGateway,
  OutboundEmail,
  OutboundSms,
  Receipt,
  SendOptions,
} from '../../../gateways/messaging/gateway.ts';
import type { OutboundGuard } from '../../../lib/outbound/index.ts';
import { accountsFor, allEnabledAccounts } from './accounts.ts';
import type { Adapter, CallOptions, ProviderAccount, SendResult } from './adapters/adapter.ts';
import { adapterClients } from './adapters/registry.ts';
import { pollSandboxReceipts, SANDBOX_PROVIDER_ID } from './adapters/sandbox.ts';
import { pendingSourceOf } from './receipts/registry.ts';

export { DEFAULT_TIMEOUT_MS, FailoverExhausted } from '../../../gateways/kit/index.ts';

export interface GatewayOptions {
  /** The outbound guard every connection to an account's host or endpoint passes (lib/outbound). */
  outbound: OutboundGuard;
  /** Default time one account may take before the next is tried. */
  timeoutMs?: number;
  /** Injected by tests to pin the weighted order. */
  random?: () => number;
  /** Where failures of polling are reported (a poll of one account failing never stops the others). */
  onPollError?: (accountId: number, err: unknown) => void;
  /** Sees every attempt (the kit's call log observer). */
  observe?: CallObserver;
}

/** The virtual account used when no provider is configured for a channel (README "Sandbox"). */
const sandboxAccount = (channel: MessageChannel): ProviderAccount => ({
  id: SANDBOX_PROVIDER_ID,
  tenantId: null,
  channel,
  kind: 'sandbox',
  name: 'sandbox',
  priority: 0,
  weight: 1,
  config: {},
  version: 'sandbox',
});

/**
 * The messaging gateway over the message_providers rows, on the gateway kit (README "Failover"): the accounts in
 * the kit's tryOrder, the sandbox when none is configured, the kit's failover with its timeout per account.
 */
export class ProviderGateway implements MessagingGateway {
  private readonly adapters;
  private readonly timeoutMs: number;

  constructor(
    private readonly db: Db,
    private readonly opts: GatewayOptions,
  ) {
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.adapters = adapterClients(db, this.timeoutMs, opts.outbound);
  }

  sendEmail(tenantId: number | null, msg: OutboundEmail, opts?: SendOptions): Promise<Accepted> {
    return this.send('email', tenantId, opts, (a, o) => {
      if (!a.sendEmail) throw refuse('CHANNEL_UNSUPPORTED.email', undefined, 'account');
      return a.sendEmail(msg, o);
    });
  }

  sendSms(tenantId: number | null, msg: OutboundSms, opts?: SendOptions): Promise<Accepted> {
    return this.send('sms', tenantId, opts, (a, o) => {
      if (!a.sendSms) throw refuse('CHANNEL_UNSUPPORTED.sms', undefined, 'account');
      return a.sendSms(msg, o);
    });
  }

  /** One account, no failover: the platform's "test send" (its answer or refusal is what the page shows). */
  async sendWith(
    account: ProviderAccount,
    msg: { email?: OutboundEmail; sms?: OutboundSms },
    tenantId: number | null,
    opts?: SendOptions,
  ): Promise<Accepted> {
    const timeoutMs = opts?.timeoutMs ?? this.timeoutMs;
    const r = await callOne(
      account,
      (a) => {
        const adapter = this.adapters.get(a);
        const work = msg.email
          ? adapter.sendEmail?.(msg.email, { timeoutMs, tenantId })
          : msg.sms
            ? adapter.sendSms?.(msg.sms, { timeoutMs, tenantId })
            : undefined;
        if (!work) throw refuse('CHANNEL_UNSUPPORTED', undefined, 'account');
        return work;
      },
      timeoutMs,
    );
    return { providerId: account.id, providerKind: account.kind, ...r };
  }

  private async send(
    channel: MessageChannel,
    tenantId: number | null,
    opts: SendOptions | undefined,
    call: (adapter: Adapter, o: CallOptions) => Promise<SendResult>,
  ): Promise<Accepted> {
    const timeoutMs = opts?.timeoutMs ?? this.timeoutMs;
    const enabled = await accountsFor(this.db, channel, tenantId);
    // A company that switched its own mailbox off only stops using it: its messages go the platform's way, as
    // for a company that never had one; only the platform's rows decide between sandbox and NO_PROVIDER.
    const order = await orderOrSandbox(
      tryOrder(enabled, tenantId, this.opts.random),
      () => this.anyPlatformRows(channel),
      () => sandboxAccount(channel),
    );
    const { account, result, tried } = await failover(
      order,
      (a) => call(this.adapters.get(a), { timeoutMs, tenantId }),
      { timeoutMs, observe: this.opts.observe },
    );
    return {
      providerId: account.id,
      providerKind: account.kind,
      ...result,
      ...(tried.length ? { tried } : {}),
    };
  }

  private async anyPlatformRows(channel: MessageChannel): Promise<boolean> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(messageProviders)
      .where(and(eq(messageProviders.channel, channel), isNull(messageProviders.tenantId)));
    return (row?.n ?? 0) > 0;
  }

  /**
   * Receipts available now: the sandbox's, then each enabled account's (阿里云 asks about what the registered
   * pending source says is still waiting; 腾讯云 pulls its queue). Normally only the scheduled task calls this
   * (receipts/poll.ts) and hands the result to the onReceipts handlers: a receipt is handed out once.
   */
  async pollReceipts(): Promise<Receipt[]> {
    const receipts = await pollSandboxReceipts(this.db);
    const pending = pendingSourceOf(this);
    for (const account of await allEnabledAccounts(this.db)) {
      if (account.kind === 'sandbox' || account.kind === 'smtp') continue;
      try {
        const adapter = this.adapters.get(account);
        if (!adapter.pollReceipts) continue;
        const waiting = adapter.needsPending ? ((await pending?.(account.id)) ?? []) : [];
        if (adapter.needsPending && !waiting.length) continue;
        // Each SDK call carries the account timeout; a whole poll may take longer (阿里云 asks per message).
        receipts.push(...(await adapter.pollReceipts(waiting)));
      } catch (err) {
        this.opts.onPollError?.(account.id, err);
      }
    }
    return receipts;
  }

  /** Forget a deleted or changed account's live client at once (its pool is closed). */
  forget(accountId: number) {
    this.adapters.drop(accountId);
  }

  close(): Promise<void> {
    return this.adapters.close();
  }
}

/** The messaging gateway app.ts registers as `services.gateways.messaging`. */
export function createMessagingGateway(db: Db, opts: GatewayOptions): ProviderGateway {
  return new ProviderGateway(db, opts);
}
