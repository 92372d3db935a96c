import type { BrandRow, Knowledge, ModelRow, ShiftRow } from './knowledge-files.ts';
import { LexiconMatcher } from './lexicon-matcher.ts';
import { toHalfWidth } from './normalize.ts';

export interface CodeHint {
  code: string;
  /** What led here, shown to the user (格力→空调, KFR-…). */
  label: string;
  /** brand: the brand's default category; brand-context: chosen by another word; model: a model number. */
  kind: 'brand' | 'brand-context' | 'model';
  /** Where a brand was read in the cleaned name (brands only). */
  start?: number;
  end?: number;
  /** brand-context: where the words that chose the row stand in the cleaned name (海尔 … 滚筒). */
  context?: [number, number][];
}

/**
 * Brands, model numbers, state words and units, applied to one name. Pure: built once per knowledge
 * version and table, shared by every request.
 */
export class Hints {
  private readonly brandMatcher: LexiconMatcher;
  private readonly brandRows = new Map<string, BrandRow[]>();
  private readonly models: ModelRow[];
  private readonly states: ShiftRow[];
  private readonly units: ShiftRow[];
  private readonly unitPattern: RegExp | null;

  constructor(k: Knowledge, usable: (code: string) => boolean) {
    const terms: { term: string; code: string; kind: 'brand' }[] = [];
    for (const row of k.brands) {
      if (!usable(row.code)) continue;
      const key = row.names[0];
      const rows = this.brandRows.get(key) ?? [];
      rows.push(row);
      this.brandRows.set(key, rows);
      // The matcher's code field carries the brand key; rows are looked up after the match.
      if (rows.length === 1) for (const n of row.names) terms.push({ term: n, code: key, kind: 'brand' });
    }
    this.brandMatcher = new LexiconMatcher(terms);
    this.models = k.models.filter((m) => usable(m.code));
    this.states = k.states;
    this.units = k.units;
    const multi = k.units.filter((u) => u.word.length > 1).map((u) => u.word);
    const single = k.units.filter((u) => u.word.length === 1).map((u) => u.word);
    // A one-character unit only counts where it is written as a unit: 5吨, /吨, (吨), 每吨, 按吨, 元/月.
    const parts = [
      ...multi.map(escapeRegExp),
      ...(single.length
        ? [`(?:[0-9.]\\s*|[/(（每按]\\s*)(?:${single.map(escapeRegExp).join('|')})(?![\\u4e00-\\u9fa5])`]
        : []),
    ];
    this.unitPattern = parts.length ? new RegExp(parts.join('|'), 'g') : null;
  }

  /** Brand hits: a brand with a row whose context word appears picks that row, else its default rows. */
  brandHints(text: string, raw = text): CodeHint[] {
    const out: CodeHint[] = [];
    // Context may be a model number (小米 SU7 is a car), which cleaning removed: look in the raw name too.
    const lowerRaw = toHalfWidth(raw).toLowerCase();
    for (const hit of this.brandMatcher.match(text)) {
      const rows = this.brandRows.get(hit.code) ?? [];
      const inContext = rows.filter((r) => r.context.some((w) => text.includes(w) || lowerRaw.includes(w)));
      const chosen = inContext.length ? inContext : rows.filter((r) => !r.context.length);
      for (const r of chosen) {
        const context: [number, number][] = [];
        if (inContext.length)
          for (const w of r.context) {
            const at = text.indexOf(w);
            if (at >= 0) context.push([at, at + w.length]);
          }
        out.push({
          code: r.code,
          label: hit.term,
          kind: inContext.length ? 'brand-context' : 'brand',
          start: hit.start,
          end: hit.end,
          context,
        });
      }
    }
    return out;
  }

  /** Model numbers are read from the raw name (cleaning removes them): KFR-35GW, BCD-500W, XQG100 …. */
  modelHints(raw: string): CodeHint[] {
    const text = toHalfWidth(raw).toLowerCase();
    const out: CodeHint[] = [];
    const seen = new Set<string>();
    for (const m of this.models) {
      if (seen.has(m.code)) continue;
      const hit = text.match(m.pattern);
      if (hit) {
        seen.add(m.code);
        out.push({ code: m.code, label: hit[0].trim(), kind: 'model' });
      }
    }
    return out;
  }

  /**
   * Engine size of a passenger car (1.5T, 2.0L, 3.5L): the table splits 乘用车 by displacement, so a car
   * name with one picks the matching leaf. Only counts when the name is a car (the caller checks).
   */
  displacementCode(raw: string): string | undefined {
    const m = toHalfWidth(raw)
      .toLowerCase()
      .match(/(?:^|[^0-9.])([0-9]\.[0-9])\s*[lt](?![a-z])/);
    if (!m) return undefined;
    const litres = Number(m[1]);
    const bucket = [1.0, 1.5, 2.0, 2.5, 3.0, 4.0].findIndex((max) => litres <= max);
    return `109030501${String((bucket < 0 ? 6 : bucket) + 1).padStart(2, '0')}00000000`;
  }

  /**
   * State words present in the cleaned name (鲜活, 加工, 租赁 …); one-character ones must be a word of their own,
   * and a word inside a noun that names a person or a thing (服务员, 服务器) is not the state word.
   */
  stateShifts(text: string, words: ReadonlySet<string>): ShiftRow[] {
    const free = text.includes('服务') ? text.replace(NOT_STATE, ' ') : text;
    return this.states.filter((s) => (s.word.length > 1 ? free.includes(s.word) : words.has(s.word)));
  }

  /** Units written as units in the raw name: 生鲜乳（吨）, 20人天, 挖机台班. */
  unitShifts(raw: string): ShiftRow[] {
    if (!this.unitPattern) return [];
    const text = toHalfWidth(raw).toLowerCase();
    const found = new Set<string>();
    for (const m of text.matchAll(this.unitPattern)) found.add(m[0].replace(/^[0-9.\s/(（每按]+/, ''));
    return this.units.filter((u) => found.has(u.word));
  }
}

/** Nouns holding a state word that are not that state: 酒店 服务员 制服 is a uniform, 服务器 a computer. */
const NOT_STATE = /服务员|服务器|服务台|服务区|服务车|服务机器人/g;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
