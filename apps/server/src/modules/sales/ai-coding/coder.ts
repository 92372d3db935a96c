import type { CodingSuggestion } from '@fpy/contracts';
import { codeRates } from '@fpy/domain';
import type { Catalog } from '../tax-codes/index.ts';
import { Bm25Index } from './bm25-index.ts';
import { coderLexicon, type LexiconRow, lexiconTerms } from './lexicon.ts';
import { type LexiconHit, LexiconMatcher } from './lexicon-matcher.ts';
import { calibrate, isLowConfidence } from './confidence.ts';
import { cleanName, nameKey, toHalfWidth } from './normalize.ts';
import { bigrams, words } from './segmenter.ts';
import { type CodeHint, Hints } from './hints.ts';
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
/** A brand counts this many times more in a name where no other word names a product. */
const BARE_BRAND = 2;
const FUZZY = 10;
const CAR = /汽车|轿车|suv|mpv|越野车|乘用车|两驱|四驱|自动挡|手动挡/;
/** A leaf whose description says it does not include a word of the name. */
const EXCLUDED = 0.45;
const WORD = 1;
const BIGRAM = 0.35;
const COVERED = 0.4;
/** Scrap (报废产品, 废…) only when the name says so: 废电脑 must not outrank 电脑. */
const SCRAP = /废|旧|回收|报废|边角料|下脚料|屑/;
const SCRAP_PENALTY = 0.3;
/** A describing word (不锈钢, 商用, 工业级 …) in a name that also names a product counts this much. */
const MODIFIER = 0.3;
/** The code of a describing word in the matchers: it only blocks shorter terms inside it. */
const MODIFIER_CODE = '';
/** A term's second and later codes (the same word written for two leaves) count this much. */
const SECOND_READING = 0.2;
/** Words after a leading product noun that make the line a service on it (挖掘机 台班费) or name a machine. */
const SERVICE_AFTER = /费|服务|租|修|维护|保养|安装|施工|加工|开采|运输|代理|检测|设计|咨询|培训|回收/;
const MACHINE_AFTER = /机|设备|生产线/;
const HEAD_SERVICE = 0.5;
/** …and a goods word after it (光纤 in 激光切割机 光纤) describes it a little. */
const HEAD_LATER = 0.8;
/**
 * A two-character service word before a goods noun, in a line that charges for no service (会议 洽谈桌, 办公
 * 主管椅, 酒店 毛巾, 培训 教材), says where the goods are used: it counts this much. SERVICE_MARK words make the
 * line a service.
 */
const USE_WORD = 0.5;
/**
 * A head character ending a word the dictionaries do not hold whole (主管椅, 皮椅, 洽谈桌, 方凳; 羊毛被, 荞麦枕) is
 * the head noun: it credits the leaf below as a term would. Not 座椅 (a car seat), 桌面/桌布/桌游/桌球, 被动,
 * 枕木 (a railway sleeper), nor the covers (椅垫, 被套, 枕套 …) the vocabulary names.
 */
const HEAD_CHAR = /(?<!座)[椅凳](?![垫套])|桌(?![面布游球])|被(?![套罩面单动])|枕(?![套巾木])/g;
const HEAD_CHAR_LEAF: Record<string, string> = {
  椅: '1050201990000000000',
  凳: '1050201990000000000',
  桌: '1050201010000000000',
  被: '1040105070000000000',
  枕: '1040105070000000000',
};
const SERVICE_MARK =
  /费|服务|租|修|维护|保养|安装|施工|加工|开采|运输|代理|检测|设计|咨询|回收|托管|外包|策划|承包|工程|培训班|课程/;
/** The share of its sibling's score a leaf named only by a state word borrows (水性 → the low-VOC paint). */
const SIBLING_SHARE = 0.3;
/** …and what the other pointed leaves borrow when the family has the leaf's exact counterpart. */
const COUSIN_SHARE = 0.3;
/**
 * A chemical drug named with its dosage form (氨氯地平片, 左氧氟沙星胶囊, 阿托伐他汀钙片) is the preparation, not
 * the bulk drug (化学药品原药) its name reads as: the form after the drug word picks the 化学药品制剂 leaf.
 */
