import type { ComponentType, LazyExoticComponent } from 'react';
import type { Language } from '../lib/i18n.ts';
import i18n from '../lib/i18n.ts';

/**
 * What each `features/<area>/<domain>/routes.ts` exports as `routes`. The console keeps a route only when its
 * `code` is among the menu codes the server serves the user (spec §4 route generation) — the layout pages of
 * §2.11 (首页, 安全设置, 基本信息, 个性化) included, by their rules in packages/contracts `layout-menus.ts`; title
 * and icon come from the matching menu node, so they are not declared here. Declared in shell/, below the
 * features, so that a feature never imports app/ (app/ collects the routes, never the other way).
 */
export interface FeatureRoute {
  /** The menu code (authority key) of spec §2.12, e.g. 'userManager'. */
  code: string;
  /** Absolute console path, e.g. '/orgManager/userManager'; may contain params like ':id'. */
  path: string;
  element: LazyExoticComponent<ComponentType<any>>;
}

/** A console route the current user may open, with its menu title and icon resolved. */
export interface ConsolePage extends FeatureRoute {
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
