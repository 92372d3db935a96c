import fc from 'fast-check';
import { MISSING_ID } from './ids.ts';
import { accepts, isIdName, type JsonSchema, kindOf, variants } from './schema.ts';
import {
  BOUNDARY_NUMBERS,
  DATE_TEXT,
  HOSTILE_TEXT,
  NUMERIC_TEXT,
  SMUGGLED_KEYS,
  SORT_TEXT,
  smuggledValues,
  WRONG_TYPES,
} from './values.ts';
import { xlsxBomb } from '../lib/archive-bomb.ts';

/**
 * fast-check arbitraries derived from the JSON schema of each field in the OpenAPI document: valid-shaped
 * values (what the console would send), hostile values (boundaries, nasty text, wrong shapes) and whole
 * requests mixing both, with keys smuggled in.
 */

/** What a generator needs to know beyond the schema: real ids to aim at and what to smuggle. */
export interface GenContext {
  /** Ids worth sending for this field (ids the walk collected from list replies), never empty. */
  ids(path: string, field: string): number[];
  /** Text that list rows show under this key (real tax codes, invoice numbers), maybe none. */
  known?(field: string): string[];
  /** The login key's encryption, for password fields that travel encrypted (login, register, reset). */
  encrypt?(plain: string): string;
  /** A real record of the resource behind a route (from its list or item reply), to base bodies on. */
  record?(path: string): Record<string, unknown> | undefined;
  /** Values for smuggled keys (another tenant's id, a platform flag). */
  smuggle: Record<string, unknown>;
}

/** A file in a multipart body. */
export interface FilePart {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface AttackRequest {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  /** JSON or form body as a value; omitted when undefined. */
  body?: unknown;
  /** A raw body sent as is (broken JSON, a wrong content type), instead of `body`. */
  raw?: { text: string; contentType: string };
  file?: FilePart;
}

const ID_BOUNDARIES = [0, -1, 2 ** 31 - 1, 2 ** 31, 2 ** 53, 99_999_999_999, 1e30, MISSING_ID];

/**
 * Text a console user types: ASCII and everyday Chinese. Exotic code points (which the invoice face may
 * refuse) belong to the hostile arbitrary; here they would only make the valid-shaped base a 400.
 */
const TEXT_UNIT = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(...'发票云科技有限公司上海北京深圳客户商品服务部门开票员小李张王'),
  },
);

function intRange(s: JsonSchema) {
  let lo = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -1_000_000);
  let hi = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : 1_000_000);
  // Valid-shaped means what a user would type; the extremes of the range are the hostile arbitrary's job.
  lo = Math.max(lo, -1_000_000);
  hi = Math.min(hi, 1_000_000);
  if (lo > hi) hi = lo;
  return { min: Math.ceil(lo), max: Math.floor(hi) };
}