const BULK_DRUG = '1070301';
const DOSAGE_FORMS: [string, string][] = [
  ['缓释片|控释片|肠溶片|缓释胶囊', '1070302080000000000'],
  ['注射液', '1070302030000000000'],
  ['滴眼液|滴耳液|滴鼻液|滴剂', '1070302090000000000'],
  ['口服液|口服溶液|糖浆|混悬液', '1070302130000000000'],
  ['软膏|乳膏|凝胶', '1070302100000000000'],
  ['气雾剂|喷雾剂', '1070302120000000000'],
  ['栓', '1070302110000000000'],
  ['胶囊', '1070302060000000000'],
  ['颗粒|干混悬剂', '1070302070000000000'],
  ['片', '1070302050000000000'],
];
const DOSAGE_FORM = new RegExp(`^[\\u4e00-\\u9fa5]{0,4}?(${DOSAGE_FORMS.map(([f]) => f).join('|')})`);
const FORM_CODE = new Map(DOSAGE_FORMS.flatMap(([f, code]) => f.split('|').map((w) => [w, code])));
/** The preparation gets this much more than the drug word itself gave its bulk-drug leaf. */
const FORM_LEAD = 1.2;
/**
 * A word the brand explains counts this much toward the other leaves it names: in 海尔 … 滚筒 the 滚筒 that
 * chose the brand's washer row is not a printing roller, and in 小米 SU7 or 苹果 Mac mini the brand's own
 * letters are not millet or apples once a context word or a model number says which product it is.
 */
const BRAND_READS = 0.2;
/** A model number or spec token in the raw name (14 Ultra, 16GB, Mac mini, X5): a brand sells a product. */
const MODEL_TOKEN = /[a-z]+-?\d|\d+\s?(?:gb|tb)\b|\b(?:pro|ultra|max|plus|mini|lite|se|note|fold)\b/;
/**
 * A title in book-title marks (《平凡的世界》) names a work, not a product: its words count this much, and the
 * name reads as a publication unless its other words name what is sold (《…》 编制费, 《…》 培训).
 */
