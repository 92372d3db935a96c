// Decides whether apps/web/dist is older than its sources, by a hash of every input file.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const inputs = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/vite',
  'apps/web/package.json',
  'apps/web/public',
  'packages/domain/src',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'packages/resources/src',
];
const stampFile = join(root, 'apps/web/dist/.source-hash');

function walk(p, out) {
  if (!existsSync(p)) return;
  if (statSync(p).isDirectory()) {
    for (const n of readdirSync(p).sort()) if (n !== 'node_modules') walk(join(p, n), out);
  } else out.push(p);
}

export function sourceHash() {
  const files = [];
  for (const i of inputs) walk(join(root, i), files);
  const h = createHash('sha256');
  for (const f of files) h.update(f.slice(root.length)).update(readFileSync(f));
  return h.digest('hex');
}

export function webBuildIsStale() {
  if (!existsSync(join(root, 'apps/web/dist/index.html')) || !existsSync(stampFile)) return true;
  return readFileSync(stampFile, 'utf8').trim() !== sourceHash();
}

export function recordWebBuild() {
  writeFileSync(stampFile, sourceHash());
}
