import { z } from 'zod';

type Json = Record<string, unknown>;
type OverrideCtx = { zodSchema: unknown; jsonSchema: Json };

/**
 * For input, zod documents a pipe by its input side: `sort` (any text in, one of the sortable keys out) would
 * read as free text. When the output side is a closed set, the document names it, so clients and the attack
 * walk know the keys.
 */
function closedPipeOutput(ctx: OverrideCtx) {
  const def = (ctx.zodSchema as { _zod: { def: { type: string; out?: { _zod: { def: any } } } } })._zod.def;
  if (def.type !== 'pipe' || !def.out) return;
  const out = def.out._zod.def;
  if (out.type === 'enum') ctx.jsonSchema.enum = Object.values(out.entries);
  else if (out.type === 'literal') ctx.jsonSchema.enum = [...out.values];
}

function hasRef(node: unknown, ref: string): boolean {
  if (Array.isArray(node)) return node.some((x) => hasRef(x, ref));
  if (!node || typeof node !== 'object') return false;
  const o = node as Json;
  return o.$ref === ref || Object.values(o).some((v) => hasRef(v, ref));
}

/** Rewrites every `$ref` in `node` through `rename` (deep, in place). */
function rewriteRefs(node: unknown, rename: (ref: string) => string): void {
  if (Array.isArray(node)) for (const x of node) rewriteRefs(x, rename);
  else if (node && typeof node === 'object') {
    const o = node as Json;
    if (typeof o.$ref === 'string') o.$ref = rename(o.$ref);
    for (const v of Object.values(o)) rewriteRefs(v, rename);
  }
}

/**
 * Turns zod schemas into OpenAPI 3.1 schemas whose references resolve. zod converts a recursive schema (menu,
 * department and grant trees) with local `$defs` and `#/$defs/__schema0` references, which resolve only inside
 * that schema — tools reading the document (Redocly, openapi-typescript) look for them at the document root.
 * Each such definition moves to `components/schemas` under a name derived from its operation, identical
 * definitions share one name, and the references point there.
 */
export class SchemaComponents {
  readonly schemas: Record<string, Json> = {};
  private byShape = new Map<string, string>();

  convert(s: z.ZodType, io: 'input' | 'output', name: string): Json {
    let js: Json;
    try {
      js = z.toJSONSchema(s, {
        io,
        unrepresentable: 'any',
        ...(io === 'input' ? { override: closedPipeOutput } : {}),
      }) as Json;
    } catch {
      return {};
    }
    delete js.$schema;
    const defs = (js.$defs ?? {}) as Record<string, Json>;
    delete js.$defs;
    const names = new Map<string, string>();
    for (const key of Object.keys(defs))
      names.set(key, this.freeName(`${name}${key.startsWith('__') ? 'Node' : key}`));
    const rename = (ref: string) => {
      const m = /^#\/\$defs\/(.+)$/.exec(ref);
      return m && names.has(m[1]) ? `#/components/schemas/${names.get(m[1])}` : ref;
    };
    rewriteRefs(js, rename);
    for (const [key, def] of Object.entries(defs)) {
      rewriteRefs(def, rename);
      this.add(names.get(key) as string, def, js);
    }
    // A schema that is itself recursive refers to its own root as `#`: it becomes a component of its own.
    if (hasRef(js, '#')) {
      const own = this.freeName(name);
      rewriteRefs(js, (ref) => (ref === '#' ? `#/components/schemas/${own}` : ref));
      const holder: Json = { $ref: `#/components/schemas/${own}` };
      this.add(own, js, holder);
      return holder;
    }
    return js;
  }

  /** Adds `def` as `wanted`, or points the references in `from` at an identical component added before. */
  private add(wanted: string, def: Json, from: Json) {
    const shape = JSON.stringify(def);
    // A self-referencing definition names itself inside, so identical trees differ only by name: compare
    // with the name blanked to share one component.
    const blank = shape.replaceAll(`#/components/schemas/${wanted}"`, '#SELF"');
    const target = this.byShape.get(shape) ?? this.byShape.get(blank);
    if (target) {
      const mine = `#/components/schemas/${wanted}`;
      rewriteRefs(from, (ref) => (ref === mine ? `#/components/schemas/${target}` : ref));
      return;
    }
    this.schemas[wanted] = def;
    this.byShape.set(shape, wanted);
    this.byShape.set(blank, wanted);
  }

  private freeName(base: string): string {
    const clean = base.replace(/[^A-Za-z0-9_.-]/g, '');
    let name = clean;
    for (let i = 2; this.schemas[name]; i++) name = `${clean}${i}`;
    return name;
  }
}
