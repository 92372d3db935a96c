import { createContext, useContext } from 'react';
import kitEn from './locales/en.ts';
import kitZh, { type KitKey } from './locales/zh.ts';

/**
 * A few dozen texts in two languages do not need i18next: both dictionaries ship with the page (≈ 3 KB gzip).
 * The choice is shared with the console (localStorage `language`); without one, the browser's language decides.
 * The kit holds the language; each family declares its texts once with `phoneTexts` and gets a typed `t` that
 * also knows the kit's keys.
 */
export type Lang = 'zh' | 'en';
const STORAGE_KEY = 'language';

export function initialLang(): Lang {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored === 'zh' || stored === 'en') return stored;
  } catch {}
  return navigator.language?.toLowerCase().startsWith('zh') === false ? 'en' : 'zh';
}

export function storeLang(lang: Lang) {
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {}
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
}

export type Translate<K extends string> = (key: K, vars?: Record<string, string | number>) => string;

export const translator =
  <K extends string>(dict: Record<K, string>): Translate<K> =>
  (key, vars) =>
    dict[key].replace(/\{(\w+)\}/g, (m, name: string) => (vars && name in vars ? String(vars[name]) : m));

export const LangContext = createContext<{ lang: Lang; setLang(l: Lang): void }>({
  lang: 'zh',
  setLang: () => {},
});

/**
 * A family's texts: `zh` is the source of its keys, `en` must have every one. The translators, per language, over
 * the family's keys and the kit's; the family's hook is `() => useTexts(ITS_TEXTS)`.
 */
export function phoneTexts<K extends string>(dicts: Record<Lang, Record<K, string>>) {
  return {
    zh: translator<K | KitKey>({ ...kitZh, ...dicts.zh }),
    en: translator<K | KitKey>({ ...kitEn, ...dicts.en }),
  } satisfies Record<Lang, Translate<K | KitKey>>;
}

/** `{ lang, setLang, t }` for the page's current language. */
export function useTexts<K extends string>(texts: Record<Lang, Translate<K>>) {
  const { lang, setLang } = useContext(LangContext);
  return { lang, setLang, t: texts[lang] };
}

const KIT_TEXTS = phoneTexts<never>({ zh: {}, en: {} });
/** The kit's own components use this (header, footer, refusals). */
export const useKitTexts = () => useTexts(KIT_TEXTS);
