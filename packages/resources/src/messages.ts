import { textProblem } from '@fpy/contracts';
import type { z } from 'zod';
import type { ResourceMeta } from './define.ts';

export type Lang = 'zh' | 'en';

type Issue = z.core.$ZodRawIssue & {
  input?: unknown;
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
};

/**
 * One message per validation problem, naming the field by its label, in the words of spec §5
 * (输入内容不能超过N个字符). Server and web form share it, so a rule reads the same in both places.
 */
export function issueMessage(iss: Issue, label: string, lang: Lang): string {
  const zh = lang === 'zh';
  const missing = iss.input === undefined || iss.input === null;
  switch (iss.code) {
    case 'invalid_type':
      if (missing) return zh ? `请输入${label}` : `${label} is required`;
      return zh ? `${label}的类型不正确` : `${label} has the wrong type`;
    case 'too_small':
      if (iss.origin === 'string') {
        if (Number(iss.minimum) <= 1) return zh ? `请输入${label}` : `${label} is required`;
        return zh ? `${label}至少${iss.minimum}个字符` : `${label} needs at least ${iss.minimum} characters`;
      }
      return zh ? `${label}不能小于${iss.minimum}` : `${label} must be at least ${iss.minimum}`;
    case 'too_big':
      if (iss.origin === 'string')
        return zh
          ? `${label}不能超过${iss.maximum}个字符`
          : `${label} must not exceed ${iss.maximum} characters`;
      return zh ? `${label}不能大于${iss.maximum}` : `${label} must be at most ${iss.maximum}`;
    case 'invalid_format':
      return zh ? `${label}格式不正确` : `${label} is not in the right format`;
    case 'invalid_value':
      return zh ? `${label}的取值不在可选范围内` : `${label} is not one of the allowed values`;
    case 'not_multiple_of':
      return zh ? `${label}必须是整数` : `${label} must be a whole number`;
    default:
      return zh ? `${label}不合法` : `${label} is invalid`;
  }
}

/**
 * The same schema, but every issue it (or a wrapped inner schema) raises is worded by issueMessage.
 * A message written on a check itself (`.regex(re, '只能包含字母')`) still wins: zod prefers the check's own.
 */
export function labelled<T extends z.ZodType>(schema: T, label: string, lang: Lang): T {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  const next: Record<string, unknown> = { ...def, error: (iss: Issue) => issueMessage(iss, label, lang) };
  // optional/nullable/default wrap the real schema: its issues carry the inner schema, so label that too.
  for (const inner of ['innerType', 'in', 'out'] as const) {
    if (def[inner]) next[inner] = labelled(def[inner] as z.ZodType, label, lang);
  }
  return schema.clone(next as never) as T;
}

const cache = new WeakMap<ResourceMeta, Map<string, z.ZodType>>();

/** A field's schema worded for a language; cached so forms do not rebuild schemas on every render. */
export function fieldSchema(meta: ResourceMeta, key: string, lang: Lang): z.ZodType | undefined {
  const f = meta.fields[key];
  if (!f?.schema) return undefined;
  let byKey = cache.get(meta);
  if (!byKey) {
    byKey = new Map();
    cache.set(meta, byKey);
  }
  const id = `${key}:${lang}`;
  let s = byKey.get(id);
  if (!s) {
    s = labelled(f.schema, f.label[lang], lang);
    // Rich text and image keys are text too: the same refusal of control and broken characters.
    if (f.type === 'string' || f.type === 'richText' || f.type === 'image')
      s = cleanTextOnly(s, f.label[lang], lang, f.widget === 'textarea' || f.type === 'richText');
    byKey.set(id, s);
  }
  return s;
}

/**
 * Every declared text field refuses NUL, other control characters (line breaks only in a textarea) and broken
 * characters, whatever its own schema says, so a new resource cannot forget it.
 */
function cleanTextOnly(schema: z.ZodType, label: string, lang: Lang, allowNewlines: boolean): z.ZodType {
  return schema.superRefine((v, ctx) => {
    if (typeof v !== 'string') return;
    const problem = textProblem(v, allowNewlines);
    if (problem)
      ctx.addIssue({
        code: 'custom',
        message: lang === 'zh' ? label + problem : `${label} contains a control or invalid character`,
      });
  });
}
