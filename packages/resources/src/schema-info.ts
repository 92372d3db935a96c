import type { z } from 'zod';

type Check = { _zod: { def: { check: string; maximum?: number; minimum?: number; value?: number } } };
type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; checks?: Check[] };

/** The schema under optional/nullable/default/pipe wrappers: where its limits are recorded. */
function core(schema: z.ZodType): z.ZodType {
  let s = schema;
  for (let i = 0; i < 8; i++) {
    const def = (s as unknown as { _zod: { def: Def } })._zod.def;
    const next = def.innerType ?? def.in;
    if (!next) break;
    s = next;
  }
  return s;
}

/** Limits a form input can show before the user ever submits (maxLength, min/max of numbers). */
export function schemaLimits(schema: z.ZodType): { maxLength?: number; min?: number; max?: number } {
  const def = (core(schema) as unknown as { _zod: { def: Def } })._zod.def;
  const out: { maxLength?: number; min?: number; max?: number } = {};
  for (const c of def.checks ?? []) {
    const d = c._zod.def;
    if (d.check === 'max_length') out.maxLength = d.maximum;
    else if (d.check === 'greater_than') out.min = d.value;
    else if (d.check === 'less_than') out.max = d.value;
  }
  return out;
}

/** A field must be filled in when its schema refuses "nothing" (no optional, no default). */
export const isRequired = (schema: z.ZodType) => !schema.safeParse(undefined).success;
