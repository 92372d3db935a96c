import type { ComponentType, LazyExoticComponent } from 'react';
import type { Language } from '../lib/i18n.ts';
import i18n from '../lib/i18n.ts';

/** A console route the current user may open, with its menu title and icon resolved. */
export interface ConsolePage {
  code: string;
  path: string;
  element: LazyExoticComponent<ComponentType<any>>;
  /** From the server's menu node; without one the `menu.<code>` i18n key. */
  title?: string;
  titleEn?: string;
  icon: string | null;
}

export function pageTitle(page: ConsolePage, lang: Language): string {
  if (lang === 'en' && page.titleEn) return page.titleEn;
  if (lang === 'zh' && page.title) return page.title;
  return i18n.t(`menu.${page.code}`, { defaultValue: page.title ?? page.code });
}
