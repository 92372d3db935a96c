import type { ProviderAccount } from './adapters/adapter.ts';

/**
 * The order in which accounts are tried for one message (README "Failover"): the tenant's own accounts before
 * the platform's; within each, lower priority first; accounts of equal priority in a random order weighted by
 * `weight` (an account of weight 3 comes first three times as often as one of weight 1). `random` is
 * injectable so tests can pin it.
 */
export function tryOrder(
  accounts: readonly ProviderAccount[],
  tenantId: number | null,
  random: () => number = Math.random,
): ProviderAccount[] {
  // Efraimidis–Spirakis: sorting by u^(1/w) descending is a weighted shuffle without replacement.
  const keyed = accounts.map((a) => ({
    a,
    own: tenantId !== null && a.tenantId === tenantId ? 0 : 1,
    key: random() ** (1 / Math.max(1, a.weight)),
  }));
  keyed.sort((x, y) => x.own - y.own || x.a.priority - y.a.priority || y.key - x.key);
  return keyed.map((k) => k.a);
}
