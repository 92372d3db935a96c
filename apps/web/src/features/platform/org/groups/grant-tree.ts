import type { AuthorityMenu } from '@fpy/contracts';

export interface GrantNode {
  key: string;
  title: string;
  isElement: boolean;
  children: GrantNode[];
}

export interface GrantIndex {
  tree: GrantNode[];
  parentOf: Map<string, string>;
  descendantsOf: Map<string, string[]>;
}

export const menuKey = (id: number) => `m${id}`;
export const elementKey = (id: number) => `e${id}`;

/** One tree of menus with their buttons as leaves: `m<id>` for a menu, `e<id>` for a button. */
export function buildGrantIndex(menus: AuthorityMenu[], en: boolean): GrantIndex {
  const parentOf = new Map<string, string>();
  const descendantsOf = new Map<string, string[]>();
  const walk = (m: AuthorityMenu, parent?: string): GrantNode => {
    const key = menuKey(m.id);
    if (parent) parentOf.set(key, parent);
    const elements: GrantNode[] = m.elements.map((e) => {
      parentOf.set(elementKey(e.id), key);
      return { key: elementKey(e.id), title: en ? e.nameEn : e.name, isElement: true, children: [] };
    });
    const children = m.children.map((c) => walk(c, key));
    const all = [...elements, ...children];
    descendantsOf.set(
      key,
      all.flatMap((n) => [n.key, ...(descendantsOf.get(n.key) ?? [])]),
    );
    return { key, title: en ? m.titleEn : m.title, isElement: false, children: all };
  };
  return { tree: menus.map((m) => walk(m)), parentOf, descendantsOf };
}

/**
 * Checks are independent per node (a menu may be granted without any of its buttons: "may look, may not act"),
 * with two conveniences: ticking a node ticks its ancestors (a button is useless without its page) and
 * everything below it; unticking a menu unticks everything below it.
 */
export function toggleGrant(
  checked: ReadonlySet<string>,
  key: string,
  on: boolean,
  index: GrantIndex,
): Set<string> {
  const next = new Set(checked);
  const below = index.descendantsOf.get(key) ?? [];
  if (on) {
    next.add(key);
    for (const k of below) next.add(k);
    for (let p = index.parentOf.get(key); p; p = index.parentOf.get(p)) next.add(p);
  } else {
    next.delete(key);
    for (const k of below) next.delete(k);
  }
  return next;
}

export function splitKeys(checked: Iterable<string>): { menuIds: number[]; elementIds: number[] } {
  const menuIds: number[] = [];
  const elementIds: number[] = [];
  for (const k of checked) (k.startsWith('m') ? menuIds : elementIds).push(Number(k.slice(1)));
  return { menuIds, elementIds };
}
