import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict';

/** Loaded once per process (the dictionary is ~5 MB); segmentation is synchronous and fast (~10 µs/name). */
let jieba: Jieba | null = null;
const instance = () => {
  jieba ??= Jieba.withDict(dict);
  return jieba;
};

/** Words that say nothing about what is sold; the table's descriptions are full of them. */
const STOP = new Set(
  '包括 其他 其它 指 等 的 和 与 及 或 用 类 以 为 在 是 不 含 对 由 其 各种 各类 以上 以下 未列明 列明 详见 主要 一般 用于 除 外 上述 所有 不包括 以及 各 种 有 该 可 其中 如 之 从 后 了 这 那 也 一种 具有 进行 相关 等等'.split(
    ' ',
  ),
);

const isUseful = (w: string) => w.trim() !== '' && !STOP.has(w) && /[\u4e00-\u9fa5a-z]/.test(w);

/** Search-mode words (笔记本电脑 → 笔记, 电脑, 笔记本, 笔记本电脑), stop words dropped. */
export function words(text: string): string[] {
  return instance().cutForSearch(text, false).filter(isUseful);
}

/**
 * Character bigrams of the Chinese runs: a safety net for words the dictionary splits differently on the
 * two sides and for one-character typos (笔记本电恼 still shares 笔记, 记本, 本电).
 */
export function bigrams(text: string): string[] {
  const out: string[] = [];
  for (const run of text.match(/[\u4e00-\u9fa5]+/g) ?? []) {
    if (run.length === 1) out.push(run);
    for (let i = 0; i + 1 < run.length; i++) out.push(run.slice(i, i + 2));
  }
  return out;
}
