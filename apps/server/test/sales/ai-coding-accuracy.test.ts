import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Coder } from '../../src/modules/sales/ai-coding/coder.ts';
import { Catalog } from '../../src/modules/sales/tax-codes/catalog.ts';
import { referenceRows } from '../../src/modules/sales/tax-codes/reference.ts';
import { csvRecords } from '../../src/modules/sales/tax-codes/table-file.ts';

// Accuracy floors of the AI coder (智能赋码) on the two frozen sets nobody tunes on: the old independent test set
// (ai-coding-labelled/test.csv) and the held-out set of issue 28 §8 (holdout.csv, names written before the coder
// ran on them). Only aggregates are asserted, never a name. A change that lowers either below its floor fails
// here; raising a floor is fine, lowering one needs a reason in the ai-coding README.
const coder = new Coder(new Catalog(referenceRows()));

function labelled(file: string) {
  const text = readFileSync(new URL(`../../../../packages/db/reference/${file}`, import.meta.url), 'utf8');
  return csvRecords(text)
    .slice(1)
    .map(({ fields }) => ({ name: fields[0], codes: fields[1].split('|') }));
}

/** top-1 and top-3 in %, and the 需复核 flag as a detector of top-1 misses. */
function score(set: { name: string; codes: string[] }[]) {
  let top1 = 0;
  let top3 = 0;
  let flagged = 0;
  let flaggedMisses = 0;
  for (const { name, codes } of set) {
    const r = coder.suggest(name);
    const got = r.suggestions.map((s) => s.code);
    const right = codes.includes(got[0]);
    if (right) top1++;
    if (got.some((c) => codes.includes(c))) top3++;
    if (r.lowConfidence) {
      flagged++;
      if (!right) flaggedMisses++;
    }
  }
  const misses = set.length - top1;
  return {
    top1: (100 * top1) / set.length,
    top3: (100 * top3) / set.length,
    /** Share of top-1 misses the flag catches, and share of flagged names that are misses. */
    recall: misses ? (100 * flaggedMisses) / misses : 100,
    precision: flagged ? (100 * flaggedMisses) / flagged : 100,
    flagged: (100 * flagged) / set.length,
  };
}

describe('AI coding accuracy on the frozen sets', () => {
  it('holds the old independent test set (test.csv) at its figures: top-1 ≥ 88 %, top-3 ≥ 95 %', () => {
    const s = score(labelled('ai-coding-labelled/test.csv'));
    expect(s.top1).toBeGreaterThanOrEqual(88);
    expect(s.top3).toBeGreaterThanOrEqual(95);
  });

  it('reaches the goal on the held-out set (holdout.csv): top-1 ≥ 85 %, top-3 ≥ 95 %', () => {
    const s = score(labelled('ai-coding-labelled/holdout.csv'));
    expect(s.top1).toBeGreaterThanOrEqual(85);
    expect(s.top3).toBeGreaterThanOrEqual(95);
  });

  // The 需复核 flag as a detector of wrong top answers on names the coder never saw: its model and bar were fitted
  // on the tuning names only (confidence.ts). Reached when set: recall 62.5 %, precision 27.3 %, 19.9 % of names
  // flagged; the floors leave a margin of about one name. The old bar caught 29 % of the misses.
  it('flags most top-1 misses of the held-out set for review, in a modest share of its names', () => {
    const s = score(labelled('ai-coding-labelled/holdout.csv'));
    expect(s.recall).toBeGreaterThanOrEqual(58);
    expect(s.precision).toBeGreaterThanOrEqual(24);
    expect(s.flagged).toBeLessThanOrEqual(25);
  });
});
