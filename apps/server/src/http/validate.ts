import { LocalText, NUL_CHAR_MESSAGE, REQUEST_PARTS } from '@fpy/contracts';
import { z } from 'zod';
import { badRequest } from '../lib/errors.ts';
import { schemaIssueText } from './validate-en.ts';

z.config(z.locales.zhCN());

type Part = keyof typeof REQUEST_PARTS;

/** Deeper than any form the console sends; walking stops there (the schema then judges the rest). */
const MAX_WALK_NODES = 100_000;

/**
 * The path ('lines.0.name') of the first string — value or key — holding a NUL byte, or null. Iterative, so a
 * deeply nested body cannot exhaust the stack. PostgreSQL cannot store NUL in text; a schema that forgot
 * `text()` would otherwise let it through to a 500.
 */
export function findNul(value: unknown): (string | number)[] | null {
  return holdsNul(value) ? nulPath(value) : null;
}

/**
 * Whether any string in `value` holds a NUL: the every-request check, so it keeps one stack of values and
 * allocates nothing per node; only a hit pays for nulPath's bookkeeping.
 */
function holdsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  for (let seen = 0; stack.length && seen < MAX_WALK_NODES; seen++) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) stack.push(v[i]);
    } else if (v && typeof v === 'object') {
      for (const k in v) {
        if (!Object.hasOwn(v, k)) continue;
        if (k.includes('\u0000')) return true;
        stack.push((v as Record<string, unknown>)[k]);
      }
    }
  }
  return false;
}

function nulPath(value: unknown): (string | number)[] | null {
  // Each entry points at its parent: the path is built only for the one string that holds a NUL, not copied
  // for every node of every request (a 20-line invoice has a few hundred).
  interface Node {
    v: unknown;
    key: string | number | null;
    parent: Node | null;
  }
  const pathOf = (n: Node | null, last?: string) => {
    const path: (string | number)[] = last === undefined ? [] : [last];
    for (; n && n.key !== null; n = n.parent) path.unshift(n.key);
    return path;
  };
  const stack: Node[] = [{ v: value, key: null, parent: null }];
  for (let seen = 0; stack.length && seen < MAX_WALK_NODES; seen++) {
    const node = stack.pop()!;
    const v = node.v;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return pathOf(node);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], key: i, parent: node });
    } else if (v && typeof v === 'object') {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) {
        const k = keys[i];
        if (k.includes('\u0000')) return pathOf(node, k);
        stack.push({ v: (v as Record<string, unknown>)[k], key: k, parent: node });
      }
    }
  }
  return null;
}

/** The field an issue concerns: its path (a key, the same in every language), else the part, named. */
const fieldName = (path: readonly PropertyKey[], part: Part): string | LocalText => {
  if (path.length) return path.map(String).join('.');
  const p = REQUEST_PARTS[part];
  return new LocalText(p.zh, p.en);
};

const NUL_TEXT = new LocalText(NUL_CHAR_MESSAGE, 'must not contain a NUL character (\\0)');

/** A 400 naming the field, in the words every validation failure uses. */
export function refuseNul(path: (string | number)[], part: Part | 'multipart') {
  const field = part === 'multipart' ? path.join('.') : fieldName(path, part);
  return badRequest(
    'VALIDATION_FAILED',
    { problem: NUL_TEXT, field },
    { part, issues: [{ path: path.join('.'), message: NUL_TEXT }] },
  );
}

/**
 * Parses one part of a request; the first problem becomes a Chinese 400 that names the field. Before the schema
 * runs, any string of the raw part holding a NUL byte is refused: defence in depth under the contracts' text
 * schemas, for every route present and future.
 */
export function parsePart<T extends z.ZodType>(schema: T, value: unknown, part: Part): z.infer<T> {
  const nulAt = findNul(value);
  if (nulAt) throw refuseNul(nulAt, part);
  const r = schema.safeParse(value ?? {});
  if (r.success) return r.data;
  // Only a refusal pays for the second pass: it carries the inputs, which the English wording needs.
  const again = schema.safeParse(value ?? {}, { reportInput: true });
  const withInput = again.success ? r.error.issues : again.error.issues;
  const texts = r.error.issues.map((i, n) => schemaIssueText(i, withInput[n] ?? i));
  const issue = r.error.issues[0];
  // Message first: schemas often name the field in Chinese already; the key in brackets pins it down.
  throw badRequest(
    'VALIDATION_FAILED',
    { problem: texts[0], field: fieldName(issue.path, part) },
    { part, issues: r.error.issues.map((i, n) => ({ path: i.path.join('.'), message: texts[n] })) },
  );
}
