import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { csvRecords } from '../tax-codes/index.ts';

/**
 * What the national table does not say, kept as reviewed data in packages/db/reference/ (see the README
 * there): which brands make what, which model numbers name a product, which words move a product to
 * another category (鲜活, 加工, 租赁 …) and which units hint at goods or services.
 */
const reference = (file: string) =>
  fileURLToPath(new URL(`../../../../../../packages/db/reference/${file}`, import.meta.url));

export const KNOWLEDGE_FILES = {
  brands: reference('ai-coding-brands.csv'),
  models: reference('ai-coding-models.csv'),
  states: reference('ai-coding-states.csv'),
  units: reference('ai-coding-units.csv'),
  modifiers: reference('ai-coding-modifiers.csv'),
};

const list = (s: string | undefined) =>
  (s ?? '')
    .split('|')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean);

function rowsOf(file: string): string[][] {
  const [, ...rows] = csvRecords(readFileSync(file, 'utf8').replace(/^\uFEFF/, ''));
  return rows.map((r) => r.fields.map((f) => f.trim())).filter((f) => f[0] && !f[0].startsWith('#'));
}

export interface BrandRow {
  /** The brand as written, then other spellings (格力, gree). */
  names: string[];
  code: string;
  /** Words that pick this row among the brand's categories; none = the brand's default category. */
  context: string[];
}

export interface ModelRow {
  pattern: RegExp;
  code: string;
}

/** A word (state or unit) that multiplies the scores of whole branches of the table. */
export interface ShiftRow {
  word: string;
  boost: string[];
  penalize: string[];
  factor: number;
}

export interface Knowledge {
  brands: BrandRow[];
  models: ModelRow[];
  states: ShiftRow[];
  units: ShiftRow[];
  /** Words that describe a product (不锈钢, 商用, 套装 …) rather than name it. */
  modifiers: string[];
  /** Grades (工业级, 食品级, 优等品 …): they never name a product and are read only as state words. */
  grades: string[];
}

const shifts = (file: string): ShiftRow[] =>
  rowsOf(file).map((f) => ({
    word: f[0].toLowerCase(),
    boost: list(f[1]),
    penalize: list(f[2]),
    factor: Number(f[3]) || 1.5,
  }));

export function loadKnowledge(files = KNOWLEDGE_FILES): Knowledge {
  return {
    brands: rowsOf(files.brands).map((f) => ({
      names: [f[0].toLowerCase(), ...list(f[1])],
      code: f[2],
      context: list(f[3]),
    })),
    models: rowsOf(files.models).map((f) => ({ pattern: new RegExp(f[0], 'i'), code: f[1] })),
    states: shifts(files.states),
    units: shifts(files.units),
    modifiers: rowsOf(files.modifiers)
      .filter((f) => f[1] !== 'grade')
      .map((f) => f[0].toLowerCase()),
    grades: rowsOf(files.modifiers)
      .filter((f) => f[1] === 'grade')
      .map((f) => f[0].toLowerCase()),
  };
}

let cached: Knowledge | null = null;
export function knowledge(): Knowledge {
  cached ??= loadKnowledge();
  return cached;
}
