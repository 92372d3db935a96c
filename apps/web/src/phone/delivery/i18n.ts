import { phoneTexts, type Translate, useTexts } from '../kit/i18n.ts';
import type { KitKey } from '../kit/locales/zh.ts';
import en from './locales/en.ts';
import zh, { type BuyerKey } from './locales/zh.ts';

/** The delivery pages' texts on top of the kit's (language, loading, refusals). */
const TEXTS = phoneTexts<BuyerKey>({ zh, en });
export const useI18n = () => useTexts(TEXTS);
export type T = Translate<BuyerKey | KitKey>;
export type { Lang } from '../kit/i18n.ts';
