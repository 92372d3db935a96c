import { phoneTexts, type Translate, useTexts } from '../kit/i18n.ts';
import type { KitKey } from '../kit/locales/zh.ts';
import en from './locales/en.ts';
import zh, { type ApplyKey } from './locales/zh.ts';

/**
 * The entry's shared texts on top of the kit's. A sub-folder (order/, title/, wallet/, board/) declares its own
 * with `phoneTexts` and may spread these in (`{ ...applyZh, ...its }`) to name the brand.
 */
const TEXTS = phoneTexts<ApplyKey>({ zh, en });
export const useApplyTexts = () => useTexts(TEXTS);
export type ApplyT = Translate<ApplyKey | KitKey>;
export { en as applyEn, zh as applyZh };
