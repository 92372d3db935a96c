import type { Lang } from './messages.ts';
import type { ResourceMeta } from './define.ts';

type Tree = { [key: string]: string | Tree };

/**
 * The i18n subtree of the given resources — `{ <name>: { title, fields: {…}, options: { field: { value } },
 * keyword? } }` —
 * built from the labels the metadata states once, so web locale files never repeat them.
 */
export function resourceLocale(metas: readonly ResourceMeta[], lang: Lang): Tree {
  const out: Tree = {};
  for (const m of metas) {
    const fields: Tree = {};
    const options: Tree = {};
    for (const [key, f] of Object.entries(m.fields)) {
      fields[key] = f.label[lang];
      if (Array.isArray(f.options))
        options[key] = Object.fromEntries(
          (f.options as { value: string; zh: string; en: string }[]).map((o) => [o.value, o[lang]]),
        );
    }
    out[m.name] = {
      title: m.title[lang],
      fields,
      options,
      ...(m.keyword ? { keyword: m.keyword[lang] } : {}),
      ...(m.bulk?.length ? { bulk: Object.fromEntries(m.bulk.map((v) => [v.name, v.label[lang]])) } : {}),
    };
  }
  return out;
}
