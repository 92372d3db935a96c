import { type LocaleModule, mergeLocales } from './locale-merge.ts';

/** The English texts of the login path (see locale-bundle-zh.ts). */
export default mergeLocales(
  import.meta.glob<LocaleModule>(
    ['../app/**/locales/en.ts', '../lib/**/locales/en.ts', '../public/**/locales/en.ts'],
    {
      eager: true,
    },
  ),
);
