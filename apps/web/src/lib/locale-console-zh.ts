import { type LocaleModule, mergeLocales } from './locale-merge.ts';

/**
 * The console's Chinese texts (shell, features, entities, crud), merged: fetched with the console (app/router.tsx),
 * never by the login page. The buyer pages (buyer/) are another entry with their own texts.
 */
export default mergeLocales(
  import.meta.glob<LocaleModule>(
    [
      '../shell/**/locales/zh.ts',
      '../features/**/locales/zh.ts',
      '../entities/**/locales/zh.ts',
      '../crud/**/locales/zh.ts',
    ],
    { eager: true },
  ),
);
