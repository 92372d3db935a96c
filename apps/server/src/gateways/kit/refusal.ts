import { codeOfKey, formatMessage, type MessageKey, type MessageParams } from '@fpy/contracts';
import { OutboundBlocked } from '../../lib/outbound/index.ts';

/**
 * An outside service refused or failed. `retryable` false ends the work at once with the vendor's code; true
 * (timeout, throttled, 5xx) is retried later with backoff, after every account was tried. `providerId` is the
 * account that answered (0 for the embedded sandbox, null when none was reached).
 */
export class GatewayError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly retryable: boolean,
    readonly providerId: number | null = null,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

/**
 * What a vendor's error means for the work, which decides failover (README "Refusal kinds"):
 * - `message`: the request itself is refused (number invalid, mailbox unknown, content blocked). Another account
 *   would refuse it too: stop at once, not retryable.
 * - `account`: this account cannot serve (bad key, template not approved here, balance exhausted, address
 *   blocked by the outbound guard). The next account may; when none does: final (an administrator must act).
 * - `transient`: timeout, throttling, connection or 5xx trouble. The next account is tried; when none accepts,
 *   the caller's queue retries later.
 */
export type RefusalScope = 'message' | 'account' | 'transient';

export class GatewayRefusal extends GatewayError {
  constructor(
    code: string,
    message: string,
    readonly scope: RefusalScope,
    providerId: number | null = null,
  ) {
    super(code, message, scope === 'transient', providerId);
    this.name = 'GatewayRefusal';
  }

  /** Whether the next account should be tried. */
  get failover(): boolean {
    return this.scope !== 'message';
  }

  withProvider(providerId: number): GatewayRefusal {
    return new GatewayRefusal(this.code, this.message, this.scope, providerId);
  }
}

/** A vendor's own refusal: its code and its words, kept as the vendor gave them (they reach the records). */
export const vendorRefusal = (code: string, message: string, scope: RefusalScope) =>
  new GatewayRefusal(code, message, scope);

/**
 * Our own refusal (nothing answered, the account cannot do this …): its text from the message catalogue, in
 * Chinese as the records keep every reason; the code is the key's wire code.
 */
export const refuse = <K extends MessageKey>(key: K, params: MessageParams<K>, scope: RefusalScope) =>
  new GatewayRefusal(codeOfKey(key), formatMessage(key, params, 'zh'), scope);

/** Any error a vendor client let through (a bug, a library's own exception) counts as transient trouble. */
export function asRefusal(err: unknown, providerId: number): GatewayRefusal {
  if (err instanceof GatewayRefusal)
    return err.providerId === providerId ? err : err.withProvider(providerId);
  // The outbound guard refused the account's address: this account cannot serve until an administrator fixes it.
  if (err instanceof OutboundBlocked) return new GatewayRefusal(err.code, err.message, 'account', providerId);
  if (err instanceof GatewayError)
    return new GatewayRefusal(err.code, err.message, err.retryable ? 'transient' : 'account', providerId);
  const message = err instanceof Error ? err.message : String(err);
  return new GatewayRefusal('PROVIDER_ERROR', message.slice(0, 500), 'transient', providerId);
}
