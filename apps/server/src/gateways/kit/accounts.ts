import { createHash } from 'node:crypto';

/**
 * One configured account of an outside service, as the kit uses it: whose it is (a tenant's own, or the
 * platform's when `tenantId` is null), its vendor `kind`, its place in the order and its parsed settings.
 */
export interface GatewayAccount<Kind extends string = string> {
  id: number;
  tenantId: number | null;
  kind: Kind;
  name: string;
  /** Lower first. */
  priority: number;
  /** Share among accounts of the same priority. */
  weight: number;
  config: Record<string, unknown>;
  /** Changes whenever the row is saved: cached clients and pools are rebuilt when it moves. */
  version: string;
}

/** The version of an account's settings: kind, parsed config and the row's last save. */
export const accountVersion = (kind: string, config: unknown, updatedAt: Date) =>
  createHash('sha1')
    .update(`${kind}\n${JSON.stringify(config)}\n${updatedAt.getTime()}`)
    .digest('hex');

/**
 * The order in which accounts are tried for one call (README "Accounts"): the tenant's own accounts before the
 * platform's; within each, lower priority first; accounts of equal priority in a random order weighted by
 * `weight` (weight 3 comes first three times as often as weight 1). `random` is injectable so tests can pin it.
 */
export function tryOrder<A extends GatewayAccount>(
  accounts: readonly A[],
  tenantId: number | null,
  random: () => number = Math.random,
): A[] {
  // Efraimidis–Spirakis: sorting by u^(1/w) descending is a weighted shuffle without replacement.
  const keyed = accounts.map((a) => ({
    a,
    own: tenantId !== null && a.tenantId === tenantId ? 0 : 1,
    key: random() ** (1 / Math.max(1, a.weight)),
  }));
  keyed.sort((x, y) => x.own - y.own || x.a.priority - y.a.priority || y.key - x.key);
  return keyed.map((k) => k.a);
}
