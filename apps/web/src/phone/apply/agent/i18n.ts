import { phoneTexts, useTexts } from '../../kit/i18n.ts';
import { applyEn, applyZh } from '../i18n.ts';
import type { ApplyKey } from '../locales/zh.ts';
import en from './locales/en.ts';
import zh, { type AgentKey } from './locales/zh.ts';

const TEXTS = phoneTexts<AgentKey | ApplyKey>({ zh: { ...applyZh, ...zh }, en: { ...applyEn, ...en } });
export const useAgentTexts = () => useTexts(TEXTS);
