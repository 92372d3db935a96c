import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Guards the independent labelled set for the AI tax-code suggester (reference/ai-coding-labelled/).
// It re-derives every fact from the shipped code table, so a table update or a hand edit that breaks a
// label, the split or the coverage fails here instead of silently skewing reported scores.

const referenceDir = fileURLToPath(new URL('../reference/', import.meta.url));

/** RFC 4180 reader: quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

function readRecords(path: string): Record<string, string>[] {
  const [header, ...body] = parseCsv(readFileSync(path, 'utf8'));
  return body.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i] ?? ''])));
}

interface TableRow {
  code: string;
  name: string;
  parent: string;
  level: number;
  leaf: boolean;
}

const table = new Map<string, TableRow>(
  readRecords(`${referenceDir}tax-classification-codes.csv`).map((r) => [
    r.code,
    { code: r.code, name: r.name, parent: r.parent_code, level: Number(r.level), leaf: r.is_leaf === 'true' },
  ]),
);

function levelTwoOf(code: string): string {
  let row = table.get(code);
  while (row && row.level > 2) row = table.get(row.parent);
  if (row?.level !== 2) throw new Error(`no level-2 ancestor for ${code}`);
  return row.code;
}

const labelledDir = `${referenceDir}ai-coding-labelled/`;
const files = { tune: `${labelledDir}tune.csv`, test: `${labelledDir}test.csv` } as const;
const sets = {
  tune: readRecords(files.tune),
  test: readRecords(files.test),
};
const all = [...sets.tune, ...sets.test];

/** The frozen split rule: first byte of sha1(UTF-8 name) below 102 (about 40 %) goes to tune. */
function splitOf(name: string): 'tune' | 'test' {
  return createHash('sha1').update(name, 'utf8').digest()[0] < 102 ? 'tune' : 'test';
}

describe('AI-coding labelled evaluation set', () => {
  it('has the agreed header in both files', () => {
    for (const path of Object.values(files)) {
      expect(parseCsv(readFileSync(path, 'utf8'))[0]).toEqual(['name', 'code', 'code_name']);
    }
  });

  it('holds at least 1,500 names', () => {
    expect(all.length).toBeGreaterThanOrEqual(1500);
  });

  it('labels every name with an existing leaf code whose table name matches code_name', () => {
    const bad = all.filter((r) => {
      const row = table.get(r.code);
      return !row?.leaf || row.name !== r.code_name;
    });
    expect(bad).toEqual([]);
  });

  it('has clean, unique names across both files', () => {
    const names = all.map((r) => r.name);
    expect(names.filter((n) => n.trim() !== n || n === '' || /[\r\n]/.test(n))).toEqual([]);
    const dupes = names.filter((n, i) => names.indexOf(n) !== i);
    expect(dupes).toEqual([]);
  });

  it('places every name in the file the hash rule says', () => {
    for (const key of ['tune', 'test'] as const) {
      const misplaced = sets[key].filter((r) => splitOf(r.name) !== key).map((r) => r.name);
      expect(misplaced, `${key}.csv`).toEqual([]);
    }
  });

  it('covers every level-2 category that has leaves with at least one test name', () => {
    const categories = new Set([...table.values()].filter((r) => r.leaf).map((r) => levelTwoOf(r.code)));
    const covered = new Set(sets.test.map((r) => levelTwoOf(r.code)));
    const missing = [...categories].filter((c) => !covered.has(c)).map((c) => `${c} ${table.get(c)?.name}`);
    expect(missing).toEqual([]);
  });
});

// The held-out set of 2026-11-28 (ai-coding-labelled/holdout.csv): written and labelled before the coder was run on
// it, frozen, never tuned on. A name may carry several defensible leaves (`|`-separated, the first the likeliest).
describe('AI-coding held-out set (holdout.csv)', () => {
  const holdout = readRecords(`${labelledDir}holdout.csv`);
  const GROUPS = ['branded', 'furniture', 'professional', 'idc-telecom', 'textiles', 'ordinary'];

  it('has the agreed header and at least 250 names in every group it names', () => {
    expect(parseCsv(readFileSync(`${labelledDir}holdout.csv`, 'utf8'))[0]).toEqual([
      'name',
      'code',
      'code_name',
      'group',
    ]);
    expect(holdout.length).toBeGreaterThanOrEqual(250);
    expect(holdout.filter((r) => !GROUPS.includes(r.group))).toEqual([]);
  });

  it('labels every name with existing leaf codes whose table names match code_name', () => {
    const bad = holdout.filter((r) => {
      const codes = r.code.split('|');
      const names = r.code_name.split('|');
      return (
        codes.length !== names.length ||
        codes.some((c, i) => !table.get(c)?.leaf || table.get(c)?.name !== names[i])
      );
    });
    expect(bad).toEqual([]);
  });

  it('shares no name with the other labelled sets and holds each name once', () => {
    const names = holdout.map((r) => r.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    const others = new Set(all.map((r) => r.name));
    expect(names.filter((n) => others.has(n))).toEqual([]);
  });
});
