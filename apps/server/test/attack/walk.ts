import { writeFileSync } from 'node:fs';
import fc from 'fast-check';
import type { TestApp } from '../harness.ts';
import {
  type AttackRequest,
  type GenContext,
  type Operation,
  requestArb,
  validRequestArb,
} from './arbitraries.ts';
import { type Case, fixedCases } from './cases.ts';
import { accepts, type JsonSchema, variants } from './schema.ts';

/**
 * Walks every operation of the generated OpenAPI document. A route added to a contract is in the document,
 * so it joins the walk without a list to maintain; only SKIPPED below leaves a route out, with its reason.
 */

/** Seed of every sample; ATTACK_SEED=<n> replays another run. Each route derives its own from it and its name. */
export const SEED = Number(process.env.ATTACK_SEED ?? 20_260_512);
/** A walk over every route takes tens of seconds; more on a loaded CI machine than the project's 60 s default. */
export const WALK_TIMEOUT = 300_000;
/** Fuzzed requests per route and caller, on top of the fixed cases. */
export const SAMPLES = Number(process.env.ATTACK_SAMPLES ?? 8);

/**
 * Routes the walk leaves out, each for a stated reason. Keep it short: a route here is a route no one attacks.
 */
export const SKIPPED: Record<string, string> = {};

export interface Caller {
  name: string;
  token?: string;
}

export interface Reply {
  status: number;
  body: string;
  json?: unknown;
  /** The bytes as sent (files: spreadsheets, PDFs, zips) and their type. */
  raw: Buffer;
  contentType: string;
}

export interface Finding {
  caller: string;
  method: string;
  path: string;
  url: string;
  label: string;
  input: string;
  status: number;
  error: string;
}

type DocOp = {
  'x-permission': string | string[];
  'x-platform-only'?: boolean;
  parameters: Array<{ name: string; in: 'path' | 'query'; required: boolean; schema: JsonSchema }>;
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
};
const MEDIA: Record<string, Operation['media']> = {
  'application/json': 'json',
  'application/x-www-form-urlencoded': 'form',
  'multipart/form-data': 'multipart',
};

export function operationsOf(doc: { paths: Record<string, Record<string, DocOp>> }): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => {
      const query: JsonSchema = { type: 'object', properties: {}, required: [] };
      const pathParams: Record<string, JsonSchema> = {};
      for (const p of op.parameters ?? []) {
        if (p.in === 'path') pathParams[p.name] = p.schema;
        else {
          query.properties![p.name] = p.schema;
          if (p.required) query.required!.push(p.name);
        }
      }
      const [mediaType, content] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
      return {
        method: method.toUpperCase() as Operation['method'],
        path,
        permission: op['x-permission'],
        platformOnly: !!op['x-platform-only'],
        pathParams,
        query,
        media: mediaType ? MEDIA[mediaType] : undefined,
        body: content?.schema,
      };
    }),
  );
}

export const routeName = (op: Pick<Operation, 'method' | 'path'>) => `${op.method} ${op.path}`;

/** Percent-encodes text, lone surrogates included (as the bytes a careless client would send). */
export function encodeLoose(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const next = s.charCodeAt(i + 1);
    if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(s.slice(i, i + 2));
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(s[i]);
  }
  return out;
}

const scalar = (v: unknown) =>
  typeof v === 'string' ? v : v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** Query text as browsers and qs-style clients write it: repeated keys for arrays, brackets for objects. */
export function formText(o: Record<string, unknown>): string {
  const pairs: string[] = [];
  const add = (k: string, v: unknown, depth: number) => {
    if (v === undefined) return;
    if (Array.isArray(v) && depth < 4) {
      if (!v.length) pairs.push(`${encodeLoose(k)}=`);
      for (const x of v.slice(0, 100)) add(k, x, depth + 1);
    } else if (v && typeof v === 'object' && depth < 4) {
      for (const [sub, x] of Object.entries(v)) add(`${k}[${sub}]`, x, depth + 1);
    } else pairs.push(`${encodeLoose(k)}=${encodeLoose(scalar(v))}`);
  };
  for (const [k, v] of Object.entries(o)) add(k, v, 0);
  return pairs.join('&');
}

export function urlOf(op: Operation, req: AttackRequest): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, k: string) => encodeLoose(scalar(req.params?.[k] ?? 1)));
  const q = formText(req.query ?? {});
  return q ? `${path}?${q}` : path;
}

