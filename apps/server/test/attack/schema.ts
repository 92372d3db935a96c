/**
 * The part of JSON Schema that the OpenAPI document (plugins/openapi.ts, z.toJSONSchema of the contracts)
 * emits, and a small checker for it. The walk uses the checker to put a hostile value only where the
 * contract says it is allowed: a value the contract accepts must reach the handler and still not break it.
 */
export interface JsonSchema {
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'null' | 'object' | 'array';
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  default?: unknown;
}

const patterns = new Map<string, RegExp | null>();
function regexOf(p: string): RegExp | null {
  if (!patterns.has(p)) {
    try {
      patterns.set(p, new RegExp(p, 'u'));
    } catch {
      patterns.set(p, null);
    }
  }
  return patterns.get(p) ?? null;
}

/** Length as JSON Schema (and zod) count it: code points. */
const length = (s: string) => [...s].length;

/**
 * Whether a value conforms. Query and path values travel as text, so `wire` lets a numeric string stand
 * for a number, as zod's coerce does on the server.
 */
export function accepts(s: JsonSchema, v: unknown, wire = false): boolean {
  if (s.anyOf) return s.anyOf.some((x) => accepts(x, v, wire));
  if (s.oneOf) return s.oneOf.some((x) => accepts(x, v, wire));
  if (s.allOf) return s.allOf.every((x) => accepts(x, v, wire));
  if ('const' in s) return v === s.const || (wire && String(s.const) === v);
  if (s.enum) return s.enum.some((e) => e === v || (wire && String(e) === v));
  switch (s.type) {
    case undefined:
      return true;
    case 'null':
      return v === null;
    case 'boolean':
      return typeof v === 'boolean' || (wire && (v === 'true' || v === 'false'));
    case 'integer':
    case 'number': {
      const n =
        typeof v === 'number' ? v : wire && typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
      if (!Number.isFinite(n) || (s.type === 'integer' && !Number.isInteger(n))) return false;
      if (s.minimum !== undefined && n < s.minimum) return false;
      if (s.maximum !== undefined && n > s.maximum) return false;
      if (s.exclusiveMinimum !== undefined && n <= s.exclusiveMinimum) return false;
      if (s.exclusiveMaximum !== undefined && n >= s.exclusiveMaximum) return false;
      return true;
    }
    case 'string': {
      if (typeof v !== 'string') return false;
      if (s.minLength !== undefined && length(v) < s.minLength) return false;
      if (s.maxLength !== undefined && length(v) > s.maxLength) return false;
      if (s.pattern) {
        const re = regexOf(s.pattern);
        if (re && !re.test(v)) return false;
      }
      return true;
    }
    case 'array':
      if (!Array.isArray(v)) return false;
      if (s.minItems !== undefined && v.length < s.minItems) return false;
      if (s.maxItems !== undefined && v.length > s.maxItems) return false;
      return !s.items || v.every((x) => accepts(s.items as JsonSchema, x, wire));
    case 'object': {
      if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
      const o = v as Record<string, unknown>;
      for (const r of s.required ?? []) if (!(r in o)) return false;
      for (const [k, x] of Object.entries(o)) {
        const p = s.properties?.[k];
        if (p && x !== undefined && !accepts(p, x, wire)) return false;
      }
      return true;
    }
  }
  return true;
}

/** The non-null alternatives of a schema (zod's optional().nullable() becomes anyOf [T, null]). */
export function variants(s: JsonSchema): JsonSchema[] {
  const alts = s.anyOf ?? s.oneOf;
  if (!alts) return [s];
  return alts.flatMap(variants).filter((x) => x.type !== 'null');
}

/** The scalar kind a hostile value should imitate for this field. */
export function kindOf(
  s: JsonSchema,
): 'integer' | 'number' | 'string' | 'boolean' | 'array' | 'object' | 'any' {
  const v = variants(s);
  const first = v.find((x) => x.type || 'const' in x || x.enum);
  if (!first) return 'any';
  if (first.type) return first.type === 'null' ? 'any' : first.type;
  const sample = 'const' in first ? first.const : first.enum?.[0];
  return typeof sample === 'number' ? 'integer' : typeof sample === 'boolean' ? 'boolean' : 'string';
}

/** Free text: a string the contract constrains by length only, where any character may reach the handler. */
export function isFreeText(s: JsonSchema): boolean {
  return variants(s).some(
    (x) => x.type === 'string' && !x.pattern && !x.format && !x.enum && !('const' in x),
  );
}

/** Fields whose values are record ids by the project's naming: `id`, `fooId`, `fooIds`. */
export const isIdName = (name: string) => /^(id|ids|\w+Id|\w+Ids)$/.test(name);
