import { phoneTexts, type Translate, useTexts } from '../../kit/i18n.ts';
import type { KitKey } from '../../kit/locales/zh.ts';
import { applyEn, applyZh } from '../i18n.ts';
import type { ApplyKey } from '../locales/zh.ts';
import en from './locales/en.ts';
import zh, { type TitleKey } from './locales/zh.ts';

const TEXTS = phoneTexts<TitleKey | ApplyKey>({ zh: { ...applyZh, ...zh }, en: { ...applyEn, ...en } });
export const useTitleTexts = () => useTexts(TEXTS);
export type TitleT = Translate<TitleKey | ApplyKey | KitKey>;