const DAY_PATTERN = /\\d\{4\}-\\d\{2\}-\\d\{2\}/;
const pad = (n: number, w = 2) => String(n).padStart(w, '0');
/** A real day of this century, as yyyy-MM-dd (a pattern alone would give 2026-97-45). */
const dayText = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`);

function validString(s: JsonSchema, name: string, ctx: GenContext): fc.Arbitrary<string> {
  const fallback = 'a'.repeat(Math.max(1, s.minLength ?? 1));
  const keep = (v: string) => (accepts(s, v) ? v : fallback);
  const generated = (): fc.Arbitrary<string> => {
    if (s.format === 'email') return fc.emailAddress().map(keep);
    if (/password/i.test(name)) {
      // Strong enough for any rule; sent plain or encrypted, whichever the route expects.
      const strong = fc.stringMatching(/^[A-Z][a-z]{4}\d{3}[!@#]$/);
      return ctx.encrypt ? fc.oneof(strong, strong.map(ctx.encrypt)) : strong;
    }
    if (s.pattern && DAY_PATTERN.test(s.pattern)) return dayText.map(keep);
    if (s.pattern) {
      try {
        return fc.stringMatching(new RegExp(s.pattern)).map(keep);
      } catch {
        return fc.constant(fallback);
      }
    }
    const maxLength = Math.min(s.maxLength ?? 24, 24);
    const minLength = Math.min(Math.max(s.minLength ?? 0, 1), maxLength);
    return fc
      .array(TEXT_UNIT, { minLength, maxLength })
      .map((units) => keep(units.join('').trim() || fallback));
  };
  const known = (ctx.known?.(name) ?? []).filter((v) => accepts(s, v));
  return known.length ? fc.oneof(fc.constantFrom(...known), generated()) : generated();
}

/** A value the field's schema accepts (as far as JSON Schema can say; zod refinements may still refuse). */
export function validValue(
  s: JsonSchema,
  name: string,
  path: string,
  ctx: GenContext,
  depth = 0,
): fc.Arbitrary<unknown> {
  const alts = s.anyOf ?? s.oneOf;
  if (alts) return fc.oneof(...alts.map((a) => validValue(a, name, path, ctx, depth)));
  if ('const' in s) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  switch (s.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      if (isIdName(name)) return fc.constantFrom(...ctx.ids(path, name));
      return fc.integer(intRange(s));
    case 'number':
      return fc.oneof(fc.integer(intRange(s)), fc.double({ ...intRange(s), noNaN: true }));
    case 'string':
      return validString(s, name, ctx);
    case 'array': {
      const item = s.items ?? {};
      const maxLength = Math.min(s.maxItems ?? 3, 3);
      const minLength = Math.min(s.minItems ?? 0, maxLength);
      if (isIdName(name) && kindOf(item) === 'integer')
        return fc.array(fc.constantFrom(...ctx.ids(path, name)), { minLength, maxLength });
      return fc.array(validValue(item, name, path, ctx, depth + 1), { minLength, maxLength });
    }
    case 'object':
      return validObject(s, path, ctx, depth);
  }
  return fc.oneof(fc.string({ maxLength: 8 }), fc.integer({ min: 0, max: 100 }));
}

function validObject(s: JsonSchema, path: string, ctx: GenContext, depth: number): fc.Arbitrary<unknown> {
  const props = Object.entries(s.properties ?? {});
  if (!props.length || depth > 4) return fc.constant({});
  const model = Object.fromEntries(props.map(([k, p]) => [k, validValue(p, k, path, ctx, depth + 1)]));
  return fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in model) });
}

/** The fixed hostile values that imitate a field's kind; wrong shapes come on top. */
export function hostileCandidates(s: JsonSchema, name: string): unknown[] {
  const kind = kindOf(s);
  const numeric = [...BOUNDARY_NUMBERS, ...NUMERIC_TEXT];
  if (name === 'sort') return SORT_TEXT;
  if (isIdName(name)) return [...ID_BOUNDARIES, ...NUMERIC_TEXT.slice(0, 4)];
  if (kind === 'integer' || kind === 'number') return numeric;
  if (kind === 'boolean') return ['true', 'yes', 1, 0, 'on'];
  if (kind === 'string') return [...HOSTILE_TEXT, ...DATE_TEXT, ...NUMERIC_TEXT];
  return [...HOSTILE_TEXT.slice(0, 10), ...BOUNDARY_NUMBERS];
}

/** A hostile value for a field: a boundary, nasty text, random unicode, a wrong shape. */
export function hostileValue(s: JsonSchema, name: string): fc.Arbitrary<unknown> {
  const kind = kindOf(s);
  const arrays = variants(s).some((v) => v.type === 'array');
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...hostileCandidates(s, name)) },
    { weight: 1, arbitrary: fc.constantFrom(...WRONG_TYPES) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 300 }) },
    {
      weight: kind === 'integer' || kind === 'number' ? 1 : 0,
      arbitrary: fc.oneof(fc.integer(), fc.double(), fc.bigInt().map(String)),
    },
    {
      weight: arrays ? 1 : 0,
      arbitrary: fc.array(fc.constantFrom(...BOUNDARY_NUMBERS, ...HOSTILE_TEXT.slice(0, 12)), {
        maxLength: 600,
      }),
    },
  );
}

/** Valid most of the time, hostile or missing otherwise: one odd field among sane ones reaches the handler. */
function mixedValue(
  s: JsonSchema,
  name: string,
  path: string,
  ctx: GenContext,
  depth: number,
): fc.Arbitrary<unknown> {
  const nestedObject = variants(s).find((v) => v.type === 'object' && v.properties);
  const nestedArray = variants(s).find((v) => v.type === 'array' && v.items?.properties);
  const valid =
    depth < 3 && nestedObject
      ? mixedObject(nestedObject, path, ctx, depth + 1)
      : depth < 3 && nestedArray?.items
        ? fc.array(mixedObject(nestedArray.items, path, ctx, depth + 1), { maxLength: 3 })
        : validValue(s, name, path, ctx, depth);
  return fc.oneof(
    { weight: 6, arbitrary: valid },
    { weight: 3, arbitrary: hostileValue(s, name) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

function mixedObject(
  s: JsonSchema,
  path: string,
  ctx: GenContext,
  depth: number,
): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(s.properties ?? {});
  const model = Object.fromEntries(props.map(([k, p]) => [k, mixedValue(p, k, path, ctx, depth)]));
  return fc.tuple(fc.record(model), smuggled(ctx)).map(([o, extra]) => dropUndefined({ ...o, ...extra }));
}

/** Sometimes nothing, sometimes keys that would act as another tenant or user if a handler trusted them. */
function smuggled(ctx: GenContext): fc.Arbitrary<Record<string, unknown>> {
  return fc.option(
    fc.subarray(SMUGGLED_KEYS, { minLength: 1 }).map((keys) => smuggledValues(ctx.smuggle, keys)),
    { freq: 3, nil: {} },
  );
}

const dropUndefined = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/** One operation of the OpenAPI document, as the walk needs it. */
export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  permission: string | string[];
  platformOnly: boolean;
  pathParams: Record<string, JsonSchema>;
  query: JsonSchema;
  media?: 'json' | 'form' | 'multipart';
  body?: JsonSchema;
}

export const FILE_CONTENTS: Array<{ name: string; content: Uint8Array }> = [
  { name: 'empty', content: new Uint8Array() },
  { name: 'text', content: new TextEncoder().encode('hello, 𠮷\u0000') },
  { name: 'zip header', content: new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]) },
  {
    name: 'png header',
    content: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]),
  },
  {
    name: 'svg script',
    content: new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:s="http://www.w3.org/2000/svg"><s:script>alert(1)</s:script></svg>',
    ),
  },
  { name: 'html', content: new TextEncoder().encode('<html><script>alert(1)</script></html>') },
  { name: 'csv formula', content: new TextEncoder().encode('=cmd|"/c calc"!A1,1\n') },
  // Issue 28 §4: about 1 MB that unpacks to 1 GiB, its sizes declared honestly and falsely (archive-bomb.ts).
  { name: 'xlsx bomb', content: xlsxBomb('honest') },
  { name: 'xlsx bomb, lying sizes', content: xlsxBomb('lying') },
];

const FILE_NAMES = [
  'a.xlsx',
  'a.png',
  'a.svg',
  '../../etc/passwd',
  'a\u0000.png',
  `${'a'.repeat(300)}.xlsx`,
  '',
  '𠮷.xlsx',
];
const FILE_TYPES = [
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'image/png',
  'image/svg+xml',
  'text/html',
  'application/octet-stream',
];

export const fileArb: fc.Arbitrary<FilePart> = fc.record({
  filename: fc.constantFrom(...FILE_NAMES),
  contentType: fc.constantFrom(...FILE_TYPES),
  content: fc.oneof(
    fc.constantFrom(...FILE_CONTENTS.map((f) => f.content)),
    fc.uint8Array({ maxLength: 4096 }),
  ),
});

/** A whole request: path ids, query and body mixing valid and hostile fields, keys smuggled in. */
export function requestArb(op: Operation, ctx: GenContext): fc.Arbitrary<AttackRequest> {
  const params = fc.record(
    Object.fromEntries(
      Object.entries(op.pathParams).map(([k, s]) => [
        k,
        fc.oneof(
          { weight: 4, arbitrary: validValue(s, k, op.path, ctx) },
          { weight: 1, arbitrary: hostileValue(s, k) },
        ),
      ]),
    ),
  );
  const query = mixedObject(op.query, op.path, ctx, 0);
  const body =
    op.media === 'multipart'
      ? fc.constant(undefined)
      : op.body
        ? fc.oneof(
            { weight: 9, arbitrary: mixedObject(op.body, op.path, ctx, 0) as fc.Arbitrary<unknown> },
            { weight: 1, arbitrary: fc.constantFrom<unknown>(...WRONG_TYPES) },
          )
        : fc.constant(undefined);
  const file = op.media === 'multipart' ? fileArb : fc.constant(undefined);
  return fc.record({ params, query, body, file }).map((r) => dropUndefined(r) as unknown as AttackRequest);
}

/** A request with every field valid-shaped: the base that the fixed cases change one value at a time. */
export function validRequestArb(op: Operation, ctx: GenContext): fc.Arbitrary<AttackRequest> {
  const params = fc.record(
    Object.fromEntries(Object.entries(op.pathParams).map(([k, s]) => [k, validValue(s, k, op.path, ctx)])),
  );
  const query = validObject(op.query, op.path, ctx, 0);
  const body =
    op.body && op.media !== 'multipart' ? validObject(op.body, op.path, ctx, 0) : fc.constant(undefined);
  const file =
    op.media === 'multipart'
      ? fc.constant<FilePart>({
          filename: 'a.xlsx',
          contentType: FILE_TYPES[0],
          content: FILE_CONTENTS[2].content,
        })
      : fc.constant(undefined);
  return fc.record({ params, query, body, file }).map((r) => dropUndefined(r) as unknown as AttackRequest);
}
