import { type CodeRates, codeRates } from '@fpy/domain';
import { pinyin } from 'pinyin-pro';
import type { TaxCodeRow } from './table-file.ts';

export interface CatalogEntry extends TaxCodeRow {
  enabled: boolean;
  version: string;
  /** Usable on an invoice line: an enabled leaf that is not a summary row. */
  usable: boolean;
  /** Lower-cased name, short name, keywords and aliases, for substring search. */
  text: string;
  lowerName: string;
  /** Pinyin initials of name, short name and aliases (笔记本电脑 → bjbdn), for the search box. */
  initials: string;
  /** Everyday names from the AI-coding lexicon (笔记本电脑 for 电子计算机整机); searchable, not stored. */
  aliases: string[];
}

export interface SearchOptions {
  usableOnly?: boolean;
}

const initialsMemo = new Map<string, string>();
const initialsOf = (s: string) => {
  let v = initialsMemo.get(s);
  if (v === undefined) {
    v = computeInitials(s);
    initialsMemo.set(s, v);
  }
  return v;
};
// Character by character with a memo: ~5k strings share ~2k characters, and whole-phrase conversion was
// seconds at start. A polyphone takes its most common reading, which is what users type.
const charInitials = new Map<string, string>();
const computeInitials = (s: string) =>
  [...s.replace(/[^\u4e00-\u9fa5a-zA-Z0-9]/g, '')]
    .map((c) => {
      let v = charInitials.get(c);
      if (v === undefined) {
        v = /[\u4e00-\u9fa5]/.test(c) ? pinyin(c, { pattern: 'first', toneType: 'none' }) : c;
        charInitials.set(c, v.toLowerCase());
      }
      return charInitials.get(c);
    })
    .join('');

/**
 * The whole national table in memory (≈4k rows): tree navigation and search answer from here in well under
 * a millisecond instead of LIKE scans. Built once per table version; a sync builds a new one.
 */
export class Catalog {
  readonly byCode = new Map<string, CatalogEntry>();
  readonly children = new Map<string | null, CatalogEntry[]>();
  private readonly sorted: CatalogEntry[];

  constructor(
    rows: (TaxCodeRow & { enabled?: boolean; version?: string })[],
    /** Id of the import/sync job the rows reflect; lets other processes notice a newer table. */
    readonly jobId = 0,
    aliases: ReadonlyMap<string, string[]> = new Map(),
  ) {
    for (const r of rows) {
      const enabled = r.enabled ?? true;
      const alias = aliases.get(r.code) ?? [];
      const entry: CatalogEntry = {
        ...r,
        enabled,
        version: r.version ?? '',
        usable: enabled && r.isLeaf && !r.isSummary,
        lowerName: r.name.toLowerCase(),
        text: [r.name, r.shortName, r.keywords, ...alias].join('\u0001').toLowerCase(),
        initials: [r.name, r.shortName, ...alias.filter((a) => /[\u4e00-\u9fa5]/.test(a))]
          .map(initialsOf)
          .join('\u0001'),
        aliases: alias,
      };
      // Joined strings are ropes until first searched; flattening them now keeps that cost off the first queries.
      entry.text.includes('\u0002');
      entry.initials.includes('\u0002');
      this.byCode.set(r.code, entry);
    }
    this.sorted = [...this.byCode.values()].sort((a, b) => (a.code < b.code ? -1 : 1));
    for (const e of this.sorted) {
      const list = this.children.get(e.parentCode) ?? [];
      list.push(e);
      this.children.set(e.parentCode, list);
    }
  }

  get size() {
    return this.byCode.size;
  }

  get(code: string) {
    return this.byCode.get(code);
  }

  childrenOf(code: string | null) {
    return this.children.get(code) ?? [];
  }

  /** Root-first ancestors of a code. */
  pathOf(code: string): CatalogEntry[] {
    const out: CatalogEntry[] = [];
    for (let e = this.byCode.get(code); e; e = e.parentCode ? this.byCode.get(e.parentCode) : undefined)
      out.unshift(e);
    return out;
  }

  /**
   * Search by code prefix, name, 简称, keyword or pinyin initials. Ranked: exact name, name prefix, code
   * prefix, name/简称/keyword contains, initials prefix, initials contains; usable codes first within a rank.
   */
  search(keyword: string, opts: SearchOptions = {}): CatalogEntry[] {
    const q = keyword.trim().toLowerCase();
    if (!q) return [];
    const digits = /^\d+$/.test(q);
    const latin = /^[a-z]+$/.test(q);
    const hits: { e: CatalogEntry; rank: number }[] = [];
    for (const e of this.sorted) {
      if (opts.usableOnly && !e.usable) continue;
      let rank = -1;
      if (digits) {
        if (e.code.startsWith(q)) rank = 2;
      } else if (e.lowerName === q) rank = 0;
      else if (e.lowerName.startsWith(q)) rank = 1;
      else if (e.text.includes(q)) rank = 3;
      else if (latin && (e.initials.startsWith(q) || e.initials.includes(`\u0001${q}`))) rank = 4;
      else if (latin && e.initials.includes(q)) rank = 5;
      if (rank >= 0) hits.push({ e, rank: rank * 2 + (e.usable ? 0 : 1) });
    }
    // Bucketed by rank (cheaper than sorting thousands of prefix hits); code order is kept inside a rank.
    const buckets: CatalogEntry[][] = Array.from({ length: 12 }, () => []);
    for (const h of hits) buckets[h.rank].push(h.e);
    return buckets.flat();
  }

  private readonly rates = new Map<string, CodeRates | null>();

  /**
   * The rates a code allows (issue 28 §7, `@fpy/domain` codeRates), computed once per code and table version:
   * checking an invoice costs a Map lookup per line. Undefined for a code the table does not know.
   */
  readonly ratesOf = (code: string): CodeRates | undefined => {
    let r = this.rates.get(code);
    if (r === undefined) {
      const e = this.byCode.get(code);
      r = e ? codeRates(e.code, e.vatRates, e.name) : null;
      this.rates.set(code, r);
    }
    return r ?? undefined;
  };

  /** Every usable code, for the AI-coding ranker. */
  usable(): CatalogEntry[] {
    return this.sorted.filter((e) => e.usable);
  }
}

/** '13%、9%' → ['13%', '9%']. */
export const splitRates = (s: string) => s.split(/[、,，;\s]+/).filter(Boolean);
