import type { AttackRequest, GenContext, Operation } from './arbitraries.ts';
import { FILE_CONTENTS, hostileCandidates } from './arbitraries.ts';
import { accepts, type JsonSchema, variants } from './schema.ts';
import {
  BOUNDARY_NUMBERS,
  DATE_TEXT,
  HOSTILE_TEXT,
  NUMERIC_TEXT,
  smuggledValues,
  SORT_TEXT,
  WRONG_TYPES,
} from './values.ts';

/**
 * The fixed cases every route meets once, built on a valid-shaped base request:
 *  - accepted: each boundary or hostile value goes once into a field whose schema accepts it, so it passes
 *    validation and reaches the handler and the database (where int4 ids, NUL bytes and odd dates broke);
 *  - refused: each field once gets a wrong shape or a value its schema refuses;
 *  - sort keys, smuggled keys and broken bodies.
 */
export interface Case {
  label: string;
  req: AttackRequest;
}

/**
 * Values that travel together. Within a group each request carries several values, one per field that accepts
 * it, until every value of the group has been planted once; groups never mix, so text a schema refuses (NUL,
 * control characters) does not stop the printable payloads of the same request reaching the handler.
 */
/** Control characters, broken surrogates, BOM and direction overrides: what a text schema may refuse. */
const controlLike = (v: string) =>
  [...v].some((ch) => {
    const c = ch.charCodeAt(0);
    return (
      c < 0x20 ||
      c === 0x7f ||
      (c >= 0xd800 && c <= 0xdfff && ch.length === 1) ||
      c === 0xfeff ||
      c === 0x202e
    );
  });

const GROUPS: Array<{ name: string; values: unknown[] }> = [
  { name: 'number', values: [...BOUNDARY_NUMBERS, ...NUMERIC_TEXT] },
  { name: 'date', values: DATE_TEXT },
  { name: 'control text', values: HOSTILE_TEXT.filter(controlLike) },
  { name: 'text', values: HOSTILE_TEXT.filter((v) => !controlLike(v)) },
];

const clone = <T>(v: T): T => structuredClone(v);
const short = (v: unknown) => {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 40 ? `${s.slice(0, 37)}…(${s.length})` : s;
};

/** A field somewhere in a request: where its value lives and its schema. */
interface Slot {
  schema: JsonSchema;
  wire: boolean;
  holder: Record<string, unknown>;
  key: string;
}

/** Every scalar field of `obj` by schema: nested objects and the first item of arrays included. */
function slots(s: JsonSchema, obj: Record<string, unknown>, wire: boolean, depth = 0): Slot[] {
  const out: Slot[] = [];
  for (const [k, p] of Object.entries(s.properties ?? {})) {
    const object = variants(p).find((x) => x.type === 'object' && x.properties);
    const array = variants(p).find((x) => x.type === 'array' && x.items?.properties);
    const v = obj[k];
    if (depth < 3 && object && v && typeof v === 'object' && !Array.isArray(v))
      out.push(...slots(object, v as Record<string, unknown>, wire, depth + 1));
    else if (depth < 3 && array?.items && Array.isArray(v) && v.length)
      out.push(...slots(array.items, v[0] as Record<string, unknown>, wire, depth + 1));
    else out.push({ schema: p, wire, holder: obj, key: k });
  }
  return out;
}

function requestSlots(op: Operation, req: AttackRequest): Slot[] {
  const out = [
    ...slots({ type: 'object', properties: op.pathParams }, req.params, true),
    ...slots(op.query, req.query, true),
  ];
  if (op.body && op.media !== 'multipart' && req.body && typeof req.body === 'object')
    out.push(...slots(op.body, req.body as Record<string, unknown>, false));
  return out;
}

