import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18n from 'i18next';
import Cookies from 'js-cookie';
import { initReactI18next, useTranslation } from 'react-i18next';

export type Language = 'zh' | 'en';
export const LANGUAGES: Language[] = ['zh', 'en'];
const STORAGE_KEY = 'language';

/**
 * One chunk per language (locale-bundle-*.ts merge every folder's locales/<lang>.ts): only the languages in
 * use are downloaded, so Chinese users never fetch the English texts.
 */
const BUNDLES: Record<Language, () => Promise<{ default: object }>> = {
  zh: () => import('./locale-bundle-zh.ts'),
  en: () => import('./locale-bundle-en.ts'),
};
const loaded = new Map<Language, Promise<void>>();

function loadResources(lang: Language): Promise<void> {
  let pending = loaded.get(lang);
  if (!pending) {
    pending = BUNDLES[lang]().then((m) => {
      i18n.addResourceBundle(lang, 'translation', m.default, true, true);
    });
    loaded.set(lang, pending);
  }
  return pending;
}

/** English falls back to Chinese for any key a folder forgot, so zh is always present. */
function ensureLanguage(lang: Language): Promise<void> {
  return Promise.all([loadResources('zh'), lang === 'en' ? loadResources('en') : undefined]).then(() => {});
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

/** Resolves once the stored language's texts are in place; the app renders after it. */
export async function initI18n(): Promise<void> {
  const initial = storedLanguage();
  await i18n.use(initReactI18next).init({
    resources: {},
    lng: initial,
    fallbackLng: 'zh',
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
  await ensureLanguage(initial);
  applySideEffects(initial);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'zh';
}

export async function setLanguage(lang: Language): Promise<void> {
  await ensureLanguage(lang);
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
