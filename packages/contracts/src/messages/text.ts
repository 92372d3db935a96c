/** The two languages the product speaks; zh is the default (spec: a Chinese product, English complete). */
export type Lang = 'zh' | 'en';

/** One catalogue entry: the same message in both languages, parameters written `{name}`. */
export interface MessageText {
  readonly zh: string;
  readonly en: string;
}

/**
 * A parameter that is itself language-dependent (a status label, a field name, a reason passed through from the
 * tax engine): resolved with the rest of the message, so a throw site never decides the language.
 */
export class LocalText {
  constructor(
    readonly zh: string,
    readonly en: string,
  ) {}
  in(lang: Lang): string {
    return lang === 'en' ? this.en : this.zh;
  }
  toString(): string {
    return this.zh;
  }
}

/** A bilingual parameter value; `local('草稿', 'draft')`. */
export const local = (zh: string, en: string) => new LocalText(zh, en);

export type ParamValue = string | number | LocalText;

/** The names in `{name}` placeholders of a message, as a union type (never when there are none). */
export type ParamNames<S extends string> = S extends `${string}{${infer P}}${infer Rest}`
  ? P | ParamNames<Rest>
  : never;

/** Placeholder names of a runtime string, in order of first appearance. */
export function paramNamesOf(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))];
}

export function fillText(text: string, params: Readonly<Record<string, ParamValue>> | undefined, lang: Lang) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = params[name];
    if (v === undefined) return whole;
    return v instanceof LocalText ? v.in(lang) : String(v);
  });
}

/**
 * The request's language: the console's own choice (`X-Locale: zh-CN|en-US`) first, else the browser's
 * `Accept-Language` (highest q among the two we speak), else Chinese.
 */
export function pickLang(xLocale?: string | null, acceptLanguage?: string | null): Lang {
  const own = xLocale?.trim().toLowerCase();
  if (own?.startsWith('en')) return 'en';
  if (own?.startsWith('zh')) return 'zh';
  if (!acceptLanguage) return 'zh';
  let best: { lang: Lang; q: number } | undefined;
  for (const part of acceptLanguage.split(',').slice(0, 20)) {
    const [tag, ...rest] = part.trim().toLowerCase().split(';');
    const qParam = rest.map((r) => r.trim()).find((r) => r.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!(q > 0)) continue;
    const lang: Lang | undefined = tag.startsWith('en') ? 'en' : tag.startsWith('zh') ? 'zh' : undefined;
    if (lang && (!best || q > best.q)) best = { lang, q };
  }
  return best?.lang ?? 'zh';
}

/** Any CJK ideograph or full-width punctuation: an English text must contain none. */
export const CJK_RE = /[\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]/;
