// AI-assisted coding quality and speed, in process (no server): top-1/top-3 accuracy on the labelled
// evaluation set, names coded per second, and the p95 of a tree search over the full table.
import { readFileSync } from 'node:fs';
import { Coder } from '../../apps/server/src/modules/sales/ai-coding/coder.ts';
import { Catalog } from '../../apps/server/src/modules/sales/tax-codes/catalog.ts';
import { referenceRows } from '../../apps/server/src/modules/sales/tax-codes/reference.ts';
import { lexiconAliases as aliasMap } from '../../apps/server/src/modules/sales/ai-coding/lexicon.ts';
import { csvRecords } from '../../apps/server/src/modules/sales/tax-codes/table-file.ts';

const reference = (file: string) => new URL(`../../packages/db/reference/${file}`, import.meta.url);

/** name,code,code_name rows of a labelled set. */
export function labelledSet(file: 'ai-coding-eval.csv' | 'ai-coding-dev.csv') {
  return csvRecords(readFileSync(reference(file), 'utf8'))
    .slice(1)
    .map(({ fields }) => ({ name: fields[0], code: fields[1] }));
}

export function accuracy(coder: Coder, set: { name: string; code: string }[]) {
  let top1 = 0;
  let top3 = 0;
  const misses: string[] = [];
  for (const { name, code } of set) {
    const codes = coder.suggest(name).suggestions.map((s) => s.code);
    if (codes[0] === code) top1++;
    if (codes.includes(code)) top3++;
    else misses.push(`${name} → ${codes[0] ?? '-'} (want ${code})`);
  }
  return { top1: top1 / set.length, top3: top3 / set.length, misses };
}

const SEARCHES = [
  'bjbdn',
  '笔记本',
  '1090509',
  '餐饮',
  '软件',
  'jsj',
  '咨询服务',
  '109',
  '大米',
  'cyfw',
  '运输',
  '手机',
];

export async function benchAiCoding(): Promise<{
  top1: number;
  top3: number;
  namesPerSecond: number;
  treeSearchP95Ms: number;
  devTop1: number;
  devTop3: number;
}> {
  const catalog = new Catalog(referenceRows(), 0, aliasMap());
  const coder = new Coder(catalog);
  const evaluation = accuracy(coder, labelledSet('ai-coding-eval.csv'));
  const dev = accuracy(coder, labelledSet('ai-coding-dev.csv'));

  const names = labelledSet('ai-coding-eval.csv').map((r) => r.name);
  for (const n of names) coder.suggest(n); // warm the JIT
  let coded = 0;
  const t0 = performance.now();
  for (let round = 0; round < 5; round++)
    for (const n of names) {
      coder.suggest(n);
      coded++;
    }
  const namesPerSecond = Math.round(coded / ((performance.now() - t0) / 1000));

  const times: number[] = [];
  for (let round = 0; round < 20; round++)
    for (const q of SEARCHES) {
      const t = performance.now();
      catalog.search(q);
      times.push(performance.now() - t);
    }
  times.sort((a, b) => a - b);
  const treeSearchP95Ms = Math.round(times[Math.floor(times.length * 0.95)] * 100) / 100;

  return {
    top1: Math.round(evaluation.top1 * 1000) / 10,
    top3: Math.round(evaluation.top3 * 1000) / 10,
    namesPerSecond,
    treeSearchP95Ms,
    devTop1: Math.round(dev.top1 * 1000) / 10,
    devTop3: Math.round(dev.top3 * 1000) / 10,
  };
}

// `node --import tsx scripts/bench/ai-coding.ts [--misses]` prints the figures on its own.
if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await benchAiCoding());
  if (process.argv.includes('--misses')) {
    const catalog = new Catalog(referenceRows(), 0, aliasMap());
    const coder = new Coder(catalog);
    const set = process.argv.includes('--eval') ? 'ai-coding-eval.csv' : 'ai-coding-dev.csv';
    for (const m of accuracy(coder, labelledSet(set)).misses) console.log(m);
  }
}
