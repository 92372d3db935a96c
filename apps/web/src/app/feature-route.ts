import type { FrontInfo } from '@fpy/contracts';
import type { ComponentType, LazyExoticComponent } from 'react';

/**
 * What each `features/<area>/<domain>/routes.ts` exports as `routes`. The console keeps a route only when `always`
 * is set or its `code` is among the user's menu codes (spec §4 route generation); title and icon come from
 * the matching menu node, so they are not declared here.
 */
export interface FeatureRoute {
  /** The menu code (authority key) of spec §2.12, e.g. 'userManager'. */
  code: string;
  /** Absolute console path, e.g. '/orgManager/userManager'; may contain params like ':id'. */
  path: string;
  element: LazyExoticComponent<ComponentType<any>>;
  /** Shown to every logged-in user, whatever the menus (dashboard, personal pages). */
  always?: boolean;
  /** Extra condition on the account, e.g. personalisation only for customised tenants (spec §6). */
  when?: (profile: FrontInfo) => boolean;
}