/** Requests that between them plant each value of each group once, in fields whose schema accepts it. */
function acceptedCases(op: Operation, base: AttackRequest): Case[] {
  const cases: Case[] = [];
  for (const group of GROUPS) {
    let pending = group.values.filter((v) =>
      requestSlots(op, base).some((f) => accepts(f.schema, v, f.wire)),
    );
    while (pending.length) {
      const req = clone(base);
      const planted: string[] = [];
      for (const slot of requestSlots(op, req)) {
        const v = pending.find((x) => accepts(slot.schema, x, slot.wire));
        if (v === undefined) continue;
        slot.holder[slot.key] = v;
        planted.push(`${slot.key}=${short(v)}`);
        pending = pending.filter((x) => x !== v);
      }
      cases.push({ label: `accepted ${group.name}: ${planted.join(', ')}`, req });
    }
  }
  return cases;
}

function parts(op: Operation) {
  const out: Array<{ where: 'params' | 'query' | 'body'; name: string; schema: JsonSchema }> = [];
  for (const [name, schema] of Object.entries(op.pathParams)) out.push({ where: 'params', name, schema });
  for (const [name, schema] of Object.entries(op.query.properties ?? {}))
    out.push({ where: 'query', name, schema });
  if (op.body && op.media !== 'multipart')
    for (const [name, schema] of Object.entries(op.body.properties ?? {}))
      out.push({ where: 'body', name, schema });
  return out;
}

/** The base request with every smuggled key added to its query and body. */
export function smuggledCase(op: Operation, base: AttackRequest, ctx: GenContext): Case {
  const smuggle = smuggledValues(ctx.smuggle);
  const hasBody = op.body && op.media !== 'multipart' && base.body && typeof base.body === 'object';
  return {
    label: 'smuggled keys',
    req: {
      ...clone(base),
      // qs-style parsers would turn __proto__[isSuperAdmin]=2 into a polluted prototype.
      query: { ...base.query, ...smuggle, ...Object.fromEntries([['__proto__', { isSuperAdmin: 2 }]]) },
      ...(hasBody ? { body: { ...(base.body as object), ...smuggle } } : {}),
    },
  };
}

/**
 * Issue 28 §7: invoice lines at rates their tax code does not allow — the checkpoint's 软件开发服务 at 13% and rice
 * at 6%, a bare levy, 免税 on a 不征税 item, 不征税 on a taxable code, an unknown code. Planted into the first line of
 * any body with lines (create, edit, calculate, red-letter …); each must be refused with a 4xx or judged, never a 5xx.
 */
const RATE_RULE_LINES: Array<Record<string, unknown>> = [
  { taxCode: '3040201010000000000', rate: 'rate_13' },
  { taxCode: '1010101010000000000', rate: 'rate_6' },
  { taxCode: '1010101010000000000', rate: 'rate_3' },
  { taxCode: '6010000000000000000', rate: 'rate_0', policy: 'exempt' },
  { taxCode: '1010101010000000000', rate: 'rate_0', policy: 'non_taxable' },
  { taxCode: '1999999999999999999', rate: 'rate_1_5', policy: 'simplified_5_reduced_1_5' },
];

function rateRuleCases(base: AttackRequest): Case[] {
  const lines = (base.body as { lines?: unknown } | undefined)?.lines;
  if (!Array.isArray(lines) || !lines.length || typeof lines[0] !== 'object' || !lines[0]) return [];
  if (!('rate' in lines[0])) return [];
  return RATE_RULE_LINES.map((bad) => {
    const req = clone(base);
    const first = (req.body as { lines: Record<string, unknown>[] }).lines[0];
    delete first.policy;
    Object.assign(first, bad);
    return { label: `rate its code does not allow: ${short(bad)}`, req };
  });
}

