import type { GenContext, Operation } from './arbitraries.ts';
import { spreadsheetText } from './leaks.ts';
import type { Caller, Walk } from './walk.ts';

/**
 * Real ids and values to aim at: every list route (a GET without path parameters) is read once and its rows
 * (tree children too) are kept. An id field takes the ids of the list it names:
 *  - a path `{id}` of `/x/{id}/…`: the list `/x`;
 *  - `fooBarId` / `fooBarIds`: the list whose last segment is foo-bars (or ends so: blueInvoiceId → invoices),
 *    the one sharing most of the route's path when several do;
 *  - any other id: the list sharing most of the route's path (removeCommodityCodeList → queryList).
 * A text field takes, besides generated text, the values that rows show under the same key (taxCode, number).
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
  /** list path → one record in full (the item route's reply for the first row, else the row) */
  records: Map<string, Record<string, unknown>>;
  /** The text of the spreadsheets the same reads answered with (exports, templates with example rows). */
  sheets: string[];
}

export function listRoutes(ops: Operation[]): Operation[] {
  return ops.filter((op) => op.method === 'GET' && !Object.keys(op.pathParams).length);
}

export async function collectIds(walk: Walk, caller: Caller): Promise<Collected> {
  const byList = new Map<string, number[]>();
  const rows = new Map<string, Row[]>();
  const sheets: string[] = [];
  for (const op of listRoutes(walk.ops)) {
    const query = op.query.properties?.limit ? { limit: 500 } : {};
    const r = await walk.send(op, { params: {}, query }, caller, 'collect ids', true);
    if (r.status !== 200) continue;
    if (r.contentType.includes('spreadsheetml')) sheets.push(await spreadsheetText(r.raw));
    const list = rowsOf(r.json);
    const ids = list.map((x) => x.id).filter((id): id is number => Number.isInteger(id));
    if (ids.length) byList.set(op.path, ids);
    if (list.length) rows.set(op.path, list);
  }
  const records = new Map<string, Record<string, unknown>>();
  for (const [list, listRows] of rows) {
    const item = walk.ops.find((o) => o.method === 'GET' && o.path === `${list}/{id}`);
    const first = listRows[0] as Record<string, unknown>;
    let record = first;
    if (item && Number.isInteger(first.id)) {
      const r = await walk.send(
        item,
        { params: { id: first.id }, query: {} },
        caller,
        'collect records',
        true,
      );
      if (r.status === 200 && r.json && typeof r.json === 'object' && !Array.isArray(r.json))
        record = r.json as Record<string, unknown>;
    }
    records.set(list, record);
  }
  return { byList, rows, records, sheets };
}

/** The list a route works on: the one its path lies under, else the one lying under its path (…/queryList). */
export function resourceOf(lists: string[], path: string): string | undefined {
  const head = path.split('/{')[0];
  return (
    longestListPrefix(lists, path) ??
    lists.filter((l) => l.startsWith(`${head}/`)).sort((a, b) => a.length - b.length)[0]
  );
}

const commonPrefix = (a: string, b: string) => {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i;
};
/** `/api/admin/group-types` → `grouptype`; `/api/billing/v1/invoices` → `invoice` */
const noun = (list: string) =>
  (list.split('/').pop() ?? '')
    .replace(/[-_]/g, '')
    .toLowerCase()
    .replace(/(ies)$/, 'y')
    .replace(/s$/, '');

/** The list whose rows a field's ids refer to, by the rules above; undefined when none fits. */
export function listFor(lists: string[], path: string, field: string): string | undefined {
  if (field === 'id' && path.includes('{id}')) return longestListPrefix(lists, path);
  const named = field.replace(/Ids?$/, '').toLowerCase();
  const byShare = (candidates: string[]) =>
    [...candidates].sort((a, b) => commonPrefix(b, path) - commonPrefix(a, path))[0];
  if (named && named !== 'id') {
    const exact = lists.filter((l) => noun(l) === named);
    if (exact.length) return byShare(exact);
    const suffix = lists.filter((l) => named.endsWith(noun(l)) && noun(l).length >= 4);
    if (suffix.length) return byShare(suffix);
    return undefined;
  }
  return byShare(lists);
}

export function longestListPrefix(lists: Iterable<string>, path: string): string | undefined {
  const head = path.split('/{')[0];
  let best: string | undefined;
  for (const list of lists)
    if ((head === list || head.startsWith(`${list}/`)) && (!best || list.length > best.length)) best = list;
  return best;
}

/** The generator context of a caller: ids and values from `collected` minus `protectedIds`, smuggled values. */
export function contextOf(
  collected: Collected,
  protectedIds: Set<number>,
  smuggle: Record<string, unknown>,
  encrypt?: (s: string) => string,
  /** Whose rows lend known text; the caller's own, so that an attacker never sends the victim's text. */
  values: Collected = collected,
): GenContext {
  const keep = (ids: Iterable<number>) => [...new Set([...ids].filter((id) => !protectedIds.has(id)))];
  const lists = [...collected.byList.keys()];
  const cache = new Map<string, number[]>();
  const known = new Map<string, Set<string>>();
  for (const rows of values.rows.values())
    for (const row of rows)
      for (const [k, v] of Object.entries(row))
        if (typeof v === 'string' && v.length && v.length <= 64) {
          const set = known.get(k) ?? new Set<string>();
          if (set.size < 40) set.add(v);
          known.set(k, set);
        }
  return {
    smuggle,
    encrypt,
    ids(path, field) {
      const key = `${path} ${field}`;
      let ids = cache.get(key);
      if (!ids) {
        const list = listFor(lists, path, field);
        ids = keep(list ? collected.byList.get(list)! : []);
        if (!ids.length) ids = [MISSING_ID];
        cache.set(key, ids);
      }
      return ids;
    },
    known: (field) => [...(known.get(field) ?? [])],
    record(path) {
      const list = resourceOf([...values.records.keys()], path);
      return list ? values.records.get(list) : undefined;
    },
  };
}
