import { phoneTexts, type Translate, useTexts } from '../../kit/i18n.ts';
import type { KitKey } from '../../kit/locales/zh.ts';
import { applyEn, applyZh } from '../i18n.ts';
import type { ApplyKey } from '../locales/zh.ts';
import en from './locales/en.ts';
import zh, { type BoardKey } from './locales/zh.ts';

const TEXTS = phoneTexts<BoardKey | ApplyKey>({ zh: { ...applyZh, ...zh }, en: { ...applyEn, ...en } });
export const useBoardTexts = () => useTexts(TEXTS);
export type BoardT = Translate<BoardKey | ApplyKey | KitKey>;
