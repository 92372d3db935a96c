import type { FrontInfo, MenuNode } from '@fpy/contracts';
import type { ConsolePage } from '../shell/console-page.ts';
import type { FeatureRoute } from './feature-route.ts';

/** Pages every logged-in user has, in the order the first-allowed-page rule tries them. */
const ALWAYS_ORDER = [
  'dashboard',
  'personalInformation',
  'companyCenter',
  'individuation',
  'receiptsOperation',
];

function indexMenus(nodes: MenuNode[], into = new Map<string, MenuNode[]>()): Map<string, MenuNode[]> {
  for (const node of nodes) {
    into.set(node.code, [...(into.get(node.code) ?? []), node]);
    indexMenus(node.children, into);
  }
  return into;
}

/**
 * Spec §4 route generation: keep a route when it is always available or the user holds its code; take title
 * and icon from the matching menu node (the same code may appear in two groups, so the path decides).
 * Routes with neither are dropped.
 */
export function resolvePages(routes: FeatureRoute[], profile: FrontInfo): ConsolePage[] {
  const byCode = indexMenus(profile.menus);
  const pages: ConsolePage[] = [];
  for (const route of routes) {
    if (route.when && !route.when(profile)) continue;
    const candidates = byCode.get(route.code) ?? [];
    const node = candidates.find((n) => n.path === route.path) ?? candidates[0];
    if (!node && !route.always) continue;
    pages.push({
      code: route.code,
      path: route.path,
      element: route.element,
      title: node?.title,
      titleEn: node?.titleEn,
      icon: node?.icon ?? null,
      always: route.always === true,
    });
  }
  const rank = (p: ConsolePage) => {
    const i = ALWAYS_ORDER.indexOf(p.code);
    return p.always && i >= 0 ? i : ALWAYS_ORDER.length;
  };
  return pages.sort((a, b) => rank(a) - rank(b));
}

/** Where /cloudConsole lands: the first always-available page, else the first permitted one. */
export function firstAllowedPath(pages: ConsolePage[]): string {
  return pages.find((p) => !p.path.includes(':'))?.path ?? '/404';
}
