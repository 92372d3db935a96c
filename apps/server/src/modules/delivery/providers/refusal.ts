import { formatMessage, type MessageKey, type MessageParams, codeOfKey } from '@fpy/contracts';
import { ProviderError } from '../../../gateways/messaging/gateway.ts';
import { OutboundBlocked } from '../../../lib/outbound/index.ts';

/**
 * What a provider's error means for the message, which decides failover (README "Failover"):
 * - `message`: the message itself is refused (number invalid or blacklisted, mailbox unknown, content blocked).
 *   Another account would refuse it too, so the delivery fails at once with this code; not retryable.
 * - `account`: this account cannot send (bad key or signature, template or 签名 not approved here, balance
 *   exhausted). The next account may well succeed; when none does the delivery fails, not retryable (an
 *   administrator must act).
 * - `transient`: timeout, throttling, connection or 5xx trouble. The next account is tried; when none accepts,
 *   the queue retries later with backoff.
 */
export type RefusalScope = 'message' | 'account' | 'transient';

export class ProviderRefusal extends ProviderError {
  constructor(
    code: string,
    message: string,
    readonly scope: RefusalScope,
    providerId: number | null = null,
  ) {
    super(code, message, scope === 'transient', providerId);
    this.name = 'ProviderRefusal';
  }

  /** Whether the next account should be tried. */
  get failover(): boolean {
    return this.scope !== 'message';
  }

  withProvider(providerId: number): ProviderRefusal {
    return new ProviderRefusal(this.code, this.message, this.scope, providerId);
  }
}

/** A provider's own refusal: its code and its words, kept as the provider gave them (they reach the records). */
export const providerRefusal = (code: string, message: string, scope: RefusalScope) =>
  new ProviderRefusal(code, message, scope);

/**
 * Our own refusal (no provider answered, none can send this channel …): its text from the message catalogue,
 * in Chinese as the records keep every reason; the code is the key's wire code.
 */
export const refuse = <K extends MessageKey>(key: K, params: MessageParams<K>, scope: RefusalScope) =>
  new ProviderRefusal(codeOfKey(key), formatMessage(key, params, 'zh'), scope);

/** Any error an adapter let through (a bug, a library's own exception) counts as transient trouble. */
export function asRefusal(err: unknown, providerId: number): ProviderRefusal {
  if (err instanceof ProviderRefusal)
    return err.providerId === providerId ? err : err.withProvider(providerId);
  // The outbound guard refused the account's address: this account cannot send until an administrator fixes it.
  if (err instanceof OutboundBlocked)
    return new ProviderRefusal(err.code, err.message, 'account', providerId);
  if (err instanceof ProviderError)
    return new ProviderRefusal(err.code, err.message, err.retryable ? 'transient' : 'account', providerId);
  const message = err instanceof Error ? err.message : String(err);
  return new ProviderRefusal('PROVIDER_ERROR', message.slice(0, 500), 'transient', providerId);
}
