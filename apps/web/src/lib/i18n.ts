import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18n from 'i18next';
import Cookies from 'js-cookie';
import { initReactI18next, useTranslation } from 'react-i18next';

export type Language = 'zh' | 'en';
export const LANGUAGES: Language[] = ['zh', 'en'];
const STORAGE_KEY = 'language';

type Tree = { [key: string]: string | Tree };
type LocaleModule = { default: Tree };

/**
 * Every folder ships locales/zh.ts and locales/en.ts, each `export default { <namespace>: {...} }`;
 * they are merged into one resource tree per language so keys read `namespace.key` everywhere.
 */
const modules = import.meta.glob<LocaleModule>('../**/locales/{zh,en}.ts', { eager: true });

function deepMerge(target: Tree, source: Tree): Tree {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (typeof value === 'object' && typeof existing === 'object') deepMerge(existing, value);
    else target[key] = typeof value === 'object' ? deepMerge({}, value) : value;
  }
  return target;
}

function buildResources(): Record<Language, { translation: Tree }> {
  const zh: Tree = {};
  const en: Tree = {};
  // Sorted so a later-declared override wins deterministically rather than by bundler order.
  for (const path of Object.keys(modules).sort()) {
    const lang = path.endsWith('/en.ts') ? en : zh;
    deepMerge(lang, modules[path].default ?? {});
  }
  return { zh: { translation: zh }, en: { translation: en } };
}

function isLanguage(value: unknown): value is Language {
  return value === 'zh' || value === 'en';
}

export function storedLanguage(): Language {
  const fromStorage = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
  if (isLanguage(fromStorage)) return fromStorage;
  const fromCookie = Cookies.get(STORAGE_KEY);
  return isLanguage(fromCookie) ? fromCookie : 'zh';
}

function applySideEffects(lang: Language): void {
  dayjs.locale(lang === 'zh' ? 'zh-cn' : 'en');
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
}

const initial = storedLanguage();
void i18n.use(initReactI18next).init({
  resources: buildResources(),
  lng: initial,
  fallbackLng: 'zh',
  interpolation: { escapeValue: false },
  returnNull: false,
});
applySideEffects(initial);

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'zh';
}

export async function setLanguage(lang: Language): Promise<void> {
  localStorage.setItem(STORAGE_KEY, lang);
  Cookies.set(STORAGE_KEY, lang, { expires: 365, sameSite: 'lax' });
  applySideEffects(lang);
  await i18n.changeLanguage(lang);
}

/** Re-renders on language change. */
export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  return isLanguage(instance.language) ? instance.language : 'zh';
}

/** Menu titles come from the server in both languages. */
export function localizedTitle(node: { title: string; titleEn?: string | null }, lang: Language): string {
  return lang === 'en' && node.titleEn ? node.titleEn : node.title;
}

export default i18n;
