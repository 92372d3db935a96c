import { type LocaleModule, mergeLocales } from './locale-merge.ts';

/** Every folder's English texts, merged; i18n.ts imports this chunk only for English users. */
export default mergeLocales(import.meta.glob<LocaleModule>('../**/locales/en.ts', { eager: true }));
