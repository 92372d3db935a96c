import { createContext, useContext } from 'react';
import en from './locales/en.ts';
import zh, { type BuyerKey } from './locales/zh.ts';

/**
 * A few dozen texts in two languages do not need i18next: both dictionaries ship with the page (≈ 3 KB gzip).
 * The choice is shared with the console (localStorage `language`); without one, the browser's language decides.
 */
export type Lang = 'zh' | 'en';
const DICTS: Record<Lang, Record<BuyerKey, string>> = { zh, en };
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

export type T = (key: BuyerKey, vars?: Record<string, string | number>) => string;

export const translator =
  (lang: Lang): T =>
  (key, vars) =>
    DICTS[lang][key].replace(/\{(\w+)\}/g, (m, name: string) =>
      vars && name in vars ? String(vars[name]) : m,
    );

export const LangContext = createContext<{ lang: Lang; t: T; setLang(l: Lang): void }>({
  lang: 'zh',
  t: translator('zh'),
  setLang: () => {},
});

export const useI18n = () => useContext(LangContext);
