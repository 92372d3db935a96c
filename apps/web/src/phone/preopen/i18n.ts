import { phoneTexts, type Translate, useTexts } from '../kit/i18n.ts';
import type { KitKey } from '../kit/locales/zh.ts';
import en from './locales/en.ts';
import zh, { type PreopenKey } from './locales/zh.ts';

/** The pre-issue review pages' texts on top of the kit's. */
const TEXTS = phoneTexts<PreopenKey>({ zh, en });
export const useI18n = () => useTexts(TEXTS);
export type T = Translate<PreopenKey | KitKey>;