function multipart(req: AttackRequest, n: number) {
  const boundary = `----attack${n}`;
  const f = req.file!;
  const name = f.filename.replace(/[\r\n"]/g, '_');
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${f.contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([
      Buffer.from(head),
      Buffer.from(f.content),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** The request as one line of JSON, for the findings file and the failure message. */
export function describeInput(req: AttackRequest): string {
  const shown = {
    ...req,
    ...(req.file ? { file: { ...req.file, content: `${req.file.content.length} bytes` } } : {}),
  };
  const s = JSON.stringify(shown, (_k, v) =>
    typeof v === 'string' && v.length > 300 ? `${v.slice(0, 60)}…(${v.length} chars)` : v,
  );
  return s.length > 2000 ? `${s.slice(0, 2000)}…` : s;
}

export class Walk {
  requests = 0;
  readonly routes = new Set<string>();
  readonly findings: Finding[] = [];
  /** route → milliseconds spent on it, for keeping the walk within its budget */
  readonly time = new Map<string, number>();
  readonly count = new Map<string, number>();
  /** `caller route` → how its valid-shaped request was answered (status and message) */
  readonly bases = new Map<string, string>();
  /** `caller route` → status → how many: shows which routes the fuzz got past validation */
  readonly statuses = new Map<string, Map<number, number>>();
  private errors = new Map<string, string>();

  constructor(
    readonly t: TestApp,
    readonly ops: Operation[],
  ) {
    // With the logger off, every request's logger is this one object: errors.ts logs the real error here.
    const log = t.app.log as unknown as { error: (...a: unknown[]) => void };
    const original = log.error.bind(log);
    log.error = (obj: unknown, ...rest: unknown[]) => {
      const o = obj as { err?: Error; requestId?: string } | undefined;
      if (o?.requestId && o.err) {
        const e = o.err as Error & { code?: string; cause?: { message?: string } };
        const stack = (e.stack ?? '').split('\n').slice(0, 6).join('\n');
        this.errors.set(
          o.requestId,
          `${e.code ? `[${e.code}] ` : ''}${stack}${e.cause?.message ? `\ncause: ${e.cause.message}` : ''}`,
        );
      }
      original(obj, ...rest);
    };
  }

  static async open(t: TestApp) {
    const doc = (await t.app.inject({ url: '/api/docs/openapi.json' })).json();
    return new Walk(t, operationsOf(doc));
  }

  /** Sends one request; a 5xx becomes a finding with the server's own error, whoever sent it. */
  async send(
    op: Operation,
    req: AttackRequest,
    caller: Caller,
    label: string,
    setup = false,
  ): Promise<Reply> {
    const n = ++this.requests;
    // Setup reads (collecting ids) count as requests, not as a route attacked.
    if (!setup) this.routes.add(routeName(op));
    const headers: Record<string, string> = caller.token ? { authorization: `Bearer ${caller.token}` } : {};
    let payload: string | Buffer | undefined;
    if (req.raw) {
      payload = req.raw.text;
      headers['content-type'] = req.raw.contentType;
    } else if (op.media === 'multipart' && req.file) {
      const m = multipart(req, n);
      payload = m.payload;
      headers['content-type'] = m.contentType;
    } else if (req.body !== undefined && op.media === 'form') {
      payload =
        req.body && typeof req.body === 'object'
          ? formText(req.body as Record<string, unknown>)
          : scalar(req.body);
      headers['content-type'] = 'application/x-www-form-urlencoded';
      if (op.path === '/api/auth/oauth/token')
        headers.authorization = `Basic ${Buffer.from('webApp:webApp').toString('base64')}`;
    } else if (req.body !== undefined && op.media) {
      payload = JSON.stringify(req.body);
      headers['content-type'] = 'application/json';
    }
    const url = urlOf(op, req);
    const t0 = performance.now();
    const res = await this.t.app.inject({
      method: op.method,
      url,
      headers,
      payload,
      // Public write routes are limited per address: each request comes from its own.
      remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    });
    this.time.set(routeName(op), (this.time.get(routeName(op)) ?? 0) + performance.now() - t0);
    this.count.set(routeName(op), (this.count.get(routeName(op)) ?? 0) + 1);
    const key = `${caller.name} ${routeName(op)}`;
    const histogram = this.statuses.get(key) ?? new Map<number, number>();
    histogram.set(res.statusCode, (histogram.get(res.statusCode) ?? 0) + 1);
    this.statuses.set(key, histogram);
    if (label === 'valid-shaped')
      this.bases.set(key, `${res.statusCode} ${res.statusCode < 300 ? '' : res.body.slice(0, 200)}`);
    let json: unknown;
    try {
      json = res.json();
    } catch {
      json = undefined;
    }
    if (res.statusCode >= 500) {
      const requestId = (json as { requestId?: string } | undefined)?.requestId ?? '';
      this.findings.push({
        caller: caller.name,
        method: op.method,
        path: op.path,
        url: url.length > 300 ? `${url.slice(0, 300)}…` : url,
        label,
        input: describeInput(req),
        status: res.statusCode,
        error: this.errors.get(requestId) ?? res.body.slice(0, 300),
      });
    }
    return {
      status: res.statusCode,
      body: res.body,
      json,
      raw: res.rawPayload,
      contentType: String(res.headers['content-type'] ?? ''),
    };
  }

  /** The valid-shaped request the fixed cases start from; the same for a route and caller on every run. */
  baseOf(op: Operation, caller: Caller, ctx: GenContext): AttackRequest {
    const base = fc.sample(validRequestArb(op, ctx), {
      seed: seedOf(`${caller.name} ${routeName(op)}`),
      numRuns: 1,
    })[0];
    // A real record of the route's resource fills the body where it fits: a generated invoice or commodity
    // rarely passes the business rules, one copied from a real row does, and then the hostile values
    // planted into it reach the code behind validation.
    const record = ctx.record?.(op.path);
    if (record && op.body?.properties && base.body && typeof base.body === 'object')
      base.body = fit(op.body, record, base.body);
    return base;
  }

  /** Fixed cases once, then SAMPLES fuzzed requests; each route's samples come from its own seed. */
  async attack(
    op: Operation,
    caller: Caller,
    ctx: GenContext,
    onReply?: (r: Reply, label: string) => void,
    opts: { fixed?: boolean; samples?: number; extra?: (base: AttackRequest) => Case[] } = {},
  ) {
    const seed = seedOf(`${caller.name} ${routeName(op)}`);
    const base = this.baseOf(op, caller, ctx);
    const cases = [
      { label: 'valid-shaped', req: base },
      ...(opts.fixed === false ? [] : fixedCases(op, base, ctx)),
      ...(opts.extra?.(base) ?? []),
      ...fc
        .sample(requestArb(op, ctx), { seed: seed + 1, numRuns: opts.samples ?? SAMPLES })
        .map((req, i) => ({ label: `fuzz #${i} (seed ${seed + 1})`, req })),
    ];
    for (const c of cases) {
      const r = await this.send(op, c.req, caller, c.label);
      onReply?.(r, c.label);
    }
    return cases.length;
  }

  /** Whether some request of `caller` to `op` was answered with a status `test` accepts. */
  answered(caller: Caller, op: Operation, test: (status: number) => boolean): boolean {
    return [...(this.statuses.get(`${caller.name} ${routeName(op)}`)?.keys() ?? [])].some(test);
  }

  /** ATTACK_DUMP=<dir> writes every finding as JSON there (the findings file is written from it). */
  dump(name: string) {
    const dir = process.env.ATTACK_DUMP;
    if (!dir) return;
    writeFileSync(`${dir}/findings-${name}.json`, JSON.stringify(this.findings, null, 1));
    const statuses = [...this.statuses].map(([k, h]) => `${k} ${JSON.stringify(Object.fromEntries(h))}`);
    writeFileSync(`${dir}/statuses-${name}.txt`, `${statuses.join('\n')}\n`);
    const bases = [...this.bases].map(([k, v]) => `${k} → ${v}`);
    writeFileSync(`${dir}/bases-${name}.txt`, `${bases.join('\n')}\n`);
  }

  /** The findings of one caller, as a report. */
  findingsOf(caller: Caller): string {
    return this.report(this.findings.filter((f) => f.caller === caller.name));
  }

  /** The slowest routes, for the budget. */
  slowest(n = 10): string {
    return [...this.time.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([r, ms]) => `${r} ${(ms / 1000).toFixed(1)} s/${this.count.get(r)}`)
      .join('; ');
  }

  summary() {
    return `attack walk: ${this.requests} requests, ${this.routes.size} routes (of ${this.ops.length} in the document), ${this.findings.length} server errors`;
  }

  /** One block per finding: what was sent and what the server logged. */
  report(findings = this.findings): string {
    return findings
      .map(
        (f) =>
          `- ${f.method} ${f.path} as ${f.caller} (${f.label}) → ${f.status}\n  url: ${f.url}\n  input: ${f.input}\n  error: ${f.error.replace(/\n/g, '\n    ')}`,
      )
      .join('\n');
  }
}

/**
 * A record's values where the schema takes them, field by field (nested objects and list items too), the
 * generated value elsewhere: a detail reply carries nulls and extra keys that a request body would not.
 */
export function fit(schema: JsonSchema, record: unknown, generated: unknown): unknown {
  if (record === undefined) return generated;
  if (accepts(schema, record)) return structuredClone(record);
  const object = variants(schema).find((v) => v.type === 'object' && v.properties);
  if (object && record && typeof record === 'object' && !Array.isArray(record)) {
    const gen = generated && typeof generated === 'object' && !Array.isArray(generated) ? generated : {};
    const out: Record<string, unknown> = { ...(gen as Record<string, unknown>) };
    for (const [k, p] of Object.entries(object.properties ?? {})) {
      const v = fit(p, (record as Record<string, unknown>)[k], out[k]);
      if (v !== undefined) out[k] = v;
    }
    return out;
  }
  const array = variants(schema).find((v) => v.type === 'array' && v.items);
  if (array?.items && Array.isArray(record) && record.length) {
    const gen = Array.isArray(generated) ? generated : [];
    return record.slice(0, 20).map((x, i) => fit(array.items!, x, gen[i] ?? gen[0]));
  }
  return generated;
}

/** CPU seconds this process spent since `from` (the walk's budget is CPU: the machine may be shared). */
export function cpuSeconds(from: NodeJS.CpuUsage): string {
  const u = process.cpuUsage(from);
  return ((u.user + u.system) / 1e6).toFixed(1);
}

/** A stable 31-bit seed per route and caller, so adding a route does not reshuffle the others' samples. */
export function seedOf(key: string): number {
  let h = SEED | 0;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16_777_619);
  return Math.abs(h) % 2_147_483_647;
}
