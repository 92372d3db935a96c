export type Tree = { [key: string]: string | Tree };
export type LocaleModule = { default: Tree };

function deepMerge(target: Tree, source: Tree): Tree {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (typeof value === 'object' && typeof existing === 'object') deepMerge(existing, value);
    else target[key] = typeof value === 'object' ? deepMerge({}, value) : value;
  }
  return target;
}

/**
 * Each folder ships `locales/<lang>.ts` as `export default { <namespace>: {...} }`; they merge into one tree
 * so keys read `namespace.key` everywhere. Sorted by path so overrides do not depend on bundler order.
 */
export function mergeLocales(modules: Record<string, LocaleModule>): Tree {
  const tree: Tree = {};
  for (const path of Object.keys(modules).sort()) deepMerge(tree, modules[path].default ?? {});
  return tree;
}