export function fixedCases(op: Operation, base: AttackRequest, ctx: GenContext): Case[] {
  const hasBody = op.body && op.media !== 'multipart';

  const cases: Case[] = [...acceptedCases(op, base), ...rateRuleCases(base)];

  // Fields take turns: even ones a wrong shape, odd ones a value of their own kind that their schema refuses.
  parts(op).forEach(({ where, name, schema }, i) => {
    const refused = hostileCandidates(schema, name).filter((v) => !accepts(schema, v, where !== 'body'));
    const v =
      i % 2 === 0 || !refused.length
        ? WRONG_TYPES[(i >> 1) % WRONG_TYPES.length]
        : refused[(i >> 1) % refused.length];
    const req = clone(base);
    const target = (where === 'body' ? req.body : req[where]) as Record<string, unknown> | undefined;
    if (!target || typeof target !== 'object') return;
    target[name] = v;
    cases.push({ label: `refused ${short(v)} in ${where}.${name}`, req });
  });

  if (op.query.properties?.sort)
    for (const s of SORT_TEXT)
      cases.push({ label: `sort ${short(s)}`, req: { ...clone(base), query: { ...base.query, sort: s } } });

  cases.push(smuggledCase(op, base, ctx));

  if (hasBody) {
    const json = 'application/json';
    // An update that gives nothing must change nothing (and not fail building an empty UPDATE).
    cases.push({ label: 'body is empty', req: { ...clone(base), body: {} } });
    cases.push({ label: 'body is an array', req: { ...clone(base), body: [base.body] } });
    cases.push({ label: 'body is text', req: { ...clone(base), body: 'text' } });
    cases.push({
      label: 'body is broken JSON',
      req: { ...clone(base), body: undefined, raw: { text: '{"a":', contentType: json } },
    });
    cases.push({
      label: 'body pollutes the prototype',
      req: {
        ...clone(base),
        body: undefined,
        raw: {
          text: '{"__proto__":{"isSuperAdmin":2},"constructor":{"prototype":{"x":1}}}',
          contentType: json,
        },
      },
    });
    cases.push({
      label: 'body in a wrong content type',
      req: {
        ...clone(base),
        body: undefined,
        raw: { text: JSON.stringify(base.body), contentType: 'text/plain' },
      },
    });
    for (const contentType of [
      'application/json; charset=utf-16',
      'application/json; charset=x',
      'application/json;;;',
      'APPLICATION/JSON',
    ])
      cases.push({
        label: `body as ${contentType}`,
        req: { ...clone(base), body: undefined, raw: { text: JSON.stringify(base.body), contentType } },
      });
    cases.push({
      label: 'body with numbers past double',
      req: {
        ...clone(base),
        body: undefined,
        raw: {
          text: '{"a":1e400,"b":-1e400,"c":123456789012345678901234567890}',
          contentType: 'application/json',
        },
      },
    });
  }
  if (hasBody || op.media === 'form')
    cases.push({
      label: 'body over the size limit',
      req: {
        ...clone(base),
        body: undefined,
        raw: { text: OVERSIZED_JSON, contentType: 'application/json' },
      },
    });
  if (op.media === 'multipart') {
    for (const f of FILE_CONTENTS)
      cases.push({
        label: `file: ${f.name}`,
        req: {
          ...clone(base),
          file: { filename: 'upload.bin', contentType: 'application/octet-stream', content: f.content },
        },
      });
    const part = (name: string, filename: string | null, body: string) =>
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n${body}\r\n`;
    const multipart = (...parts: string[]) => ({
      text: `${parts.join('')}--${BOUNDARY}--\r\n`,
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    });
    cases.push(
      {
        label: 'two files',
        req: {
          ...clone(base),
          file: undefined,
          raw: multipart(part('file', 'a.png', 'x'), part('file', 'b.png', 'y')),
        },
      },
      {
        label: 'a field, no file',
        req: { ...clone(base), file: undefined, raw: multipart(part('file', null, 'not a file')) },
      },
      { label: 'no parts', req: { ...clone(base), file: undefined, raw: multipart() } },
      {
        label: 'cut off',
        req: {
          ...clone(base),
          file: undefined,
          raw: {
            ...multipart(part('file', 'a.png', 'x')),
            text: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nxx`,
          },
        },
      },
    );
  }
  return cases;
}

const BOUNDARY = '----attack-fixed';
/** Past the server's 1 MB body limit. */
const OVERSIZED_JSON = `{"a":"${'x'.repeat(1_100_000)}"}`;
