import type { Catalog, CatalogEntry } from '../tax-codes/index.ts';
import { bigrams, words } from './segmenter.ts';

/** Field weights: the name says most, descriptions list many members, ancestors give the family. */
const FIELD = { name: 3, keywords: 3, description: 1, shortName: 0.7, parent: 0.7, bigram: 0.4 };
const K1 = 1.2;
const B = 0.4;

/**
 * The part of a description that says what a leaf holds: what follows 不包括 names other leaves' goods
 * (餐饮用玻璃器皿 不包括 办公室…用玻璃器具), so its words must not count for this one; table-knowledge.ts reads
 * them as the leaf's exclusions instead.
 */
const included = (description: string) =>
  description.replace(/[（(]不包括[^）)]*[）)]/g, '').replace(/不包括[^。；]*[。；]?/g, '');

export interface Posting {
  doc: number;
  tf: number;
}

/**
 * BM25 over the usable codes of the table (≈3.4k documents), built once per table version. Terms are jieba
 * search-mode words of each field plus character bigrams of the name; weights stand in for field boosts.
 */
export class Bm25Index {
  readonly docs: CatalogEntry[];
  private readonly postings = new Map<string, Posting[]>();
  private readonly lengths: number[] = [];
  private readonly avgLength: number;

  constructor(catalog: Catalog) {
    this.docs = catalog.usable();
    this.docs.forEach((e, doc) => {
      const tf = new Map<string, number>();
      const add = (terms: string[], w: number) => {
        for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + w);
      };
      const lower = (s: string) => s.toLowerCase();
      add(words(lower(e.name)), FIELD.name);
      add(bigrams(e.name), FIELD.bigram);
      add(words(lower(e.keywords)), FIELD.keywords);
      add(words(lower(included(e.description))), FIELD.description);
      add(words(lower(e.shortName)), FIELD.shortName);
      const parent = e.parentCode ? catalog.get(e.parentCode) : undefined;
      if (parent) add(words(lower(parent.name)), FIELD.parent);
      let length = 0;
      for (const [term, n] of tf) {
        length += n;
        const list = this.postings.get(term) ?? [];
        list.push({ doc, tf: n });
        this.postings.set(term, list);
      }
      this.lengths.push(length);
    });
    this.avgLength = this.lengths.reduce((a, b) => a + b, 0) / Math.max(1, this.lengths.length);
  }

  idf(term: string): number {
    const n = this.postings.get(term)?.length ?? 0;
    return Math.log(1 + (this.docs.length - n + 0.5) / (n + 0.5));
  }

  /** Adds weight × BM25(term) to every document containing the term. */
  score(term: string, weight: number, into: Float64Array, seen?: Map<number, Set<string>>, label = term) {
    const list = this.postings.get(term);
    if (!list) return;
    const idf = this.idf(term);
    for (const { doc, tf } of list) {
      const norm = tf + K1 * (1 - B + (B * this.lengths[doc]) / this.avgLength);
      into[doc] += weight * idf * ((tf * (K1 + 1)) / norm);
      if (seen) {
        const s = seen.get(doc) ?? new Set<string>();
        s.add(label);
        seen.set(doc, s);
      }
    }
  }
}
