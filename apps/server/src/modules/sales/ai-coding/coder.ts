import type { CodingSuggestion } from '@fpy/contracts';
import type { Catalog } from '../tax-codes/index.ts';
import { Bm25Index } from './bm25-index.ts';
import { coderLexicon, type LexiconRow, lexiconTerms } from './lexicon.ts';
import { LexiconMatcher } from './lexicon-matcher.ts';
import { isLowConfidence } from './confidence.ts';
import { cleanName, nameKey } from './normalize.ts';
import { bigrams, words } from './segmenter.ts';
import { calibrate } from './confidence.ts';
import { Hints } from './hints.ts';
import { type Knowledge, knowledge } from './knowledge-files.ts';
import { type TableTerm, tableKnowledge } from './table-knowledge.ts';

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
  /** The top answer is weak or close to the second: a person should check it. */
  lowConfidence: boolean;
}

// Tuned on the dev set (packages/db/reference/ai-coding-dev.csv), never on the evaluation set.
const LEXICON_TERM = 15;
const LEXICON_BRAND = 7;
/** The table's own names, keywords and listed members: weaker than the curated lexicon, stronger than BM25. */
const TABLE_TERM = 8;
const BRAND = 6;
const BRAND_CONTEXT = 10;
const MODEL = 14;
const FUZZY = 10;
const CAR = /汽车|轿车|suv|mpv|越野车|乘用车|两驱|四驱|自动挡|手动挡/;
/** A leaf whose description says it does not include a word of the name. */
const EXCLUDED = 0.45;
const WORD = 1;
const BIGRAM = 0.35;
const COVERED = 0.4;
/** Scrap (报废产品, 废…) only when the name says so: 废电脑 must not outrank 电脑. */
const SCRAP = /废|旧|回收|报废/;
const SCRAP_PENALTY = 0.3;
const MEMORY_SIMILAR = 25;
const SIMILAR_AT = 0.5;

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
  private readonly tableMatcher: LexiconMatcher;
  private readonly tableTerms = new Map<string, TableTerm[]>();
  private readonly exclusionMatcher: LexiconMatcher;
  private readonly excludedBy = new Map<string, number[]>();
  private readonly hints: Hints;
  /** Character pair → codes whose lexicon terms contain it (and one such term, to show). */
  private readonly fuzzy = new Map<string, Map<string, string>>();

  constructor(
    readonly catalog: Catalog,
    lexicon: LexiconRow[] = coderLexicon(),
    extra: Knowledge = knowledge(),
  ) {
    this.index = new Bm25Index(catalog);
    this.index.docs.forEach((e, i) => {
      this.docOf.set(e.code, i);
      if (e.code.startsWith('111') || e.name.startsWith('废')) this.scrapDocs.push(i);
    });
    // A lexicon row pointing at a code this table no longer offers is ignored rather than suggested.
    this.matcher = new LexiconMatcher(lexiconTerms(lexicon).filter((t) => this.docOf.has(t.code)));
    const table = tableKnowledge(catalog);
    for (const t of table.terms) {
      const list = this.tableTerms.get(t.term) ?? [];
      list.push(t);
      this.tableTerms.set(t.term, list);
    }
    // The matchers' code field carries the term itself; the codes are looked up after the match.
    this.tableMatcher = new LexiconMatcher(
      [...this.tableTerms.keys()].map((term) => ({ term, code: term, kind: 'term' as const })),
    );
    for (const x of table.exclusions) {
      const list = this.excludedBy.get(x.term) ?? [];
      list.push(this.docOf.get(x.code) as number);
      this.excludedBy.set(x.term, list);
    }
    this.exclusionMatcher = new LexiconMatcher(
      [...this.excludedBy.keys()].map((term) => ({ term, code: term, kind: 'term' as const })),
    );
    this.hints = new Hints(extra, (code) => this.docOf.has(code));
    for (const t of lexiconTerms(lexicon)) {
      if (t.kind !== 'term' || !this.docOf.has(t.code)) continue;
      for (const g of bigrams(t.term)) {
        if (g.length < 2) continue;
        const codes = this.fuzzy.get(g) ?? new Map<string, string>();
        if (!codes.has(t.code)) codes.set(t.code, t.term);
        this.fuzzy.set(g, codes);
      }
    }
  }

  private credit(matched: Map<number, Set<string>>, doc: number, label: string) {
    const s = matched.get(doc) ?? new Set<string>();
    s.add(label);
    matched.set(doc, s);
  }

  suggest(rawName: string, memory: MemoryHint[] = [], top = 3): CodingResult {
    const name = rawName.trim();
    // Words typed apart still name one thing (仓库 租赁费 → 仓库租赁费): spaces between Chinese characters go.
    const text = cleanName(name).replace(/(?<=[\u4e00-\u9fa5]) +(?=[\u4e00-\u9fa5])/g, '');
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

    const tableHits = this.tableMatcher.match(text);
    for (const h of tableHits) {
      const specificity = Math.min(1.6, 0.6 + 0.2 * h.term.length);
      for (const t of this.tableTerms.get(h.term) ?? []) {
        const doc = this.docOf.get(t.code) as number;
        scores[doc] += TABLE_TERM * t.weight * specificity * position(h.end, length);
        this.credit(matched, doc, h.term);
      }
    }

    const brandHints = this.hints.brandHints(text, name);
    for (const h of brandHints) {
      const doc = this.docOf.get(h.code) as number;
      scores[doc] += h.kind === 'brand-context' ? BRAND_CONTEXT : BRAND;
      this.credit(matched, doc, h.label);
    }
    // A car (by brand or word) with an engine size goes to the 乘用车 leaf of that displacement.
    const engine = this.hints.displacementCode(name);
    if (
      engine &&
      this.docOf.has(engine) &&
      (CAR.test(text) || brandHints.some((h) => h.code.startsWith('109030501')))
    ) {
      const doc = this.docOf.get(engine) as number;
      scores[doc] += MODEL + BRAND;
      this.credit(matched, doc, '排量');
    }
    const modelHints = this.hints.modelHints(name);
    for (const h of modelHints) {
      const doc = this.docOf.get(h.code) as number;
      scores[doc] += MODEL;
      this.credit(matched, doc, h.label);
    }

    // Nothing matched whole (a typo, an unusual form: 洗发液, 笔记本电恼): credit the terms that share a
    // character pair with the name, each pair split among the codes it appears in.
    if (!hits.length && !tableHits.length && !brandHints.length && !modelHints.length)
      for (const g of new Set(bigrams(text))) {
        const codes = this.fuzzy.get(g);
        if (!codes) continue;
        for (const [code, term] of codes) {
          const doc = this.docOf.get(code) as number;
          scores[doc] += FUZZY / codes.size;
          this.credit(matched, doc, `${g}≈${term}`);
        }
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
    for (const h of this.exclusionMatcher.match(text))
      for (const d of this.excludedBy.get(h.term) ?? []) scores[d] *= EXCLUDED;
    const shifts = [...this.hints.stateShifts(text, new Set(queryWords)), ...this.hints.unitShifts(name)];
    if (shifts.length)
      for (let d = 0; d < scores.length; d++) {
        if (scores[d] <= 0) continue;
        const { code, name: leaf } = docs[d];
        // A prefix names a branch of the table; "~女" names every leaf whose name contains 女.
        const hit = (p: string) => (p[0] === '~' ? leaf.includes(p.slice(1)) : code.startsWith(p));
        for (const s of shifts) {
          if (s.boost.some(hit)) scores[d] *= s.factor;
          else if (s.penalize.some(hit)) scores[d] /= s.factor;
        }
      }

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
          this.credit(matched, doc, m.name);
        }
      }
    }

    const ranked = topDocs(scores, top + 5);
    const probabilities = calibrate(ranked.map((d) => scores[d]));
    const suggestions: CodingSuggestion[] = [];
    if (exact) {
      const e = docs[this.docOf.get(exact.code) as number];
      suggestions.push({ ...view(e), confidence: 1, matched: [exact.name], source: 'memory' });
    }
    ranked.forEach((d, i) => {
      if (suggestions.length >= top) return;
      if (exact && docs[d].code === exact.code) return;
      suggestions.push({
        ...view(docs[d]),
        confidence: Math.round(probabilities[i] * (exact ? 0.5 : 1) * 100) / 100,
        matched: [...(matched.get(d) ?? [])].slice(0, 8),
        source: 'ranking',
      });
    });
    return { name, words: queryWords, suggestions, lowConfidence: isLowConfidence(suggestions) };
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
