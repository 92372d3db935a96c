import { phoneTexts, type Translate, useTexts } from '../kit/i18n.ts';
import type { KitKey } from '../kit/locales/zh.ts';
import en from './locales/en.ts';
import zh, { type ValidateKey } from './locales/zh.ts';

/** The identity page's texts on top of the kit's. */
const TEXTS = phoneTexts<ValidateKey>({ zh, en });
export const useI18n = () => useTexts(TEXTS);
export type T = Translate<ValidateKey | KitKey>;
