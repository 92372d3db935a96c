import { type FrontInfo, layoutMenus, type MenuNode } from '@fpy/contracts';
import type { ConsolePage, FeatureRoute } from '../shell/console-page.ts';

/** The layout pages (spec §2.11), in the order the first-allowed-page rule tries them. */
const LAYOUT_ORDER = layoutMenus.map((m) => m.code);

function indexMenus(nodes: MenuNode[], into = new Map<string, MenuNode[]>()): Map<string, MenuNode[]> {
  for (const node of nodes) {
    into.set(node.code, [...(into.get(node.code) ?? []), node]);
    indexMenus(node.children, into);
  }
  return into;
}

/**
 * Spec §4 route generation: keep a route when the served menu tree holds its code (the layout pages are in it
 * for the accounts that have them); take title and icon from the matching menu node (the same code may appear
 * in two groups, so the path decides).
 */
export function resolvePages(routes: FeatureRoute[], profile: FrontInfo): ConsolePage[] {
  const byCode = indexMenus(profile.menus);
  const pages: ConsolePage[] = [];
  for (const route of routes) {
    const candidates = byCode.get(route.code) ?? [];
    const node = candidates.find((n) => n.path === route.path) ?? candidates[0];
    if (!node) continue;
    pages.push({
      code: route.code,
      path: route.path,
      element: route.element,
      title: node.title,
      titleEn: node.titleEn,
      icon: node.icon,
    });
  }
  const rank = (p: ConsolePage) => {
    const i = LAYOUT_ORDER.indexOf(p.code);
    return i >= 0 ? i : LAYOUT_ORDER.length;
  };
  return pages.sort((a, b) => rank(a) - rank(b));
}

/** Where /cloudConsole lands: the first layout page (首页), else the first permitted one. */
export function firstAllowedPath(pages: ConsolePage[]): string {
  return pages.find((p) => !p.path.includes(':'))?.path ?? '/404';
}
