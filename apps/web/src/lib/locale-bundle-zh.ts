import { type LocaleModule, mergeLocales } from './locale-merge.ts';

/**
 * The Chinese texts of the login path (app, lib, public pages), merged; i18n.ts imports this chunk on demand.
 * The console's texts (shell, features, entities, crud) are locale-console-zh.ts, fetched with the console.
 */
export default mergeLocales(
  import.meta.glob<LocaleModule>(
    ['../app/**/locales/zh.ts', '../lib/**/locales/zh.ts', '../public/**/locales/zh.ts'],
    {
      eager: true,
    },
  ),
);
