import type { GenContext, Operation } from './arbitraries.ts';
import type { Caller, Walk } from './walk.ts';

/**
 * Real ids to aim at: every list route (a GET without path parameters) is read once and the ids of its rows
 * (tree children too) are kept per route. A route `/x/{id}/…` takes the ids of the list `/x`; any other id
 * field takes them all. A nonexistent id is always among them.
 */
export const MISSING_ID = 987_654;

type Row = { id?: unknown; children?: Row[] };

function rowsOf(body: unknown): Row[] {
  const rows = Array.isArray(body) ? body : (body as { rows?: unknown })?.rows;
  if (!Array.isArray(rows)) return [];
  const flat = (list: Row[]): Row[] =>
    list.flatMap((r) =>
      r && typeof r === 'object' ? [r, ...flat(Array.isArray(r.children) ? r.children : [])] : [],
    );
  return flat(rows as Row[]);
}

export interface Collected {
  /** list path → ids of its rows */
  byList: Map<string, number[]>;
  /** list path → the rows themselves (for the values a reply must not leak) */
  rows: Map<string, Row[]>;
}

export function listRoutes(ops: Operation[]): Operation[] {
  return ops.filter((op) => op.method === 'GET' && !Object.keys(op.pathParams).length);
}

export async function collectIds(walk: Walk, caller: Caller): Promise<Collected> {
  const byList = new Map<string, number[]>();
  const rows = new Map<string, Row[]>();
  for (const op of listRoutes(walk.ops)) {
    const query = op.query.properties?.limit ? { limit: 500 } : {};
    const r = await walk.send(op, { params: {}, query }, caller, 'collect ids', true);
    if (r.status !== 200) continue;
    const list = rowsOf(r.json);
    const ids = list.map((x) => x.id).filter((id): id is number => Number.isInteger(id));
    if (ids.length) byList.set(op.path, ids);
    if (list.length) rows.set(op.path, list);
  }
  return { byList, rows };
}

/** The generator context of a caller: ids from `collected` minus `protectedIds`, smuggled values. */
export function contextOf(
  collected: Collected,
  protectedIds: Set<number>,
  smuggle: Record<string, unknown>,
): GenContext {
  const keep = (ids: Iterable<number>) => [
    ...new Set([...ids].filter((id) => !protectedIds.has(id))),
    MISSING_ID,
  ];
  const all = keep([...collected.byList.values()].flat());
  const cache = new Map<string, number[]>();
  return {
    smuggle,
    ids(path, field) {
      const key = `${path} ${field}`;
      let ids = cache.get(key);
      if (!ids) {
        const list = field === 'id' ? longestListPrefix(collected.byList, path) : undefined;
        ids = list ? keep(collected.byList.get(list)!) : all;
        cache.set(key, ids);
      }
      return ids;
    },
  };
}

export function longestListPrefix(byList: Map<string, number[]>, path: string): string | undefined {
  const head = path.split('/{')[0];
  let best: string | undefined;
  for (const list of byList.keys())
    if ((head === list || head.startsWith(`${list}/`)) && (!best || list.length > best.length)) best = list;
  return best;
}
