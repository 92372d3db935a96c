import { type LocaleModule, mergeLocales } from './locale-merge.ts';

/** Every folder's Chinese texts, merged; i18n.ts imports this chunk on demand. */
export default mergeLocales(import.meta.glob<LocaleModule>('../**/locales/zh.ts', { eager: true }));
