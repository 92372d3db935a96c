/**
 * The fixed inputs every route meets once: boundaries of numbers, lengths and dates, text that has broken
 * servers before, and shapes no contract declares. Issue 12 §5 lists the ones that answered 500.
 */

/** Numbers around the limits of int4, safe integers and doubles. */
export const BOUNDARY_NUMBERS: unknown[] = [
  0,
  -1,
  1.5,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 53,
  -(2 ** 53),
  1e30,
  Number.MAX_VALUE,
];

/** Numbers as text, the way query strings and form fields carry them. */
export const NUMERIC_TEXT: string[] = [
  'NaN',
  'Infinity',
  '-0',
  '1e30',
  '0x10',
  ' 1',
  '2147483648',
  '9007199254740993',
  '1234567890123456789012345678901234567890',
  '0.0000000000000000000000000000001',
  '99999999999999999999.99',
];

/** Calendar boundaries: impossible, zero and far-future days (issue 12 §5). */
export const DATE_TEXT: string[] = [
  '9999-99-99',
  '0000-00-00',
  '2026-02-30',
  '2026-13-01',
  '1900-01-01',
  '9999-12-31',
  '2026-01-01T00:00:00Z',
  '2026-01-01 25:61:61',
];

/** Text that has broken parsers, databases, renderers and lookups. */
export const HOSTILE_TEXT: string[] = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '\u0001\u0002\u0007\u001b[31m\u007f',
  'line\r\nbreak\ttab',
  '\ud800',
  'x\udfffy',
  '😀👨‍👩‍👧‍👦',
  '𠮷野家',
  '\u202etxt.exe',
  '\ufeffBOM',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  "' OR '1'='1",
  "1'; DROP TABLE users; --",
  '1 OR 1=1',
  '%',
  '_',
  '\\',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection payload, on purpose
  '{{7*7}}${7*7}',
  '=HYPERLINK("http://x")',
  '../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%00',
  '%ff%fe',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  'a'.repeat(256),
  '测'.repeat(256),
  'a'.repeat(10_000),
];

/** Shapes in place of a scalar: an object where text goes, an array where a number goes, deep nesting. */
export function nested(depth: number): unknown {
  let v: unknown = 'leaf';
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
}

export const WRONG_TYPES: unknown[] = [
  { a: 1 },
  [1, 2],
  [],
  {},
  true,
  null,
  nested(64),
  [[[[[[[[1]]]]]]]],
  { __proto__x: 1, toString: 'x', valueOf: 1 },
];

/** Sort keys: prototype names, unknown and SQL (issue 12 §5: sort=__proto__ answered 500). */
export const SORT_TEXT: string[] = [
  '__proto__',
  '-constructor',
  'hasOwnProperty',
  '-noSuchColumn',
  'id;DROP TABLE users',
  '--id',
  '',
  'passwordHash',
];

/**
 * Keys an attacker adds to a body or query to act as someone else or somewhere else. (`__proto__` in a JSON
 * body is refused by the parser as a whole, which would hide the others: it has its own case.)
 */
export const SMUGGLED_KEYS = ['tenantId', 'tenant_id', 'isSuperAdmin', 'userId', 'createdBy'];

/** The values to smuggle: the context's own (never an inherited property), else 1. */
export function smuggledValues(given: Record<string, unknown>, keys: readonly string[] = SMUGGLED_KEYS) {
  return Object.fromEntries(keys.map((k) => [k, Object.hasOwn(given, k) ? given[k] : 1]));
}
