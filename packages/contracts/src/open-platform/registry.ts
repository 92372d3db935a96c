import * as all from '../index.ts';
import type { RouteContract } from '../route.ts';

/** A contract with its open declaration. */
export type OpenContract = RouteContract & { open: NonNullable<RouteContract['open']> };

const isOpenContract = (v: unknown): v is OpenContract =>
  !!v &&
  typeof v === 'object' &&
  typeof (v as RouteContract).method === 'string' &&
  typeof (v as RouteContract).path === 'string' &&
  'permission' in v &&
  !!(v as RouteContract).open;

let cached: OpenContract[] | null = null;

/**
 * Every contract opened with `open`, sorted by group then operation (read at call time: the contracts
 * import each other in a cycle through index.ts). Throws on a duplicate operation code.
 */
export function openContracts(): OpenContract[] {
  if (cached) return cached;
  const seen = new Map<string, OpenContract>();
  for (const v of Object.values(all)) {
    if (!isOpenContract(v) || [...seen.values()].includes(v)) continue;
    const other = seen.get(v.open.operation);
    if (other)
      throw new Error(`open operation ${v.open.operation} declared twice (${other.path}, ${v.path})`);
    seen.set(v.open.operation, v);
  }
  cached = [...seen.values()].sort(
    (a, b) => a.open.group.localeCompare(b.open.group) || a.open.operation.localeCompare(b.open.operation),
  );
  return cached;
}
