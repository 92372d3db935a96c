import type { z } from 'zod';
import type { MessageText } from './messages/text.ts';

/**
 * Vendor settings drawn as one form (issue 29 §2). Each vendor kind's settings are a zod schema (what the server
 * validates and stores); beside it, per field, the meta a form needs and a schema cannot say: its words in both
 * languages, help, a placeholder, its width, what a new account starts with. Length, required-ness, number
 * bounds, choices and switches are read from the schema itself, so no fact is stated twice.
 */
export interface FieldMeta {
  label: MessageText;
  help?: MessageText;
  placeholder?: string;
  /** Columns of 24 (default 24). */
  span?: number;
  /** What a new account starts with when the schema's default is not the sensible first choice. */
  initial?: string | number | boolean;
  /** A secret that must be typed when the account is created (never shown again: answers carry the mask). */
  requiredOnCreate?: boolean;
  /** The words when the value does not pass the schema (default: "please enter" / "not valid" with the label). */
  invalid?: MessageText;
}

export type SettingsInput = 'text' | 'secret' | 'email' | 'number' | 'switch' | 'select';

/** One field as a form draws it: the meta plus what the schema says. */
export interface SettingsField extends FieldMeta {
  key: string;
  input: SettingsInput;
  required: boolean;
  maxLength?: number;
  min?: number;
  max?: number;
  options?: readonly string[];
  /** The schema's own default (shown as the initial value when there is no `initial`). */
  fallback?: string | number | boolean;
  /** Validates one value as the server will (the field's own schema). */
  check: (value: unknown) => boolean;
}

type AnyField = z.ZodType;
type Def = {
  type: string;
  innerType?: AnyField;
  in?: AnyField;
  defaultValue?: unknown;
  options?: AnyField[];
};
const defOf = (s: AnyField) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The field's innermost value schema and its default, through default, optional, nullable, pipe and union. */
function core(schema: AnyField): { inner: AnyField; fallback: unknown } {
  let s = schema;
  let fallback: unknown;
  for (;;) {
    const d = defOf(s);
    if (d.type === 'default' && d.innerType) {
      fallback ??= d.defaultValue;
      s = d.innerType;
    } else if ((d.type === 'optional' || d.type === 'nullable') && d.innerType) s = d.innerType;
    else if (d.type === 'pipe' && d.in) s = d.in;
    else if (d.type === 'union' && d.options)
      s = d.options.find((o) => defOf(o).type !== 'literal') ?? d.options[0];
    else return { inner: s, fallback };
  }
}

/**
 * The fields of one vendor kind in the schema's order, each with its meta; `secrets` names the secret fields
 * (masked in answers, a password input here).
 */
export function settingsFields<S extends z.ZodObject>(
  schema: S,
  meta: { [K in keyof z.input<S>]-?: FieldMeta },
  secrets: readonly string[] = [],
): SettingsField[] {
  return Object.entries(schema.shape as Record<string, AnyField>).map(([key, field]) => {
    const { inner, fallback } = core(field);
    const v = inner as unknown as {
      maxLength?: number | null;
      minValue?: number | null;
      maxValue?: number | null;
      format?: string | null;
      options?: readonly string[];
    };
    const type = defOf(inner).type;
    const input: SettingsInput = secrets.includes(key)
      ? 'secret'
      : type === 'boolean'
        ? 'switch'
        : type === 'number'
          ? 'number'
          : type === 'enum'
            ? 'select'
            : v.format === 'email'
              ? 'email'
              : 'text';
    return {
      ...(meta as Record<string, FieldMeta>)[key],
      key,
      input,
      required: !field.safeParse(undefined).success,
      ...(v.maxLength != null ? { maxLength: v.maxLength } : {}),
      ...(type === 'number' && v.minValue != null ? { min: v.minValue } : {}),
      ...(type === 'number' && v.maxValue != null ? { max: v.maxValue } : {}),
      ...(type === 'enum' ? { options: v.options } : {}),
      ...(fallback !== undefined && fallback !== '' && fallback !== null
        ? { fallback: fallback as string | number | boolean }
        : {}),
      check: (value: unknown) => field.safeParse(value).success,
    };
  });
}

/** What a new account's settings start with: each field's `initial`, else the schema's default. */
export const initialSettings = (fields: readonly SettingsField[]): Record<string, unknown> =>
  Object.fromEntries(
    fields.flatMap((f) => {
      const v = f.initial ?? f.fallback;
      return v === undefined ? [] : [[f.key, v]];
    }),
  );
