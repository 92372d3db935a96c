import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { multiWriterTables, settledKnown } from './table-writers.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Tables still written by several modules when the rule arrived (issue 29 §4), each with where it should go.
 * The list only shrinks: a new table with two writers fails, and so does an entry here once it has one writer.
 * Empty now: every table has one writer (the last ones — users, invoices, invoice_lines, system_settings — ask
 * their owner's face).
 */
const KNOWN = {};

describe('each table is written by one module (issue 29 §4)', () => {
  test('no table other than the known ones is written by two modules', () => {
    expect(multiWriterTables(root, KNOWN)).toEqual([]);
  });

  test('every known table still has several writers (remove the entry once it has one)', () => {
    expect(settledKnown(root, KNOWN)).toEqual([]);
  });

  test('the walker finds a second writer and ignores tables not imported from @fpy/db', () => {
    const tmp = mkdtempSync(join(tmpdir(), 'table-writers-'));
    try {
      const put = (path, text) => {
        mkdirSync(dirname(join(tmp, path)), { recursive: true });
        writeFileSync(join(tmp, path), text);
      };
      const m = 'apps/server/src/modules';
      put(
        `${m}/a/one/write.ts`,
        "import { type Db, things } from '@fpy/db';\nawait db.insert(things).values({});",
      );
      put(
        `${m}/a/two/x.ts`,
        "import { things, other } from '@fpy/db';\nawait tx\n  .update(things)\n  .set({});\ndb.delete(other);",
      );
      put(`${m}/b/three/y.ts`, "const key = 1;\nmap.delete(key);\nimport { other } from '@fpy/db';");
      put(`${m}/index.ts`, "import { other } from '@fpy/db';\ndb.insert(other);");
      expect(multiWriterTables(tmp)).toEqual(['things: a/one, a/two']);
      expect(settledKnown(tmp, { other: '', things: '' })).toEqual(['other']);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});
