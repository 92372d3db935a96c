import type { ComponentType, LazyExoticComponent } from 'react';

/**
 * What each `features/<area>/<domain>/routes.ts` exports as `routes`. The console keeps a route only when its
 * `code` is among the menu codes the server serves the user (spec §4 route generation) — the layout pages of
 * §2.11 (首页, 安全设置, 基本信息, 个性化) included, by their rules in packages/contracts `layout-menus.ts`; title
 * and icon come from the matching menu node, so they are not declared here.
 */
export interface FeatureRoute {
  /** The menu code (authority key) of spec §2.12, e.g. 'userManager'. */
  code: string;
  /** Absolute console path, e.g. '/orgManager/userManager'; may contain params like ':id'. */
  path: string;
  element: LazyExoticComponent<ComponentType<any>>;
}
