import type { Catalog, CatalogEntry } from '../tax-codes/index.ts';
import { toHalfWidth } from './normalize.ts';

/** A phrase the national table itself ties to a usable code (its name, 简称, keyword or listed member). */
export interface TableTerm {
  term: string;
  code: string;
  /** name 1, keyword/alias 0.9, listed member 0.8, 简称 0.5, a "详见" redirect 0.9. */
  weight: number;
}

/** A phrase a leaf's description says it does NOT include: a name containing it is probably elsewhere. */
export interface TableExclusion {
  term: string;
  code: string;
}

export interface TableKnowledge {
  terms: TableTerm[];
  exclusions: TableExclusion[];
}

/** A member named by more leaves than this says nothing about which one (其他设备, 零件 …). */
const MAX_LEAVES_PER_TERM = 6;
const GENERIC = new Set(
  '其他 其它 零件 配件 零部件 附件 设备 产品 制品 用品 器具 材料 装置 服务 机械 专用 成套 系列 组合 类似 各种 各类 部件 器材 工具 原料 半成品 辅料 用途 家用 工业用'.split(
    ' ',
  ),
);

/** Words inside parentheses that introduce other names of the same thing. */
const ALIAS = /(?:别名|俗称|又称|即|也叫|简称)[:：]?/;

/** 'A、B（别名：C、D）、E等' → ['A','B','C','D','E']: parentheses give aliases or are dropped as specs. */
export function splitMembers(text: string): string[] {
  const out: string[] = [];
  const withoutParens = toHalfWidth(text).replace(/\(([^()]*)\)/g, (_m, inner: string) => {
    if (ALIAS.test(inner)) out.push(...splitList(inner.replace(ALIAS, '')));
    return '';
  });
  out.push(...splitList(withoutParens));
  return out;
}

function splitList(text: string): string[] {
  return (
    text
      .split(/[、,，;；。:：/\s]+/)
      .map((t) =>
        t
          .replace(/^(?:包括|其中|如|含|以及|及|和|或|其他|其它|各种|各类|各式)/, '')
          .replace(/(?:等等|等|之类|类似品|及其他)$/, '')
          .toLowerCase()
          .trim(),
      )
      // '未经加工的生鲜乳' names 生鲜乳: the head noun follows the last 的.
      .flatMap((t) => (t.includes('的') ? [t, t.slice(t.lastIndexOf('的') + 1)] : [t]))
      .filter((t) => t.length >= 2 && t.length <= 12 && /[\u4e00-\u9fa5]/.test(t) && !GENERIC.has(t))
  );
}

/** The description split into what it includes and what it excludes, with the "详见" codes of the latter. */
export function describe(description: string): {
  includes: string[];
  excludes: { term: string; see?: string }[];
} {
  const text = toHalfWidth(description);
  const at = text.search(/不包括|不含|不包含/);
  const head = at >= 0 ? text.slice(0, at) : text;
  const tail = at >= 0 ? text.slice(at).replace(/^(?:不包括|不含|不包含)/, '') : '';
  // Only the list after 包括 names members; a 指… definition before it is prose.
  const incAt = head.indexOf('包括');
  const includes = incAt >= 0 ? splitMembers(head.slice(incAt + 2)) : [];
  // A definition's 俗称/别名 still names the thing: 房间空气调节器（俗称空调机）.
  if (incAt < 0 || incAt > 0)
    for (const m of (incAt >= 0 ? head.slice(0, incAt) : head).matchAll(/\(([^()]*)\)/g))
      if (ALIAS.test(m[1])) includes.push(...splitList(m[1].replace(ALIAS, '')));
  const excludes: { term: string; see?: string }[] = [];
  // 'A、B(详见1090415)、C(详见1090131)' : each 详见 applies to the members written before it.
  let pending: string[] = [];
  for (const piece of tail.split(/(\(详见[0-9、,]+\))/)) {
    const see = piece.match(/^\(详见([0-9]+)/);
    if (see) {
      for (const term of pending) excludes.push({ term, see: see[1] });
      pending = [];
    } else pending.push(...splitMembers(piece));
  }
  for (const term of pending) excludes.push({ term });
  return { includes, excludes };
}

/** 19-digit code of a "详见1090415" prefix, when that names one usable leaf (or a parent with a 99 "other" leaf). */
function resolveSee(catalog: Catalog, prefix: string): CatalogEntry | undefined {
  const code = prefix.padEnd(19, '0');
  const e = catalog.get(code);
  if (!e) return undefined;
  if (e.usable) return e;
  const kids = catalog.childrenOf(code).filter((k) => k.usable);
  if (kids.length === 1) return kids[0];
  return undefined;
}

function usableBelow(catalog: Catalog, code: string): CatalogEntry[] {
  const out: CatalogEntry[] = [];
  for (const k of catalog.childrenOf(code)) out.push(...(k.usable ? [k] : usableBelow(catalog, k.code)));
  return out;
}

/**
 * Everything the table says about each usable leaf, as match terms: its name, 简称 (weak: shared by many
 * leaves), keywords, the members its description lists after 包括 (with their 别名), and the members listed
 * after 不包括 as negatives for that leaf and positives for the leaf its "详见" points to.
 */
export function tableKnowledge(catalog: Catalog): TableKnowledge {
  const raw: TableTerm[] = [];
  const exclusions: TableExclusion[] = [];
  for (const e of catalog.usable()) {
    const push = (term: string, weight: number, code = e.code) => raw.push({ term, code, weight });
    for (const n of splitMembers(e.name)) push(n, 1);
    const whole = toHalfWidth(e.name)
      .replace(/\([^()]*\)/g, '')
      .toLowerCase();
    if (whole.length >= 2 && whole.length <= 14 && !/^其他/.test(whole)) push(whole, 1);
    if (e.shortName && e.shortName !== e.name) for (const n of splitMembers(e.shortName)) push(n, 0.5);
    for (const k of splitMembers(e.keywords ?? '')) push(k, 0.9);
    const { includes } = describe(e.description ?? '');
    for (const m of includes) push(m, 0.8);
  }
  // Exclusions are read on summary rows too (乳制品 不包括 生鲜乳): they hold for every leaf below.
  for (const e of catalog.byCode.values()) {
    if (!e.enabled || !e.description) continue;
    const { excludes } = describe(e.description);
    if (!excludes.length) continue;
    const leaves = e.usable ? [e] : usableBelow(catalog, e.code);
    for (const x of excludes) {
      const target = x.see ? resolveSee(catalog, x.see) : undefined;
      for (const l of leaves) if (l.code !== target?.code) exclusions.push({ term: x.term, code: l.code });
      if (target) raw.push({ term: x.term, code: target.code, weight: 0.9 });
    }
  }
  // Ancestors' descriptions list members too, but only a leaf can be suggested: a member of a summary
  // row is credited to the single leaf under it that names it (no leaf named → left out).
  const leavesOf = new Map<string, Set<string>>();
  for (const t of raw) {
    const s = leavesOf.get(t.term) ?? new Set<string>();
    s.add(t.code);
    leavesOf.set(t.term, s);
  }
  const best = new Map<string, TableTerm>();
  for (const t of raw) {
    if ((leavesOf.get(t.term)?.size ?? 0) > MAX_LEAVES_PER_TERM) continue;
    const key = `${t.term}\u0001${t.code}`;
    const prev = best.get(key);
    if (!prev || prev.weight < t.weight) best.set(key, t);
  }
  return { terms: [...best.values()], exclusions };
}
