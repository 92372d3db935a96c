import type { CodingSuggestion } from '@fpy/contracts';
import type { Catalog } from '../tax-codes/catalog.ts';
import { Bm25Index } from './bm25-index.ts';
import { type LexiconRow, lexiconRows, lexiconTerms } from './lexicon.ts';
import { LexiconMatcher } from './lexicon-matcher.ts';
import { cleanName, nameKey } from './normalize.ts';
import { bigrams, words } from './segmenter.ts';

/** A tenant's remembered coding (tenant_coding_memory), as the ranking needs it. */
export interface MemoryHint {
  nameKey: string;
  name: string;
  code: string;
}

export interface CodingResult {
  name: string;
  words: string[];
  suggestions: CodingSuggestion[];
}

// Tuned on the dev set (packages/db/reference/ai-coding-dev.csv), never on the evaluation set.
const LEXICON_TERM = 15;
const LEXICON_BRAND = 7;
const WORD = 1;
const BIGRAM = 0.35;
const COVERED = 0.4;
/** Scrap (报废产品, 废…) only when the name says so: 废电脑 must not outrank 电脑. */
const SCRAP = /废|旧|回收|报废/;
const SCRAP_PENALTY = 0.3;
const MEMORY_SIMILAR = 25;
const SIMILAR_AT = 0.5;
const TEMPERATURE = 4;

/**
 * Chinese product words put the thing sold last (苹果汁 is juice, 汽车维修 is a repair), so a match near the
 * end of the name counts more than one near the start.
 */
const position = (end: number, length: number) => 0.55 + 0.45 * (length ? end / length : 1);

/**
 * 智能赋码: BM25 over the table plus the curated lexicon, boosted by the tenant's own confirmations.
 * Pure and synchronous (no I/O): one instance per table version, shared by requests and batch jobs.
 */
export class Coder {
  private readonly index: Bm25Index;
  private readonly matcher: LexiconMatcher;
  private readonly docOf = new Map<string, number>();
  private readonly scrapDocs: number[] = [];

  constructor(
    readonly catalog: Catalog,
    lexicon: LexiconRow[] = lexiconRows(),
  ) {
    this.index = new Bm25Index(catalog);
    this.index.docs.forEach((e, i) => {
      this.docOf.set(e.code, i);
      if (e.code.startsWith('111') || e.name.startsWith('废')) this.scrapDocs.push(i);
    });
    // A lexicon row pointing at a code this table no longer offers is ignored rather than suggested.
    this.matcher = new LexiconMatcher(lexiconTerms(lexicon).filter((t) => this.docOf.has(t.code)));
  }

  suggest(rawName: string, memory: MemoryHint[] = [], top = 3): CodingResult {
    const name = rawName.trim();
    const text = cleanName(name);
    const docs = this.index.docs;
    const scores = new Float64Array(docs.length);
    const matched = new Map<number, Set<string>>();
    const length = text.length;

    const hits = this.matcher.match(text);
    for (const h of hits) {
      const doc = this.docOf.get(h.code) as number;
      const specificity = Math.min(1.6, 0.8 + 0.2 * h.term.length);
      scores[doc] +=
        (h.kind === 'term' ? LEXICON_TERM : LEXICON_BRAND) * specificity * position(h.end, length);
      const s = matched.get(doc) ?? new Set<string>();
      s.add(h.term);
      matched.set(doc, s);
    }

    // Words the lexicon already explained count less on their own (纯牛奶 is milk, not a dairy machine).
    const covered = (at: number, len: number) => hits.some((h) => at >= h.start && at + len <= h.end);
    const queryWords = [...new Set(words(text))];
    for (const w of queryWords) {
      const at = text.lastIndexOf(w);
      const weight = WORD * position(at + w.length, length) * (covered(at, w.length) ? COVERED : 1);
      this.index.score(w, weight, scores, matched);
    }
    for (const g of new Set(bigrams(text))) {
      const at = text.lastIndexOf(g);
      this.index.score(g, BIGRAM * position(at + g.length, length), scores);
    }

    if (!SCRAP.test(text)) for (const d of this.scrapDocs) scores[d] *= SCRAP_PENALTY;

    // The tenant's confirmations: the same name wins outright; a similar one is a strong hint.
    const key = nameKey(name);
    const exact = memory.find((m) => m.nameKey === key && this.docOf.has(m.code));
    if (memory.length) {
      const mine = new Set(queryWords);
      for (const m of memory) {
        const doc = this.docOf.get(m.code);
        if (doc === undefined || m === exact) continue;
        const theirs = new Set(words(cleanName(m.name)));
        const common = [...mine].filter((w) => theirs.has(w)).length;
        const similarity = common / Math.max(1, new Set([...mine, ...theirs]).size);
        if (similarity >= SIMILAR_AT) {
          scores[doc] += MEMORY_SIMILAR * similarity;
          const s = matched.get(doc) ?? new Set<string>();
          s.add(m.name);
          matched.set(doc, s);
        }
      }
    }

    const ranked = topDocs(scores, top + 5);
    const best = ranked.length ? scores[ranked[0]] : 0;
    const denominator = ranked.reduce((sum, d) => sum + Math.exp((scores[d] - best) / TEMPERATURE), 0);
    // Little evidence overall (only a bigram or two matched) should not look certain.
    const evidence = Math.min(1, best / 12);
    const suggestions: CodingSuggestion[] = [];
    if (exact) {
      const e = docs[this.docOf.get(exact.code) as number];
      suggestions.push({ ...view(e), confidence: 1, matched: [exact.name], source: 'memory' });
    }
    for (const d of ranked) {
      if (suggestions.length >= top) break;
      if (exact && docs[d].code === exact.code) continue;
      const p = Math.exp((scores[d] - best) / TEMPERATURE) / denominator;
      suggestions.push({
        ...view(docs[d]),
        confidence: Math.round(p * evidence * (exact ? 0.5 : 1) * 100) / 100,
        matched: [...(matched.get(d) ?? [])].slice(0, 8),
        source: 'ranking',
      });
    }
    return { name, words: queryWords, suggestions };
  }
}

const view = (e: { code: string; name: string; shortName: string; vatRates: string }) => ({
  code: e.code,
  name: e.name,
  shortName: e.shortName,
  vatRates: e.vatRates,
});

function topDocs(scores: Float64Array, n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < scores.length; i++) {
    if (scores[i] <= 0) continue;
    if (out.length < n) {
      out.push(i);
      out.sort((a, b) => scores[b] - scores[a]);
    } else if (scores[i] > scores[out[n - 1]]) {
      out[n - 1] = i;
      out.sort((a, b) => scores[b] - scores[a]);
    }
  }
  return out;
}

const coders = new WeakMap<Catalog, Coder>();
/** One coder per table version: rebuilt (≈0.5 s) only when a sync replaced the catalog. */
export function coderFor(catalog: Catalog): Coder {
  let c = coders.get(catalog);
  if (!c) {
    c = new Coder(catalog);
    coders.set(catalog, c);
  }
  return c;
}
