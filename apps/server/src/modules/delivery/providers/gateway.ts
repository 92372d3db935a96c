import type { MessageChannel } from '@fpy/contracts';
import { type Db, messageProviders } from '@fpy/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type {
  Accepted,
  MessagingGateway,
  OutboundEmail,
  OutboundSms,
  Receipt,
  SendOptions,
  TriedAccount,
} from '../../../gateways/messaging/gateway.ts';
import type { OutboundGuard } from '../../../lib/outbound/index.ts';
import { accountsFor, allEnabledAccounts } from './accounts.ts';
import type { Adapter, CallOptions, ProviderAccount, SendResult } from './adapters/adapter.ts';
import { AdapterRegistry } from './adapters/registry.ts';
import { pollSandboxReceipts, SANDBOX_PROVIDER_ID } from './adapters/sandbox.ts';
import { tryOrder } from './order.ts';
import { pendingSourceOf } from './receipts/registry.ts';
import { asRefusal, ProviderRefusal, refuse } from './refusal.ts';

export interface GatewayOptions {
  /** The outbound guard every connection to an account's host or endpoint passes (lib/outbound). */
  outbound: OutboundGuard;
  /** Default time one account may take before the next is tried. */
  timeoutMs?: number;
  /** Injected by tests to pin the weighted order. */
  random?: () => number;
  /** Where failures of polling are reported (a poll of one account failing never stops the others). */
  onPollError?: (accountId: number, err: unknown) => void;
}

export const DEFAULT_TIMEOUT_MS = 10_000;

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

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(refuse('TIMEOUT', { ms }, 'transient')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** A ProviderRefusal that also lists every account tried, in order (the dispatcher records them). */
export class FailoverExhausted extends ProviderRefusal {
  constructor(
    last: ProviderRefusal,
    readonly attempts: readonly ProviderRefusal[],
    readonly tried: readonly TriedAccount[] = [],
  ) {
    super(last.code, last.message, last.scope, last.providerId);
    this.name = 'FailoverExhausted';
  }
}

/**
 * The messaging gateway over the message_providers rows (README "Failover"). For each message: the accounts in
 * tryOrder; the first that accepts wins; a refusal of the message itself stops at once; account trouble and
 * transient errors (timeouts included) move on to the next account. When every account failed, the error is
 * retryable if any failure was transient (the queue tries again later), and otherwise final.
 */
export class ProviderGateway implements MessagingGateway {
  private readonly adapters: AdapterRegistry;
  private readonly timeoutMs: number;

  constructor(
    private readonly db: Db,
    private readonly opts: GatewayOptions,
  ) {
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.adapters = new AdapterRegistry(db, this.timeoutMs, opts.outbound);
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
    try {
      const adapter = this.adapters.get(account);
      const work = msg.email
        ? adapter.sendEmail?.(msg.email, { timeoutMs, tenantId })
        : msg.sms
          ? adapter.sendSms?.(msg.sms, { timeoutMs, tenantId })
          : undefined;
      if (!work) throw refuse('CHANNEL_UNSUPPORTED', undefined, 'account');
      const r = await withTimeout(work, timeoutMs);
      return { providerId: account.id, providerKind: account.kind, ...r };
    } catch (err) {
      throw asRefusal(err, account.id);
    }
  }

  private async send(
    channel: MessageChannel,
    tenantId: number | null,
    opts: SendOptions | undefined,
    call: (adapter: Adapter, o: CallOptions) => Promise<SendResult>,
  ): Promise<Accepted> {
    const timeoutMs = opts?.timeoutMs ?? this.timeoutMs;
    const enabled = await accountsFor(this.db, channel, tenantId);
    let order = tryOrder(enabled, tenantId, this.opts.random);
    if (!order.length) {
      // No platform configuration at all: the embedded sandbox. Platform rows that exist but are all disabled
      // are the platform administrator's decision, not an absence: nothing is sent then (never a pretended
      // success). A company that switched its own mailbox off only stops using it: its messages go the
      // platform's way, as for a company that never had one.
      if (await this.anyPlatformRows(channel)) throw refuse('NO_PROVIDER', undefined, 'account');
      order = [sandboxAccount(channel)];
    }
    const attempts: ProviderRefusal[] = [];
    // Every account that did not take it, with its kind and reason: the record says who sent it and why not the
    // first choice (a company mailbox failing over to the platform's account changes the sender).
    const tried: TriedAccount[] = [];
    for (const account of order) {
      try {
        const adapter = this.adapters.get(account);
        const r = await withTimeout(call(adapter, { timeoutMs, tenantId }), timeoutMs);
        return {
          providerId: account.id,
          providerKind: account.kind,
          ...r,
          ...(tried.length ? { tried } : {}),
        };
      } catch (err) {
        const refusal = asRefusal(err, account.id);
        tried.push({
          providerId: account.id,
          providerKind: account.kind,
          code: refusal.code,
          message: refusal.message.slice(0, 500),
        });
        if (!refusal.failover) throw new FailoverExhausted(refusal, [...attempts, refusal], tried);
        attempts.push(refusal);
      }
    }
    const last = attempts.findLast((a) => a.retryable) ?? attempts[attempts.length - 1];
    throw new FailoverExhausted(last, attempts, tried);
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

/** The gateway Services exposes as `services.messaging` (app.ts). */
export function createMessagingGateway(db: Db, opts: GatewayOptions): ProviderGateway {
  return new ProviderGateway(db, opts);
}
