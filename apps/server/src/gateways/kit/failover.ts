import type { GatewayAccount } from './accounts.ts';
import type { CallObserver, CallRecord } from './call-log.ts';
import { asRefusal, GatewayRefusal, refuse } from './refusal.ts';

/** Default time one account may take before the next is tried. */
export const DEFAULT_TIMEOUT_MS = 10_000;

/** `work`, or a transient TIMEOUT refusal after `ms` (the timer never outlives the race). */
export function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(refuse('TIMEOUT', { ms }, 'transient')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** A refusal that also lists every account tried, in order (the caller records them). */
export class FailoverExhausted extends GatewayRefusal {
  constructor(
    last: GatewayRefusal,
    readonly attempts: readonly GatewayRefusal[],
    readonly tried: readonly CallRecord[] = [],
  ) {
    super(last.code, last.message, last.scope, last.providerId);
    this.name = 'FailoverExhausted';
  }
}

/**
 * The accounts to try, or the embedded sandbox (README "Sandbox"): no configured account at all means the
 * sandbox serves; configured accounts that are all switched off are an administrator's decision, not an
 * absence, so nothing is done then (never a pretended success) — NO_PROVIDER, scope account.
 */
export async function orderOrSandbox<A extends GatewayAccount>(
  order: A[],
  anyConfigured: () => Promise<boolean>,
  sandbox: () => A,
): Promise<A[]> {
  if (order.length) return order;
  if (await anyConfigured()) throw refuse('NO_PROVIDER', undefined, 'account');
  return [sandbox()];
}

export interface FailoverOptions {
  timeoutMs: number;
  observe?: CallObserver;
}

/**
 * Tries `call` on each account in order (README "Failover"): the first that answers wins; a refusal of the
 * request itself stops at once; account trouble and transient errors (timeouts included) move on. When every
 * account failed, the error is the last transient one if any (retryable), else the last one.
 */
export async function failover<A extends GatewayAccount, R>(
  order: readonly A[],
  call: (account: A) => Promise<R>,
  { timeoutMs, observe }: FailoverOptions,
): Promise<{ account: A; result: R; tried: CallRecord[] }> {
  const attempts: GatewayRefusal[] = [];
  const tried: CallRecord[] = [];
  for (const account of order) {
    const started = Date.now();
    try {
      const result = await withTimeout(
        Promise.resolve().then(() => call(account)),
        timeoutMs,
      );
      observe?.({
        providerId: account.id,
        providerKind: account.kind,
        ok: true,
        code: null,
        ms: Date.now() - started,
      });
      return { account, result, tried };
    } catch (err) {
      const refusal = asRefusal(err, account.id);
      observe?.({
        providerId: account.id,
        providerKind: account.kind,
        ok: false,
        code: refusal.code,
        ms: Date.now() - started,
      });
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
  if (!last) throw refuse('NO_PROVIDER', undefined, 'account');
  throw new FailoverExhausted(last, attempts, tried);
}

/** One account, no failover (a "test send"): its answer, or its refusal with the account's id. */
export async function callOne<A extends GatewayAccount, R>(
  account: A,
  call: (account: A) => Promise<R>,
  timeoutMs: number,
): Promise<R> {
  try {
    return await withTimeout(
      Promise.resolve().then(() => call(account)),
      timeoutMs,
    );
  } catch (err) {
    throw asRefusal(err, account.id);
  }
}
