import { phoneTexts, type Translate, useTexts } from '../../kit/i18n.ts';
import type { KitKey } from '../../kit/locales/zh.ts';
import { applyEn, applyZh } from '../i18n.ts';
import type { ApplyKey } from '../locales/zh.ts';
import en from './locales/en.ts';
import zh, { type WalletKey } from './locales/zh.ts';

const TEXTS = phoneTexts<WalletKey | ApplyKey>({ zh: { ...applyZh, ...zh }, en: { ...applyEn, ...en } });
export const useWalletTexts = () => useTexts(TEXTS);
export type WalletT = Translate<WalletKey | ApplyKey | KitKey>;
