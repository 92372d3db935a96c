import type { FeatureRoute } from '../shell/console-page.ts';

export { firstAllowedPath, resolvePages } from './resolve-pages.ts';

const modules = import.meta.glob<{ routes: FeatureRoute[] }>('../features/*/*/routes.ts', { eager: true });

/** Every console route any feature declares, in a stable order. */
export const featureRoutes: FeatureRoute[] = Object.keys(modules)
  .sort()
  .flatMap((key) => modules[key].routes ?? []);
