// The import boundaries of architecture.md, as functions that list every crossing (empty = clean).
// - web: a feature (features/<area>/<domain>) never imports another feature; entities/, lib/, crud/ and shell/
//   never import features/ (and lib/, crud/, shell/ not entities/ either: they sit below it); nothing below app/
//   imports app/ (app/ assembles the console from the features, never the other way).
// - web: the server is called only through lib/http.ts with a contract: no string literal starting with /api
//   outside lib/http*, and nobody but lib/http* uses the untyped `http` object.
// - web: public/ and the phone pages (phone/) never import features/ or app/: they ship on their own entries
//   and must not pull the console in. phone/ goes further: it imports only phone/ and packages, and of the
//   console's packages (antd, router, i18next, TanStack Query, zod, the contracts' root) types only.
// - server: a module (modules/<area>/<domain>) imports another module only through its index.ts.
// - server: no two modules import each other (directly, through index.ts or not): a reaction the other way is an
//   event or a registered hook.
// Each function takes the repository root and returns lines `from → to` (paths relative to the root).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const CODE = /\.(ts|tsx|mts)$/;
const TEST = /\.(test|spec|e2e)\.[mc]?tsx?$/;
const posix = (p) => p.split(sep).join('/');

/** Every non-test source file under `dir` (absolute paths). */
export function sourceFiles(dir) {
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules' && e.name !== '__tests__') out.push(...sourceFiles(p));
    } else if (CODE.test(e.name) && !TEST.test(e.name)) out.push(p);
  }
  return out;
}

/** Relative import specifiers of a file: static, re-exports and dynamic `import('…')`. */
export function relativeImports(source) {
  return [...source.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]);
}

/** The file an import points at (with the extension rules of the TypeScript config: explicit, or index). */
export function resolveImport(from, spec) {
  const p = resolve(dirname(from), spec);
  for (const c of [
    p,
    p.replace(/\.js$/, '.ts'),
    `${p}.ts`,
    `${p}.tsx`,
    join(p, 'index.ts'),
    join(p, 'index.tsx'),
  ]) {
    try {
      if (statSync(c).isFile()) return c;
    } catch {}
  }
  return p;
}

/** `base/<area>/<domain>` holding `file`, or null for a file above that depth. */
export function unitOf(base, file) {
  const parts = relative(base, file).split(sep);
  return parts.length > 2 ? join(base, parts[0], parts[1]) : null;
}

/** Each (file, resolved target) pair of relative imports under `dir`. */
function* importsUnder(dir) {
  let files;
  try {
    files = sourceFiles(dir);
  } catch {
    return; // a layer the app does not have (yet)
  }
  for (const file of files) {
    for (const spec of relativeImports(readFileSync(file, 'utf8'))) yield [file, resolveImport(file, spec)];
  }
}

const inside = (dir, file) => file.startsWith(dir + sep);

/** Web: feature → other feature, and lower layers → features/ or app/ (or → entities/ for lib, crud, shell). */
export function webCrossings(repo) {
  const root = resolve(repo);
  const src = join(root, 'apps/web/src');
  const features = join(src, 'features');
  const entities = join(src, 'entities');
  const hits = [];
  const line = (f, t) => `${posix(relative(root, f))} → ${posix(relative(root, t))}`;
  for (const [file, target] of importsUnder(features)) {
    if (!inside(features, target)) continue;
    const from = unitOf(features, file);
    const to = unitOf(features, target);
    if (from !== to) hits.push(line(file, target));
  }
  const app = join(src, 'app');
  const below = [
    ['features', [app]],
    ['entities', [features, app]],
    ['lib', [features, entities, app]],
    ['crud', [features, entities, app]],
    ['shell', [features, entities, app]],
  ];
  for (const [layer, banned] of below) {
    for (const [file, target] of importsUnder(join(src, layer))) {
      if (banned.some((dir) => inside(dir, target))) hits.push(line(file, target));
    }
  }
  return hits;
}

/** Web: public/ and the phone pages (phone/: the kit and each family) never import features/ or app/. */
export function webPublicCrossings(repo) {
  const root = resolve(repo);
  const src = join(root, 'apps/web/src');
  const banned = [join(src, 'features'), join(src, 'app')];
  const hits = [];
  for (const layer of ['public', 'phone']) {
    for (const [file, target] of importsUnder(join(src, layer))) {
      if (banned.some((dir) => inside(dir, target))) {
        hits.push(`${posix(relative(root, file))} → ${posix(relative(root, target))}`);
      }
    }
  }
  return hits;
}