const TITLE = /《([^》]{1,40})》/g;
/** TITLE without the g flag: test() on a global pattern keeps state between calls. */
const TITLE_ONCE = new RegExp(TITLE.source);
const TITLE_WORDS = 0.3;
const PUBLICATION = '1060201019900000000';
/** Leaves the table tells apart by price class: a brand's row for one of them picks the class. */
const PRICE_CLASS = /高档|甲类|乙类|每吨|超豪华/;
const CLASS_LEAD = 1.1;
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
  /** Usable leaves by parent code. */
  private readonly siblings = new Map<string, number[]>();
  private readonly scrapDocs: number[] = [];
  private readonly tableMatcher: LexiconMatcher;
  private readonly tableTerms = new Map<string, TableTerm[]>();
  private readonly exclusionMatcher: LexiconMatcher;
  private readonly excludedBy = new Map<string, number[]>();
  private readonly hints: Hints;
  private readonly modifiers: ReadonlySet<string>;
  private readonly grades: RegExp | null;
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
      const family = this.siblings.get(e.parentCode ?? '') ?? [];
      family.push(i);
      this.siblings.set(e.parentCode ?? '', family);
      if (e.code.startsWith('111') || e.name.startsWith('废')) this.scrapDocs.push(i);
    });
    // Describing words join both matchers as blockers (code MODIFIER_CODE, never scored): 中老年 is then
    // read whole and 老年 (老年报刊) is not matched inside it. A real term of the same text comes first.
    const blockers = extra.modifiers.map((term) => ({ term, code: MODIFIER_CODE, kind: 'term' as const }));
    // A lexicon row pointing at a code this table no longer offers is ignored rather than suggested.
    this.matcher = new LexiconMatcher([
      ...lexiconTerms(lexicon).filter((t) => this.docOf.has(t.code)),
      ...blockers,
    ]);
    const table = tableKnowledge(catalog);
    for (const t of table.terms) {
      const list = this.tableTerms.get(t.term) ?? [];
      list.push(t);
      this.tableTerms.set(t.term, list);
    }
    // The matchers' code field carries the term itself; the codes are looked up after the match.
    this.tableMatcher = new LexiconMatcher([
      ...[...this.tableTerms.keys()].map((term) => ({ term, code: term, kind: 'term' as const })),
      ...blockers,
    ]);
    for (const x of table.exclusions) {
      const list = this.excludedBy.get(x.term) ?? [];
      list.push(this.docOf.get(x.code) as number);
      this.excludedBy.set(x.term, list);
    }
    this.exclusionMatcher = new LexiconMatcher(
      [...this.excludedBy.keys()].map((term) => ({ term, code: term, kind: 'term' as const })),
    );
    this.hints = new Hints(extra, (code) => this.docOf.has(code));
    this.modifiers = new Set(extra.modifiers);
    this.grades = extra.grades.length
      ? new RegExp(extra.grades.map((g) => g.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g')
      : null;
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

  /** 氨氯地平片: a drug word followed (within a salt or ester: 钙, 钠, 呋辛酯) by its dosage form. */
  private creditForm(
    text: string,
    hit: LexiconHit,
    drugScore: number,
    scores: Float64Array,
    matched: Map<number, Set<string>>,
  ) {
    const form = DOSAGE_FORM.exec(text.slice(hit.end, hit.end + 8));
    if (!form) return;
    const doc = this.docOf.get(FORM_CODE.get(form[1]) as string);
    if (doc === undefined || scores[doc] >= drugScore * FORM_LEAD) return;
    scores[doc] = drugScore * FORM_LEAD;
    this.credit(matched, doc, `${hit.term}…${form[1]}`);
  }

  /**
   * The table splits many products by a detail a name rarely states (VOC content, engine size, 开发 or 取得,
   * price band, oil kind): when none of the other answers shares the top answer's parent, the last place
   * goes to its best sibling, which is then often the right leaf when the top one is not.
   */
  private withSibling(ranked: number[], scores: Float64Array, top: number): number[] {
    if (top < 2 || ranked.length < 2) return ranked;
    const first = ranked[0];
    const family = this.siblings.get(this.index.docs[first].parentCode ?? '') ?? [];
    if (family.length < 2) return ranked;
    const shown = ranked.slice(0, top);
    if (shown.some((d, i) => i > 0 && family.includes(d))) return ranked;
    let best = -1;
    for (const d of family) if (d !== first && (best < 0 || scores[d] > scores[best])) best = d;
    // Only a sibling with some evidence of its own: an unsupported guess displaced better third answers.
    if (best < 0 || scores[best] <= 0) return ranked;
    const rest = ranked.filter((d) => d !== best);
    const at = Math.min(top - 1, rest.length);
    return [...rest.slice(0, at), best, ...rest.slice(at)];
  }

  /**
   * Where the first word of a name written in several words ends, when that word ends in a product noun
   * (a term with a goods code); -1 otherwise.
   */
  private headEnd(
    cleaned: string,
    text: string,
    hits: LexiconHit[],
    tableHits: LexiconHit[],
    brands: CodeHint[],
  ): number {
    const space = cleaned.indexOf(' ');
    if (space <= 0) return -1;
    const first = cleaned.slice(0, space);
    if (!first || first.length === text.length || !text.startsWith(first)) return -1;
    const end = first.length;
    // 小米 智能音箱: a brand written first is not the product.
    if (brands.some((b) => b.start === 0 && b.end === end)) return -1;
    const rest = text.slice(end);
    // 挖掘机 台班费, 石料 开采 服务费: the words after it name a service done on the product.
    if (SERVICE_AFTER.test(rest)) return -1;
    // 锂电池 卷绕机: a machine named after the material it works is the machine.
    const machineAfter = MACHINE_AFTER.test(rest);
    const codes = (h: LexiconHit, table: boolean) =>
      table ? (this.tableTerms.get(h.term) ?? []).map((t) => t.code) : [h.code];
    const goods = (h: LexiconHit, table: boolean) =>
      h.end === end &&
      h.term.length >= 2 &&
      !this.modifiers.has(h.term) &&
      codes(h, table).some((c) => c[0] === '1' && (!machineAfter || c.startsWith('109')));
    return hits.some((h) => goods(h, false)) || tableHits.some((h) => goods(h, true)) ? end : -1;
  }

  /**
   * 主管椅, 洽谈桌, 羊毛被: a head character no dictionary term covers ends a noun. Read as a term of its own (the
   * character and up to two free characters before it), so it can be the head of the name.
   */
  private headChars(text: string, taken: LexiconHit[]): LexiconHit[] {
    const out: LexiconHit[] = [];
    for (const m of text.matchAll(HEAD_CHAR)) {
      const at = m.index as number;
      if (taken.some((h) => at >= h.start && at < h.end)) continue;
      const code = HEAD_CHAR_LEAF[m[0]];
      if (!this.docOf.has(code)) continue;
      let from = at;
      while (
        from > at - 2 &&
        /[\u4e00-\u9fa5]/.test(text[from - 1] ?? '') &&
        !taken.some((h) => from - 1 < h.end && from - 1 >= h.start)
      )
        from--;
      out.push({ term: text.slice(from, at + 1), code, kind: 'term', start: from, end: at + 1, rank: 0 });
    }
    return out;
  }

  /** Where the last curated goods noun of the name starts (a term of two or more characters, not a describing word); -1 if none. */
  private lastGoods(hits: LexiconHit[], tableHits: LexiconHit[]): number {
    let from = -1;
    for (const h of hits)
      if (h.kind === 'term' && h.code[0] === '1' && h.term.length >= 2 && !this.modifiers.has(h.term))
        from = Math.max(from, h.start);
    for (const h of tableHits)
      if (
        h.term.length >= 2 &&
        !this.modifiers.has(h.term) &&
        (this.tableTerms.get(h.term) ?? []).every((t) => t.code[0] === '1')
      )
        from = Math.max(from, h.start);
    return from;
  }

  suggest(rawName: string, memory: MemoryHint[] = [], top = 3): CodingResult {
    const name = rawName.trim();
    const titled = name.includes('《') && TITLE_ONCE.test(name);
    // Words typed apart still name one thing (仓库 租赁费 → 仓库租赁费, PVC 树脂 → pvc树脂): a space before a
    // Chinese character goes when a Chinese character or a Latin word precedes it.
    const cleaned = cleanName(name);
    const full = cleaned.replace(/(?<=[\u4e00-\u9fa5a-z]) +(?=[\u4e00-\u9fa5])/g, '');
    // Grades (工业级, 食品级) are read as state words only: 甲醇 工业级 is methanol, not 工业级混合油.
    const text = this.grades ? full.replace(this.grades, ' ').trim() : full;
    const docs = this.index.docs;
    const scores = new Float64Array(docs.length);
    const matched = new Map<number, Set<string>>();
    const length = text.length;

    const titles: [number, number][] = [];
    if (titled)
      for (const m of name.matchAll(TITLE)) {
        const inner = cleanName(m[1]).replace(/ /g, '');
        const from = inner ? text.indexOf(inner) : -1;
        if (from >= 0) titles.push([from, from + inner.length]);
      }
    const inTitle = (start: number, end: number) =>
      titles.length && titles.some(([from, to]) => start >= from && end <= to) ? TITLE_WORDS : 1;
    const allHits = this.matcher.match(text);
    const allTableHits = this.tableMatcher.match(text);
    const hits = allHits.filter((h) => h.code !== MODIFIER_CODE);
    if (/[椅凳桌被枕]/.test(text)) hits.push(...this.headChars(text, allHits));
    const tableHits = allTableHits.filter((h) => h.code !== MODIFIER_CODE);
    const spans = [...allHits, ...allTableHits].filter((h) => this.modifiers.has(h.term));
    const brandHints = this.hints.brandHints(text, name);
    // 铁锅 章丘 手工 is a pan: once a word names a product, describing words (手工, 商用 …) say little.
    // So does a brand (大疆 Mini 4 Pro 畅飞套装 is a drone, not a 套装).
    const product = [...hits, ...tableHits].some((h) => h.kind === 'term' && !this.modifiers.has(h.term));
    const named = product || brandHints.length > 0;
    const describing = (term: string) => (named && this.modifiers.has(term) ? MODIFIER : 1);
    // 摄像头 USB 电脑 会议, 货架 重型 仓储: an order line that opens with a product noun written apart names
    // that product; the words after it say what it is for. Its head counts as if it ended the name.
    const head = this.headEnd(cleaned, text, hits, tableHits, brandHints);
    const at = (end: number) => (end === head ? 1 : position(end, length));
    // …and a service word after it (会议, 仓储) only says where the product is used.
    const usedFor = (code: string, start: number) =>
      head > 0 && start >= head ? (code[0] !== '1' ? HEAD_SERVICE : HEAD_LATER) : 1;
    // 会议 洽谈桌: the start of the last goods noun; a service word ending before it only says where it is used.
    const goodsFrom = SERVICE_MARK.test(text) ? -1 : this.lastGoods(hits, tableHits);
    // Only a short word (会议, 酒店, 办公) is a place or a use; a longer one names the service sold (客车包车 旅游大巴).
    const useWord = (code: string, start: number, end: number) =>
      code[0] !== '1' && end <= goodsFrom && end - start <= 2 ? USE_WORD : 1;
    // 海尔 … 滚筒, 小米 SU7: words a brand explains say little about the other leaves they name.
    const modelToken = brandHints.length > 0 && MODEL_TOKEN.test(toHalfWidth(name).toLowerCase());
    // The context word weakens only the table's readings of it (滚筒 in descriptions); a curated term stays
    // (东风 … 牵引车 is a tractor unit whatever the brand row says). The brand's own letters weaken all.
    const explained: [number, number][] = [];
    const ownLetters: [number, number][] = [];
    for (const b of brandHints) {
      for (const span of b.context ?? []) explained.push(span);
      if (b.start !== undefined && (b.kind === 'brand-context' || modelToken))
        ownLetters.push([b.start, b.end as number]);
    }
    const within = (spans: [number, number][], start: number, end: number) =>
      spans.some(([from, to]) => start >= from && end <= to);
    const brandReads = (start: number, end: number, code: string, curated: boolean) =>
      (within(ownLetters, start, end) || (!curated && within(explained, start, end))) &&
      !brandHints.some((b) => b.code === code)
        ? BRAND_READS
        : 1;
    const inDescribing = (at: number, len: number) =>
      named && spans.some((h) => at >= h.start && at + len <= h.end) ? MODIFIER : 1;
    for (const h of hits) {
      const doc = this.docOf.get(h.code) as number;
      const specificity = Math.min(1.6, 0.8 + 0.2 * h.term.length);
      scores[doc] +=
        (h.kind === 'term' ? LEXICON_TERM : LEXICON_BRAND) *
        specificity *
        at(h.end) *
        usedFor(h.code, h.start) *
        useWord(h.code, h.start, h.end) *
        describing(h.term) *
        brandReads(h.start, h.end, h.code, true) *
        inTitle(h.start, h.end) *
        (h.rank ? SECOND_READING : 1);
      const s = matched.get(doc) ?? new Set<string>();
      s.add(h.term);
      matched.set(doc, s);
      if (h.code.startsWith(BULK_DRUG)) this.creditForm(text, h, scores[doc], scores, matched);
    }

    for (const h of tableHits) {
      const specificity = Math.min(1.6, 0.6 + 0.2 * h.term.length) * describing(h.term);
      for (const t of this.tableTerms.get(h.term) ?? []) {
        const doc = this.docOf.get(t.code) as number;
        scores[doc] +=
          TABLE_TERM *
          t.weight *
          specificity *
          at(h.end) *
          usedFor(t.code, h.start) *
          useWord(t.code, h.start, h.end) *
          brandReads(h.start, h.end, t.code, false) *
          inTitle(h.start, h.end);
        this.credit(matched, doc, h.term);
        if (t.code.startsWith(BULK_DRUG)) this.creditForm(text, h, scores[doc], scores, matched);
      }
    }

    for (const h of brandHints) {
      const doc = this.docOf.get(h.code) as number;
      // 大疆 Mini 4 Pro, 卡特 320GC: with no word naming a product, the brand is the best evidence there is.
      scores[doc] += (h.kind === 'brand-context' ? BRAND_CONTEXT : BRAND) * (product ? 1 : BARE_BRAND);
      this.credit(matched, doc, h.label);
    }
    // 兰蔻 … 精华, 中华 … 香烟: where the table splits a product by price class, the brand knows the class.
    for (const h of brandHints) {
      const doc = this.docOf.get(h.code) as number;
      if (!PRICE_CLASS.test(docs[doc].name)) continue;
      let best = 0;
      for (const sib of this.siblings.get(docs[doc].parentCode ?? '') ?? [])
        if (sib !== doc && scores[sib] > best) best = scores[sib];
      if (best > scores[doc]) scores[doc] = best * CLASS_LEAD;
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
    if (titled && this.docOf.has(PUBLICATION)) {
      const doc = this.docOf.get(PUBLICATION) as number;
      scores[doc] += MODEL;
      this.credit(matched, doc, '《》');
    }
    const modelHints = this.hints.modelHints(name);
    for (const h of modelHints) {
      const doc = this.docOf.get(h.code) as number;
      scores[doc] += MODEL;
      this.credit(matched, doc, h.label);
    }

    // Nothing matched whole (a typo, an unusual form: 洗发液, 笔记本电恼): credit the terms that share a
    // character pair with the name, each pair split among the codes it appears in.
    const fuzzy = !hits.length && !tableHits.length && !brandHints.length && !modelHints.length;
    if (fuzzy)
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
    // So do the letters of a brand (江小白 is a liquor, not 白 anything).
    const covered = (at: number, len: number) =>
      hits.some((h) => at >= h.start && at + len <= h.end) ||
      brandHints.some((h) => h.start !== undefined && at >= h.start && at + len <= (h.end as number)) ||
      within(explained, at, at + len);
    const queryWords = [...new Set(words(text))];
    for (const w of queryWords) {
      const from = text.lastIndexOf(w);
      const weight =
        WORD *
        at(from + w.length) *
        (covered(from, w.length) ? COVERED : 1) *
        Math.min(describing(w), inDescribing(from, w.length), inTitle(from, from + w.length));
      this.index.score(w, weight, scores, matched);
    }
    for (const g of new Set(bigrams(text))) {
      const from = text.lastIndexOf(g);
      this.index.score(g, BIGRAM * at(from + g.length), scores);
    }

    if (!SCRAP.test(text)) for (const d of this.scrapDocs) scores[d] *= SCRAP_PENALTY;
    for (const h of this.exclusionMatcher.match(text))
      for (const d of this.excludedBy.get(h.term) ?? []) scores[d] *= EXCLUDED;
    const stateWords = full === text ? queryWords : [...queryWords, ...words(full)];
    const shifts = [...this.hints.stateShifts(full, new Set(stateWords)), ...this.hints.unitShifts(name)];
    if (shifts.length) {
      // 水性 环氧地坪漆, 女士 T恤: a state word that points at one leaf of a family lends it a share of its
      // best-scored sibling's score, so the word can move the answer to it even when no term named it.
      const narrow = (p: string) => p[0] === '~' || p.length >= 7;
      const pointing = shifts.filter((s) => s.boost.some(narrow));
      const lent: [number, number][] = [];
      // 男Ｔ恤衫 lends to 女Ｔ恤衫, its counterpart (the same name but for the words the state is about),
      // more than to 女内衣 or 女睡衣, which only share the 女.
      const marks = pointing.flatMap((s) => [...s.boost, ...s.penalize]).filter((p) => p[0] === '~');
      const bare = (leaf: string) => marks.reduce((n, m) => n.replaceAll(m.slice(1), ''), leaf);
      for (let d = 0; pointing.length && d < scores.length; d++) {
        if (scores[d] <= 0) continue;
        const own = marks.length ? bare(docs[d].name) : '';
        const share: [number, boolean][] = [];
        for (const sib of this.siblings.get(docs[d].parentCode ?? '') ?? []) {
          if (scores[sib] >= scores[d] * SIBLING_SHARE) continue;
          const { code, name: leaf } = docs[sib];
          const hit = (p: string) =>
            narrow(p) && (p[0] === '~' ? leaf.includes(p.slice(1)) : code.startsWith(p));
          if (pointing.some((s) => s.boost.some(hit))) share.push([sib, own !== '' && bare(leaf) === own]);
        }
        const paired = share.some(([, counterpart]) => counterpart);
        for (const [sib, counterpart] of share)
          lent.push([sib, scores[d] * SIBLING_SHARE * (paired && !counterpart ? COUSIN_SHARE : 1)]);
      }
      for (const [sib, share] of lent) if (share > scores[sib]) scores[sib] = share;
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

    const ranked = this.withSibling(topDocs(scores, top + 5), scores, top);
    // Is the top answer named by a curated word, a brand or a model number, or only by the table's text and BM25?
    const top0 = ranked.length ? docs[ranked[0]].code : '';
    const curated =
      hits.some((h) => h.rank === 0 && h.code === top0) ||
      brandHints.some((h) => h.code === top0) ||
      modelHints.some((h) => h.code === top0);
    const probabilities = calibrate(
      ranked.map((d) => scores[d]),
      { curated, fuzzy },
    );
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

/** A suggestion carries the rate its code allows first (issue 28 §7), so a chosen code never gets a wrong rate. */
const view = (e: { code: string; name: string; shortName: string; vatRates: string }) => {
  const first = codeRates(e.code, e.vatRates).choices[0];
  return {
    code: e.code,
    name: e.name,
    shortName: e.shortName,
    vatRates: e.vatRates,
    rate: first.rate,
    policy: first.policy,
  };
};

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
