import i18n from 'i18next';
import Cookies from 'js-cookie';
import { initReactI18next, useTranslation } from 'react-i18next';

export type Language = 'zh' | 'en';
export const LANGUAGES: Language[] = ['zh', 'en'];
const STORAGE_KEY = 'language';

type Bundle = () => Promise<{ default: object }>;

/**
 * Chunks per language (each merges folders' locales/<lang>.ts): only the languages in use are downloaded, so
 * Chinese users never fetch the English texts. The login path's texts (app, lib, public) and the console's
 * (shell, features, entities, crud) are separate chunks: the login page does not carry every page's texts.
 */
const BUNDLES: Record<Language, Bundle> = {
  zh: () => import('./locale-bundle-zh.ts'),
  en: () => import('./locale-bundle-en.ts'),
};
const CONSOLE_BUNDLES: Record<Language, Bundle> = {
  zh: () => import('./locale-console-zh.ts'),
  en: () => import('./locale-console-en.ts'),
};
const loaded = new Map<string, Promise<void>>();
/** Set once the console is entered: from then on a language switch loads the console's texts too. */
let withConsole = false;

function loadResources(lang: Language, part: 'base' | 'console'): Promise<void> {
  const key = `${part}:${lang}`;
  let pending = loaded.get(key);
  if (!pending) {
    pending = (part === 'base' ? BUNDLES : CONSOLE_BUNDLES)[lang]().then((m) => {
      i18n.addResourceBundle(lang, 'translation', m.default, true, true);
    });
    loaded.set(key, pending);
  }
  return pending;
}

/** English falls back to Chinese for any key a folder forgot, so zh is always present. */
function ensureLanguage(lang: Language): Promise<void> {
  const langs: Language[] = lang === 'en' ? ['zh', 'en'] : ['zh'];
  const parts = withConsole ? (['base', 'console'] as const) : (['base'] as const);
  return Promise.all(langs.flatMap((l) => parts.map((p) => loadResources(l, p)))).then(() => {});
}

/**
 * dayjs and its Chinese names come with the console, the only place that shows month or weekday names: the login
 * page stays without them (its budget, scripts/bench/bundle-size.ts).
 */
let dayjsLocale: Promise<(lang: Language) => void> | undefined;

/** The console's texts in the current language (app/router.tsx awaits it before the console renders). */
export function loadConsoleTexts(): Promise<void> {
  withConsole = true;
  dayjsLocale ??= import('./dayjs-locale.ts').then((m) => m.setDayjsLocale);
  const lang = currentLanguage();
  return Promise.all([ensureLanguage(lang), dayjsLocale.then((set) => set(lang))]).then(() => {});
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
  void dayjsLocale?.then((set) => set(lang));
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