/** Packages a phone page may import only as types: the console's weight (bundle budget of phone/README.md). */
const CONSOLE_PACKAGES =
  /^(antd|@ant-design\/|react-router|i18next|react-i18next|@tanstack\/|zod$|@fpy\/contracts$)/;

/**
 * Web: the phone pages import only phone/ (their kit and their own family) and packages; a console package
 * (CONSOLE_PACKAGES) only with `import type`. Lines `from → to` or `from → package (value import)`.
 */
export function webPhoneCrossings(repo) {
  const root = resolve(repo);
  const src = join(root, 'apps/web/src');
  const phone = join(src, 'phone');
  const hits = [];
  for (const [file, target] of importsUnder(phone)) {
    if (!inside(phone, target))
      hits.push(`${posix(relative(root, file))} → ${posix(relative(root, target))}`);
  }
  let files;
  try {
    files = sourceFiles(phone);
  } catch {
    return hits;
  }
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(
      /\b(import|export)\s+(type\s+)?(?:[^'";]*?\bfrom\s*)?['"]([^'".][^'"]*)['"]/g,
    )) {
      if (!m[2] && CONSOLE_PACKAGES.test(m[3])) {
        hits.push(`${posix(relative(root, file))} → ${m[3]} (value import)`);
      }
    }
    for (const m of text.matchAll(/\bimport\s*\(\s*['"]([^'".][^'"]*)['"]/g)) {
      if (CONSOLE_PACKAGES.test(m[1])) hits.push(`${posix(relative(root, file))} → ${m[1]} (value import)`);
    }
  }
  return hits;
}

/**
 * Web: hand-written server addresses. A string literal (quote or backtick) starting with /api anywhere in
 * apps/web/src outside lib/http*, and any use of the untyped `http` object outside lib/http*. Non-API
 * addresses (/uploads/ images, public pages) do not start with /api and pass.
 */
export function webHandWrittenCalls(repo) {
  const root = resolve(repo);
  const src = join(root, 'apps/web/src');
  const hits = [];
  for (const file of sourceFiles(src)) {
    const rel = posix(relative(src, file));
    if (/^lib\/http[^/]*$/.test(rel)) continue;
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((text, i) => {
      const at = `apps/web/src/${rel}:${i + 1}`;
      if (/(['"`])\/api(?=[/'"`?$]|$)/.test(text)) hits.push(`${at} hand-written /api address`);
      if (/\bhttp\.(get|post|put|patch|delete)\s*[<(]/.test(text)) hits.push(`${at} untyped http.* call`);
    });
  }
  return hits;
}

/** Server: a module importing another module's files other than its index.ts. */
export function serverCrossings(repo) {
  const root = resolve(repo);
  const modules = join(root, 'apps/server/src/modules');
  const hits = [];
  for (const [file, target] of importsUnder(modules)) {
    if (!inside(modules, target)) continue;
    const from = unitOf(modules, file);
    const to = unitOf(modules, target);
    if (!to || from === to) continue;
    if (/^index\.tsx?$/.test(relative(to, target))) continue;
    hits.push(`${posix(relative(root, file))} → ${posix(relative(root, target))}`);
  }
  return hits;
}

/**
 * Server: pairs of modules that import each other (any file of one → any file of the other, type imports too).
 * One line per pair, `a ⇄ b` with the two folders in sorted order; `apps/server/src/modules` is the registry.
 */
export function serverTwoWayPairs(repo) {
  const root = resolve(repo);
  const modules = join(root, 'apps/server/src/modules');
  const edges = new Set();
  for (const [file, target] of importsUnder(modules)) {
    if (!inside(modules, target)) continue;
    // Files directly under modules/ (the registry index.ts, shared types) count as one unit of their own: the
    // registry imports every module, so a module importing it back is a circle too.
    const from = unitOf(modules, file) ?? modules;
    const to = unitOf(modules, target) ?? modules;
    if (from === to) continue;
    edges.add(`${posix(relative(root, from))}\0${posix(relative(root, to))}`);
  }
  const pairs = [];
  for (const edge of edges) {
    const [a, b] = edge.split('\0');
    if (a < b && edges.has(`${b}\0${a}`)) pairs.push(`${a} ⇄ ${b}`);
  }
  return pairs.sort();
}
