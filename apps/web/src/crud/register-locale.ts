import { type ResourceMeta, resourceLocale } from '@fpy/resources';
import i18n from 'i18next';

const done = new WeakSet<ResourceMeta>();

/**
 * Resource labels are stated once, in the metadata (both languages are required by its type, so English is
 * complete by construction). They are added to i18n under resource.<name>.… when a resource page loads —
 * not through a locales/ file, which would pull zod and the contracts into the login page's first download.
 * Keys already present (a hand-written override in some locales/ file) win.
 */
export function registerResourceLocale(metas: readonly ResourceMeta[]) {
  const fresh = metas.filter((m) => !done.has(m));
  if (!fresh.length) return;
  for (const lang of ['zh', 'en'] as const) {
    i18n.addResourceBundle(lang, 'translation', { resource: resourceLocale(fresh, lang) }, true, false);
  }
  for (const m of fresh) done.add(m);
}
