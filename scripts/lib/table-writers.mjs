// Issue 29 §4: each table is written by one module. A server module (modules/<area>/<domain>) writes a table
// when one of its files calls .insert(t), .update(t) or .delete(t) with a table it imports from @fpy/db; the
// others ask through the owner's index.ts. Tests and seeds outside modules/ are not counted.
import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { sourceFiles } from './boundaries.mjs';

const DB_IMPORT = /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@fpy\/db'/g;
const WRITE = /\.(insert|update|delete)\(\s*(\w+)\s*\)/g;

/** Names a file imports (as values) from @fpy/db. */
function dbNames(source) {
  const names = new Set();
  for (const m of source.matchAll(DB_IMPORT))
    for (const part of m[1].split(',')) {
      const name = part.trim();
      if (name && !name.startsWith('type ')) names.add(name.split(/\s+as\s+/).pop());
    }
  return names;
}

/** table → modules writing it, for every module under apps/server/src/modules. */
export function tableWriters(repo) {
  const base = join(repo, 'apps/server/src/modules');
  const writers = new Map();
  for (const file of sourceFiles(base)) {
    const parts = relative(base, file).split(sep);
    if (parts.length < 3) continue; // the registry and shared types directly under modules/
    const module = `${parts[0]}/${parts[1]}`;
    const source = readFileSync(file, 'utf8');
    const tables = dbNames(source);
    for (const m of source.matchAll(WRITE)) {
      if (!tables.has(m[2])) continue;
      if (!writers.has(m[2])) writers.set(m[2], new Set());
      writers.get(m[2]).add(module);
    }
  }
  return writers;
}

/** Tables written by more than one module: `table: moduleA, moduleB` (sorted), minus the ones `known`. */
export function multiWriterTables(repo, known = {}) {
  return [...tableWriters(repo)]
    .filter(([table, mods]) => mods.size > 1 && !(table in known))
    .map(([table, mods]) => `${table}: ${[...mods].sort().join(', ')}`)
    .sort();
}

/** Entries of `known` whose table has one writer now: the list only shrinks, so they must go. */
export function settledKnown(repo, known) {
  const writers = tableWriters(repo);
  return Object.keys(known).filter((t) => (writers.get(t)?.size ?? 0) <= 1);
}
