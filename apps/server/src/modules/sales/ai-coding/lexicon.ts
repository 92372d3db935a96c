import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { csvRecords } from '../tax-codes/index.ts';

/**
 * The curated synonym list (packages/db/reference/ai-coding-lexicon.csv): everyday words and brand names
 * the national table never uses (滴滴, 打车, 笔记本电脑, 茅台 …), each pointing at one usable code. It is
 * data, reviewed like data: one row per code with its table name beside it, checked by a test.
 */
export const LEXICON_FILE = fileURLToPath(
  new URL('../../../../../../packages/db/reference/ai-coding-lexicon.csv', import.meta.url),
);

export interface LexiconTerm {
  term: string;
  code: string;
  /** Brands hint at a category less surely than a product word does. */
  kind: 'term' | 'brand';
}

export interface LexiconRow {
  code: string;
  name: string;
  terms: string[];
  brands: string[];
}

export function parseLexicon(text: string): LexiconRow[] {
  const [, ...rows] = csvRecords(text.replace(/^\uFEFF/, ''));
  const split = (s: string | undefined) =>
    (s ?? '')
      .split('|')
      .map((t) => t.trim().toLowerCase())
      .filter(Boolean);
  return rows.map(({ fields }) => ({
    code: fields[0].trim(),
    name: fields[1].trim(),
    terms: split(fields[2]),
    brands: split(fields[3]),
  }));
}

/**
 * Everyday product words written per branch of the table (packages/db/reference/ai-coding-vocabulary.csv:
 * code,name,terms): the long tail the curated lexicon does not reach (生蚝, 密度板, 丙酮 …). Used by the
 * coder only; the tax-code search box keeps the lexicon's aliases.
 */
export const VOCABULARY_FILE = fileURLToPath(
  new URL('../../../../../../packages/db/reference/ai-coding-vocabulary.csv', import.meta.url),
);

let cached: LexiconRow[] | null = null;
export function lexiconRows(): LexiconRow[] {
  cached ??= parseLexicon(readFileSync(LEXICON_FILE, 'utf8'));
  return cached;
}

let vocabulary: LexiconRow[] | null = null;
export function vocabularyRows(): LexiconRow[] {
  vocabulary ??= parseLexicon(readFileSync(VOCABULARY_FILE, 'utf8'));
  return vocabulary;
}

/** What the coder matches: the vocabulary first, so its more specific reading wins a tie over the lexicon. */
export function coderLexicon(): LexiconRow[] {
  return [...vocabularyRows(), ...lexiconRows()];
}

export function lexiconTerms(rows: LexiconRow[] = lexiconRows()): LexiconTerm[] {
  return rows.flatMap((r) => [
    ...r.terms.map((term) => ({ term, code: r.code, kind: 'term' as const })),
    ...r.brands.map((term) => ({ term, code: r.code, kind: 'brand' as const })),
  ]);
}

/** The lexicon's everyday words (not brands) per code: the tax-code tree search matches them too. */
export function lexiconAliases(): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const r of lexiconRows()) map.set(r.code, [...(map.get(r.code) ?? []), ...r.terms]);
  return map;
}
