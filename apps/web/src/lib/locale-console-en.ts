import { type LocaleModule, mergeLocales } from './locale-merge.ts';

/**
 * The console's English texts (shell, features, entities, crud), merged: fetched with the console (app/router.tsx),
 * never by the login page. The buyer pages (buyer/) are another entry with their own texts.
 */
export default mergeLocales(
  import.meta.glob<LocaleModule>(
    [
      '../shell/**/locales/en.ts',
      '../features/**/locales/en.ts',
      '../entities/**/locales/en.ts',
      '../crud/**/locales/en.ts',
    ],
    { eager: true },
  ),
);
