import { SaxesParser } from 'saxes';
import { ParseRefusal } from './types.ts';

/** A parsed element: local name (prefix dropped), attributes, children, text. */
export interface El {
  name: string;
  attrs: Record<string, string>;
  children: El[];
  text: string;
}

/**
 * A strict, non-validating parse (saxes: well-formedness checked, no DTD, no external or custom entities — so no
 * entity expansion bomb and no file reads). Bounded by the caller's byte limit; a document type declaration
 * is refused outright, as no invoice XML has one.
 */
export function parseXmlTree(xml: string): El {
  if (/<!DOCTYPE/i.test(xml)) throw new ParseRefusal('broken', 'doctype');
  const parser = new SaxesParser();
  const root: El = { name: '#root', attrs: {}, children: [], text: '' };
  const stack: El[] = [root];
  let depth = 0;
  parser.on('opentag', (t) => {
    if (++depth > 64) throw new ParseRefusal('broken', 'too deep');
    const attrs: Record<string, string> = {};
    for (const [k, v] of Object.entries(t.attributes)) attrs[k.replace(/^.*:/, '')] = String(v);
    const el: El = { name: t.name.replace(/^.*:/, ''), attrs, children: [], text: '' };
    stack[stack.length - 1].children.push(el);
    stack.push(el);
  });
  parser.on('text', (t) => {
    stack[stack.length - 1].text += t;
  });
  parser.on('closetag', () => {
    depth--;
    stack.pop();
  });
  try {
    parser.write(xml.replace(/^\uFEFF/, '')).close();
  } catch (err) {
    if (err instanceof ParseRefusal) throw err;
    throw new ParseRefusal('broken', (err as Error).message.slice(0, 80));
  }
  const top = root.children[0];
  if (!top) throw new ParseRefusal('broken', 'empty');
  return top;
}

/** Elements by slash path of local names below `el`. */
export function all(el: El, path: string): El[] {
  let level = [el];
  for (const part of path.split('/')) level = level.flatMap((n) => n.children.filter((c) => c.name === part));
  return level;
}

export const text = (el: El, path: string): string | undefined => {
  const t = all(el, path)[0]?.text.trim();
  return t ? t : undefined;
};

/** The first element named `name` anywhere below `el` (depth first). */
export function find(el: El, name: string): El | undefined {
  for (const c of el.children) {
    if (c.name === name) return c;
    const d = find(c, name);
    if (d) return d;
  }
  return undefined;
}
